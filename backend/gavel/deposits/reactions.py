"""How deposits react to what happens below them: a security plan chosen has its deposit invoiced, and a
deposit invoice paid has its deposit held (gavel.core.events; connected by gavel.wiring)."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core import events
from gavel.deposits.service import deposit_service
from gavel.members.events import SecurityPlanChosen
from gavel.payments.events import InvoicePaid


async def security_plan_chosen(session: AsyncSession, event: SecurityPlanChosen) -> None:
    await deposit_service.choose_plan(session, event.member, event.plan, event.actor, event.at)


async def invoice_paid(session: AsyncSession, event: InvoicePaid) -> None:
    if event.invoice.kind == "deposit":
        await deposit_service.deposit_paid(session, event.invoice, event.at)


def connect() -> None:
    events.subscribe(SecurityPlanChosen, security_plan_chosen)
    events.subscribe(InvoicePaid, invoice_paid)
