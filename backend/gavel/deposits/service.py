"""Deposits and buying power: choosing a security plan issues a deposit invoice; the plan's buying power comes
once the deposit is paid and verified, and is held only while the deposit is."""

from datetime import datetime, timedelta
from decimal import ROUND_DOWN, Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.business.service import business_service
from gavel.core import repository as counters
from gavel.core.clock import dubai_date
from gavel.deposits import repository
from gavel.invoices import totals
from gavel.invoices.calculation import ZERO, LineDraft, money
from gavel.invoices.models import Invoice
from gavel.invoices.service import invoice_service, member_name
from gavel.ledger.service import ledger_service
from gavel.members.models import Member
from gavel.plans.models import SecurityPlan


def required_deposit(plan: SecurityPlan | None) -> Decimal:
    """What a plan's deposit is: its price after discount."""
    if plan is None:
        return ZERO
    return money(plan.amount_after_discount if plan.amount_after_discount is not None else plan.plan_amount)


def plan_buying_power(plan: SecurityPlan | None, held: Decimal) -> Decimal:
    """The plan's buying power while its whole deposit is held; in proportion when part of it was used."""
    if plan is None:
        return ZERO
    required = required_deposit(plan)
    if required <= 0 or held >= required:
        return money(plan.buying_power)
    share = (plan.buying_power * held / required).quantize(Decimal("0.01"), rounding=ROUND_DOWN)
    return max(share, ZERO)


class DepositService:
    def refresh_buying_power(self, member: Member) -> None:
        member.buying_power = plan_buying_power(member.security_plan, member.deposit_held)

    async def choose_plan(
        self, session: AsyncSession, member: Member, plan: SecurityPlan | None, actor: Actor, now: datetime
    ) -> Invoice | None:
        """A new plan: unpaid deposit invoices of the old one are cancelled; a deposit invoice is issued for
        what the new plan needs beyond the deposit held. A smaller plan leaves the excess held until a refund
        is requested. Answers the deposit invoice issued, if any."""
        member.security_plan_id = plan.id if plan else None
        member.security_plan = plan
        for stale in await repository.open_deposit_invoices(session, member.id):
            if (
                stale.plan_id != (plan.id if plan else None)
                and stale.paid_amount == 0
                and stale.pending_amount == 0
            ):
                await invoice_service.credit(session, stale, "The member changed security plan.", now, actor)
        self.refresh_buying_power(member)
        if plan is None:
            return None
        waiting = sum(
            (i.total - i.paid_amount for i in await repository.open_deposit_invoices(session, member.id)),
            ZERO,
        )
        missing = money(required_deposit(plan) - member.deposit_held - waiting)
        if missing <= 0:
            return None
        return await self._issue(session, member, plan, missing, actor, now)

    async def _issue(
        self,
        session: AsyncSession,
        member: Member,
        plan: SecurityPlan,
        amount: Decimal,
        actor: Actor,
        now: datetime,
    ) -> Invoice:
        business = await business_service.get(session)
        year = dubai_date(now).year
        n = await counters.next_number(session, f"deposit-{year}", start=1)
        invoice = Invoice(
            number=f"{business.invoice_prefix}-D-{year}-{n:06d}",
            kind="deposit",
            status="unpaid",
            member_id=member.id,
            plan_id=plan.id,
            issued_at=now,
            due_at=now + timedelta(hours=business.payment_window_hours),
            paid_amount=ZERO,
            pending_amount=ZERO,
            buyer_name=member_name(member),
            buyer_trn=member.trn,
            business_name=business.legal_name,
            business_trn=business.trn,
            business_address=business.address,
            business_phone=business.phone,
            lines=[],
        )
        invoice_service.add_lines(
            invoice,
            [
                LineDraft(
                    kind="deposit",
                    description=f"Security deposit: {plan.name} plan (refundable; not subject to VAT)",
                    quantity=1,
                    unit_amount=amount,
                    vat_rate=ZERO,
                )
            ],
        )
        invoice.search_text = " | ".join(v.lower() for v in (invoice.number, invoice.buyer_name) if v)
        session.add(invoice)
        await session.flush()
        await totals.move(session, "invoice", None, invoice.status, ZERO, invoice.total)
        await ledger_service.post(
            session,
            member_id=member.id,
            at=now,
            kind="invoice",
            description=f"Deposit invoice {invoice.number}: {plan.name} plan",
            owes_us=invoice.total,
            invoice_id=invoice.id,
        )
        await record_change(
            session,
            actor,
            "deposit.invoiced",
            "member",
            member.id,
            new={"invoice": invoice.number, "amount": amount},
        )
        return invoice

    async def deposit_paid(self, session: AsyncSession, invoice: Invoice, now: datetime) -> None:
        """A deposit invoice is paid: the deposit is held, and with it the plan's buying power."""
        await ledger_service.post(
            session,
            member_id=invoice.member_id,
            at=now,
            kind="deposit",
            description=f"Deposit held: {invoice.number}",
            deposit=invoice.total,
            invoice_id=invoice.id,
        )
        member = await session.get_one(Member, invoice.member_id)
        self.refresh_buying_power(member)

    async def available(
        self, session: AsyncSession, member: Member, owed: Decimal
    ) -> tuple[Decimal, Invoice | None]:
        """Buying power available: the plan's while the deposit is held, less unpaid purchases; none while an
        invoice of theirs is overdue (answered with it)."""
        overdue = await repository.overdue_invoice(session, member.id)
        if overdue is not None:
            return ZERO, overdue
        return max(money(member.buying_power - owed), ZERO), None


deposit_service = DepositService()
