"""Deposits and buying power: choosing a security plan issues a deposit invoice; the plan's buying power comes
once the deposit is paid and verified, and is held only while the deposit is."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.business.service import business_service
from gavel.core import events
from gavel.core import repository as counters
from gavel.core.clock import dubai_date
from gavel.deposits import repository
from gavel.deposits.events import SaleCancelledForDefault
from gavel.errors import Conflict, NotFound
from gavel.invoices import repository as invoices
from gavel.invoices import totals
from gavel.invoices.calculation import ZERO, LineDraft, band_holds, money
from gavel.invoices.models import Invoice
from gavel.invoices.service import aed, invoice_service, state_of
from gavel.ledger import repository as ledgers
from gavel.ledger.service import ledger_service
from gavel.members.buying_power import refresh_buying_power, required_deposit
from gavel.members.models import Member
from gavel.payments.models import Payment
from gavel.plans.models import SecurityPlan
from gavel.vehicles.models import Vehicle
from gavel.vehicles.options import GatePass as GateStep
from gavel.vehicles.options import VehicleStatus


class DepositService:
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
        refresh_buying_power(member)
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
            lines=[],
        )
        invoice_service.copy_parties(invoice, business, member=member)
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
        refresh_buying_power(member)

    async def available(
        self, session: AsyncSession, member: Member, owed: Decimal
    ) -> tuple[Decimal, Invoice | None]:
        """Buying power available: the plan's while the deposit is held, less unpaid purchases; none while an
        invoice of theirs is overdue (answered with it)."""
        overdue = await repository.overdue_invoice(session, member.id)
        if overdue is not None:
            return ZERO, overdue
        return self.available_besides_overdue(member.buying_power, owed), None

    @staticmethod
    def available_besides_overdue(buying_power: Decimal, owed: Decimal) -> Decimal:
        """The buying power available when no invoice of theirs is overdue: the member's (the plan's while
        the deposit is held) less unpaid purchases."""
        return max(money(buying_power - owed), ZERO)


deposit_service = DepositService()


# ---------------------------------------------------------------------------------------- buying power


@dataclass(frozen=True)
class BuyingPowerBreakdown:
    """Why a member may bid what they may: the plan, the deposit held, what they bought and did not pay,
    an overdue invoice, and the figure recording a sale checks."""

    member: Member
    plan: SecurityPlan | None
    required_deposit: Decimal
    deposit_held: Decimal
    plan_buying_power: Decimal
    unpaid_purchases: Decimal
    overdue: Invoice | None
    available: Decimal


async def buying_power_of(session: AsyncSession, member: Member) -> BuyingPowerBreakdown:
    owed = await invoices.unpaid_purchases(session, member.id)
    available, overdue = await deposit_service.available(session, member, owed)
    plan = member.security_plan
    return BuyingPowerBreakdown(
        member=member,
        plan=plan,
        required_deposit=required_deposit(plan),
        deposit_held=member.deposit_held,
        plan_buying_power=member.buying_power,
        unpaid_purchases=money(owed),
        overdue=overdue,
        available=available,
    )


# ---------------------------------------------------------------------------------------- default


def _day(moment: datetime) -> str:
    return dubai_date(moment).strftime("%d/%m/%Y")


@dataclass(frozen=True)
class DefaultCancelled:
    invoice: Invoice
    credit_note: Invoice
    penalty: Invoice | None
    taken: Decimal
    buyer: Member
    vehicle: Vehicle


class DefaultService:
    """Cancelling a sale whose buyer defaulted: overdue for the days of Business settings, nothing waiting
    for verification, the vehicle not collected. The invoice gets its credit note (a part already paid stays
    the buyer's, as a credit), the vehicle goes back to the approved unassigned vehicles (its run stays as
    history) and the penalty is taken from the buyer's deposit."""

    async def _check(
        self, session: AsyncSession, invoice: Invoice, vehicle: Vehicle | None, now: datetime
    ) -> None:
        if invoice.kind != "invoice" or vehicle is None:
            raise Conflict(
                f"{invoice.number} is not a sale's tax invoice; only a sale is cancelled for default."
            )
        if invoice.status == "cancelled":
            raise Conflict(
                f"{invoice.number} was already cancelled; the sale of Lot {invoice.vehicle_lot_number} is "
                "undone and its penalty, if any, was collected then."
            )
        if state_of(invoice, now) == "paid":
            raise Conflict(f"{invoice.number} is paid; a paid sale is not cancelled for default.")
        if invoice.pending_amount > 0:
            raise Conflict(
                f"{invoice.number} has payments waiting for verification "
                f"({aed(money(invoice.pending_amount))}); verify or reject them before cancelling the sale "
                "for default."
            )
        if vehicle.gate_pass_status == GateStep.PICKED_UP or vehicle.is_released:
            raise Conflict(
                f"Lot {vehicle.vehicle_lot_number} was already collected; its sale can no longer be "
                "cancelled."
            )
        business = await business_service.get(session)
        wait = business.default_after_days
        if invoice.due_at is None or state_of(invoice, now) != "overdue":
            due = f" (due {_day(invoice.due_at)})" if invoice.due_at else ""
            raise Conflict(
                f"{invoice.number} is not overdue{due}; a sale is cancelled for default once its invoice is "
                f"{wait} days overdue."
            )
        days = (dubai_date(now) - dubai_date(invoice.due_at)).days
        if days < wait:
            allowed = dubai_date(invoice.due_at) + timedelta(days=wait)
            raise Conflict(
                f"{invoice.number} is {days} day{'' if days == 1 else 's'} overdue; a sale is cancelled for "
                f"default once its invoice is {wait} days overdue, from {allowed.strftime('%d/%m/%Y')}."
            )

    async def cancel_for_default(
        self, session: AsyncSession, invoice_id: str, reason: str, actor: Actor, now: datetime
    ) -> DefaultCancelled:
        # The invoice's row lock makes the cancellation take turns with payments recorded against it and
        # with a second cancellation (which then finds it cancelled).
        invoice = await invoice_service.get(session, invoice_id, lock=True)
        vehicle = await session.get(Vehicle, invoice.vehicle_id) if invoice.vehicle_id else None
        await self._check(session, invoice, vehicle, now)
        assert vehicle is not None
        buyer = await session.get_one(Member, invoice.member_id)
        before = {
            "status": vehicle.status,
            "buyer": vehicle.buyer_member_id,
            "soldFor": vehicle.sold_for,
            "event": vehicle.event_id,
        }
        # What the buyer paid of it stays theirs, as a credit a refund of the cancelled sale gives back.
        note = await invoice_service.credit(
            session, invoice, f"Sale cancelled: the buyer defaulted. {reason}", now, actor, keep_payments=True
        )
        price = vehicle.sold_for or ZERO
        vehicle.status = VehicleStatus.APPROVED.value
        vehicle.status_changed_at = now
        vehicle.status_reason = None
        vehicle.sold_for = None
        vehicle.buyer = None
        vehicle.is_paid = False
        vehicle.gate_pass_status = GateStep.PENDING.value
        vehicle.auction_id = None
        vehicle.auction_date = None
        vehicle.event_id = None
        vehicle.event_date = None
        # The run that sold it stays as the history of the sale (auctions).
        await events.publish(session, SaleCancelledForDefault(invoice, vehicle, now))
        await session.flush()
        await record_change(
            session,
            actor,
            "vehicle.sale_defaulted",
            "vehicle",
            vehicle.id,
            old=before,
            new={"status": vehicle.status, "buyer": None, "soldFor": None, "event": None, "reason": reason},
        )
        penalty, taken = await self._penalty(session, invoice, buyer, vehicle, price, actor, now)
        return DefaultCancelled(
            invoice=invoice, credit_note=note, penalty=penalty, taken=taken, buyer=buyer, vehicle=vehicle
        )

    async def _penalty(
        self,
        session: AsyncSession,
        sale: Invoice,
        buyer: Member,
        vehicle: Vehicle,
        price: Decimal,
        actor: Actor,
        now: datetime,
    ) -> tuple[Invoice | None, Decimal]:
        """The penalty invoice (the active buyer `defaultPenalty` charge whose band holds the price, with VAT
        like every fee), paid from the deposit as far as it goes; what the deposit does not cover stays
        owed."""
        charges = await invoices.active_buyer_charges(session, ["defaultPenalty"])
        charge = next((c for c in charges if band_holds(c, price)), None)
        if charge is None:
            return None, ZERO
        business = await business_service.get(session)
        year = dubai_date(now).year
        n = await counters.next_number(session, f"penalty-{year}", start=1)
        penalty = Invoice(
            number=f"{business.invoice_prefix}-P-{year}-{n:06d}",
            kind="penalty",
            status="unpaid",
            member_id=buyer.id,
            # No vehicle_id: the clock claims invoices through their vehicle for storage, and a penalty has
            # none. The lot, VIN and title are copied for the document.
            issued_at=now,
            due_at=now + timedelta(hours=business.payment_window_hours),
            sale_date=sale.sale_date,
            paid_amount=ZERO,
            pending_amount=ZERO,
            lines=[],
        )
        invoice_service.copy_parties(penalty, business, like=sale)  # the buyer and lot of the cancelled sale
        invoice_service.add_lines(
            penalty,
            [
                LineDraft(
                    kind="defaultPenalty",
                    description=(
                        f"{charge.title}: Lot {sale.vehicle_lot_number}, sale {sale.number} cancelled"
                    ),
                    quantity=1,
                    unit_amount=money(charge.charges),
                    vat_rate=business.vat_rate,
                    charge_id=charge.id,
                )
            ],
        )
        penalty.search_text = " | ".join(
            v.lower()
            for v in (penalty.number, penalty.buyer_name, str(sale.vehicle_lot_number), sale.vehicle_vin)
            if v
        )
        session.add(penalty)
        await session.flush()
        await totals.move(session, "invoice", None, penalty.status, ZERO, penalty.total)
        await ledger_service.post(
            session,
            member_id=buyer.id,
            at=now,
            kind="invoice",
            description=(
                f"Penalty invoice {penalty.number}: default on {sale.number}, Lot {sale.vehicle_lot_number}"
            ),
            owes_us=penalty.total,
            invoice_id=penalty.id,
            vehicle_id=vehicle.id,
        )
        # What the deposit holds now: the member's row locked and read afresh (a payment from the deposit or
        # a refund may have been committed since the buyer was first read).
        locked = await ledgers.lock_member(session, buyer.id)
        if locked is None:
            raise NotFound("This member does not exist.")
        buyer = locked
        taken = min(penalty.total, max(money(buyer.deposit_held), ZERO))
        payment: Payment | None = None
        if taken > 0:
            n = await counters.next_number(session, f"payment-{year}", start=1)
            payment = Payment(
                transaction_id=f"PAY-{year}-{n:06d}",
                direction="inbound",
                kind="payment",
                invoice_id=penalty.id,
                member_id=buyer.id,
                amount=taken,
                method="deposit",
                paid_at=now,
                confirmation="Verified",
                recorded_by_id=actor.id,
                verified_by_id=actor.id,
                verified_at=now,
            )
            payment.invoice = penalty
            payment.search_text = " | ".join(
                v.lower() for v in (payment.transaction_id, penalty.number, penalty.buyer_name) if v
            )
            session.add(payment)
            old_status = penalty.status
            penalty.paid_amount = taken
            await invoice_service.settle(session, penalty, None, now, old_status=old_status)
            await totals.move(session, "payment", None, "Verified", ZERO, taken)
            await ledger_service.post(
                session,
                member_id=buyer.id,
                at=now,
                kind="penalty",
                description=f"Penalty {penalty.number} taken from the deposit ({payment.transaction_id})",
                owes_us=-taken,
                deposit=-taken,
                invoice_id=penalty.id,
                payment_id=payment.id,
                vehicle_id=vehicle.id,
            )
            refresh_buying_power(buyer)
        await record_change(
            session,
            actor,
            "penalty.issued",
            "invoice",
            penalty.id,
            new={
                "number": penalty.number,
                "total": penalty.total,
                "sale": sale.number,
                "takenFromDeposit": taken,
                "payment": payment.transaction_id if payment else None,
                "depositHeld": buyer.deposit_held,
            },
        )
        return penalty, taken


default_service = DefaultService()
