"""How payouts react to what happens below them: a sale's invoice paid issues the seller's settlement, and a
smaller security plan chosen with the refund asked for refunds the deposit beyond it (gavel.core.events;
connected by gavel.wiring)."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core import events
from gavel.deposits import repository as deposits
from gavel.members.buying_power import required_deposit
from gavel.members.events import SecurityPlanChosen
from gavel.payments.events import InvoicePaid
from gavel.payments.schemas import OutboundMethod, RefundKind, RefundRequest
from gavel.payouts.service import payout_service


async def invoice_paid(session: AsyncSession, event: InvoicePaid) -> None:
    if event.invoice.kind == "invoice" and event.vehicle is not None:
        await payout_service.issue_settlement(session, event.invoice, event.vehicle, event.actor, event.at)


async def security_plan_chosen(session: AsyncSession, event: SecurityPlanChosen) -> None:
    """A smaller plan (or none) needs less deposit: when staff ask for it, what is held beyond it is refunded,
    asked for at once and completed by another staff user under Outbound. While something is still owed it
    stays held (a deposit is refunded only when nothing is owed), and a refund is requested from the member's
    page later."""
    member, plan = event.member, event.plan
    if not event.refund_excess:
        return
    excess = member.deposit_held - required_deposit(plan)
    if excess <= 0 or await deposits.open_invoices(session, member.id):
        return
    before = plan.name if plan else "no plan"
    await payout_service.request_refund(
        session,
        RefundRequest(
            member_id=member.id,
            refund_kind=RefundKind.DEPOSIT,
            refunded_amount=excess,
            refund_method=OutboundMethod.BANK_TRANSFER if member.bank_iban else OutboundMethod.CHEQUE,
            refund_reason=f"Security plan changed to {before}: the deposit beyond what it needs.",
        ),
        event.actor,
        event.at,
    )


def connect() -> None:
    events.subscribe(InvoicePaid, invoice_paid)
    events.subscribe(SecurityPlanChosen, security_plan_chosen)
