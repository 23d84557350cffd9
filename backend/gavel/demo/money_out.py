"""Demo money out: the sellers' payouts, refunds, a plan changed each way and a sale cancelled for default.

Everything goes through the money-out services at the moment it happened, as money.py does for money in:

- payouts: once a sale is paid its settlement and pending payout are issued (payments service); a few days
  later a Finance user who did not verify the buyer's payment completes it, by bank transfer to the IBAN on
  file or by cheque. One payout was withheld (cancelled with its reason; its replacement still waits), one
  cheque came back (cancelled; its replacement paid by cheque later), and the payouts of the last days wait
  for the next payment run. These steps are told in time order among the sales (money.py asks before each
  sale what had happened by then), so a seller's ledger reads in order;
- refunds: a member who leaves gets the whole deposit back (requested by one Finance user, completed by the
  other), a member who asked for their deposit and changed their mind (the request cancelled), and a member
  who moved to a smaller plan waits for the excess;
- deposits: a member chose a plan yesterday and has not paid its deposit yet (no buying power);
- a default: the oldest sale still unpaid past the days of Business settings is cancelled, and the
  `defaultPenalty` charge is taken from the buyer's deposit;
- a sale paid in part and given up: cancelled for default too, and what was paid on it is asked back as the
  refund of a cancelled sale (waiting under Outbound).

An overpayment refund cannot happen with the rules of money in: a payment is never more than what is open on
its invoice, so a member holds a credit only after a credit note on a paid amount (the part-paid default).
The demo has none."""

import heapq
import itertools
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import exists, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from gavel.audit.repository import Actor
from gavel.business.service import business_service
from gavel.core.clock import dubai_date
from gavel.demo.money import RECORDER, VERIFIER, staff_actor
from gavel.deposits import repository as deposits
from gavel.deposits.service import default_service, deposit_service
from gavel.invoices.models import Invoice
from gavel.ledger.service import ledger_service
from gavel.members.buying_power import required_deposit
from gavel.members.models import Member
from gavel.payments.models import Payment
from gavel.payments.schemas import OutboundCompletion, OutboundMethod, RefundKind, RefundRequest
from gavel.payouts import repository as payouts
from gavel.payouts.service import payout_service, valid_iban
from gavel.plans.models import SecurityPlan
from gavel.vehicles.models import Vehicle
from gavel.vehicles.options import GatePass

PAYMENT_RUN_AFTER = timedelta(days=4)  # payouts of sales paid since then wait for the next payment run
WITHHELD = (
    "The seller asked to be paid to a new account; waiting for the bank's letter confirming the IBAN before "
    "paying again."
)
RETURNED_CHEQUE = (
    "The cheque came back: the payee's name did not match the trade licence. Paid again by cheque."
)
RETURNED_TRANSFER = "The bank returned the transfer: the seller's account is closed. Paid again by cheque."


@dataclass(order=True)
class _Step:
    at: datetime
    order: int
    run: Callable[[], Awaitable[None]] = field(compare=False)


class DemoPayouts:
    """The sellers' payouts after each sale was paid, in time order (money.py's AfterSales)."""

    def __init__(self, session: AsyncSession, now: datetime, payer: Actor) -> None:
        self.session, self.now, self.payer = session, now, payer
        self.steps: list[_Step] = []
        self.order = itertools.count()
        self.handled = 0  # payouts old enough to have been handled, in the order their sales were paid
        self.counts: Counter[str] = Counter()

    @classmethod
    async def start(cls, session: AsyncSession, now: datetime) -> "DemoPayouts":
        return cls(session, now, await staff_actor(session, RECORDER))

    def _later(self, at: datetime, run: Callable[[], Awaitable[None]]) -> None:
        heapq.heappush(self.steps, _Step(at, next(self.order), run))

    async def until(self, moment: datetime) -> None:
        while self.steps and self.steps[0].at <= moment:
            await heapq.heappop(self.steps).run()

    async def paid(self, vehicle: Vehicle, at: datetime) -> None:
        if at > self.now - PAYMENT_RUN_AFTER:
            return  # waits for the next payment run
        settlement = await payouts.settlement_of_vehicle(self.session, vehicle.id)
        if settlement is None or settlement.total <= 0:
            return
        (payout,) = await payouts.payouts_of(self.session, settlement.id)
        k = self.handled
        self.handled += 1
        if k in (1, 4):
            when = at + timedelta(days=1)
            if k == 1:
                reason, reissued = WITHHELD, None
            else:
                reason = RETURNED_CHEQUE if payout.method == OutboundMethod.CHEQUE else RETURNED_TRANSFER
                reissued = timedelta(days=2)
            self._later(when, lambda: self._cancel(payout.id, reason, when, reissued))
            return
        when = at + timedelta(days=2 + k % 3, hours=k % 5)
        if when < self.now - timedelta(hours=1):
            self._later(when, lambda: self._complete(payout.id, when))

    async def _complete(self, payout_id: str, when: datetime, method: OutboundMethod | None = None) -> None:
        payout = await self.session.get_one(Payment, payout_id)
        seller = await self.session.get_one(Member, payout.member_id)
        if method is None:
            method = OutboundMethod.BANK_TRANSFER if valid_iban(seller.bank_iban) else OutboundMethod.CHEQUE
        n = next(self.order)
        reference = (
            f"FT{dubai_date(when):%y%m%d}{n:05d}"
            if method == OutboundMethod.BANK_TRANSFER
            else f"CHQ {100400 + n}"
        )
        body = OutboundCompletion(
            payment_method=method,
            payment_reference_id=reference,
            payment_date_and_time=when - timedelta(minutes=20),
        )
        await payout_service.complete(self.session, payout_id, body, self.payer, when)
        self.counts[f"payouts{method.value[0].upper()}{method.value[1:]}"] += 1

    async def _cancel(self, payout_id: str, reason: str, when: datetime, reissued: timedelta | None) -> None:
        _, replacement = await payout_service.cancel(self.session, payout_id, reason, self.payer, when)
        self.counts["payoutsCancelled"] += 1
        if replacement is not None and reissued is not None and when + reissued < self.now:
            then = when + reissued
            self._later(then, lambda: self._complete(replacement.id, then, OutboundMethod.CHEQUE))


# ---------------------------------------------------------------------------------------- after the sales


async def load_money_out(session: AsyncSession, now: datetime, after: DemoPayouts) -> dict[str, int]:
    """Refunds, plan changes and the default, once the sales' money is in (load_money)."""
    await after.until(now)
    requester, checker = after.payer, await staff_actor(session, VERIFIER)
    counts = dict(after.counts)
    members = list(
        (await session.scalars(select(Member).order_by(Member.created_at, Member.email))).unique().all()
    )
    bought = set(
        await session.scalars(select(Vehicle.buyer_member_id).where(Vehicle.buyer_member_id.is_not(None)))
    )
    long_ago = now - timedelta(days=30)

    async def quiet(member: Member) -> bool:
        """Held a deposit since long ago, bought nothing, owes nothing."""
        return (
            member.deposit_held > 0
            and member.created_at < long_ago
            and member.id not in bought
            and not await deposits.open_invoices(session, member.id)
        )

    chosen: set[str] = set()

    async def first(status: str, also: Callable[[Member], bool] = lambda m: True) -> Member | None:
        for member in members:
            if member.status == status and member.id not in chosen and also(member) and await quiet(member):
                chosen.add(member.id)
                return member
        return None

    # A member who leaves: the whole deposit back by cheque, then no plan.
    leaver = await first("inActive")
    if leaver is not None:
        asked = now - timedelta(days=6)
        refund = await payout_service.request_refund(
            session,
            RefundRequest(
                member_id=leaver.id,
                refund_kind=RefundKind.DEPOSIT,
                refunded_amount=leaver.deposit_held,
                refund_method=OutboundMethod.CHEQUE,
                refund_reason="The member leaves the auction: the whole deposit back.",
            ),
            requester,
            asked,
        )
        paid = asked + timedelta(days=1)
        done = OutboundCompletion(
            payment_method=OutboundMethod.CHEQUE,
            payment_reference_id="CHQ 200117",
            payment_date_and_time=paid - timedelta(minutes=15),
        )
        await payout_service.complete(session, refund.id, done, checker, paid)
        await deposit_service.choose_plan(session, leaver, None, requester, paid)
        counts["refundsCompleted"] = 1

    # A member asked for their deposit back, then kept bidding: the request cancelled.
    stays = await first("approved")
    if stays is not None:
        asked = now - timedelta(days=12)
        refund = await payout_service.request_refund(
            session,
            RefundRequest(
                member_id=stays.id,
                refund_kind=RefundKind.DEPOSIT,
                refunded_amount=stays.deposit_held,
                refund_method=OutboundMethod.BANK_TRANSFER,
                refund_reason="The member asked for the deposit back.",
            ),
            requester,
            asked,
        )
        await payout_service.cancel(
            session,
            refund.id,
            "The member decided to keep bidding and withdrew the request by phone.",
            checker,
            asked + timedelta(days=1),
        )
        counts["refundsCancelled"] = 1

    # A member moved to a smaller plan: the excess deposit waits to be refunded.
    plans = sorted((await session.scalars(select(SecurityPlan))).all(), key=lambda p: required_deposit(p))
    smaller = {bigger.id: plans[0] for bigger in plans[1:]}
    downgrades = await first("approved", lambda m: m.security_plan_id in smaller)
    if downgrades is not None:
        moved = now - timedelta(days=2)
        plan = smaller[downgrades.security_plan_id or ""]
        await deposit_service.choose_plan(session, downgrades, plan, requester, moved)
        await payout_service.request_refund(
            session,
            RefundRequest(
                member_id=downgrades.id,
                refund_kind=RefundKind.DEPOSIT,
                refunded_amount=downgrades.deposit_held - required_deposit(plan),
                refund_method=OutboundMethod.CHEQUE,
                refund_reason=f"Moved to the {plan.name} plan: the deposit beyond it back.",
            ),
            requester,
            moved + timedelta(hours=1),
        )
        counts["refundsPending"] = 1

    # A member chose a plan yesterday: its deposit invoice waits, and so does their buying power.
    newcomer = next(
        (
            m
            for m in members
            if m.status == "approved"
            and m.is_buyer
            and m.security_plan_id is None
            and m.created_at < long_ago
        ),
        None,
    )
    if newcomer is not None and len(plans) > 1:
        await deposit_service.choose_plan(session, newcomer, plans[1], requester, now - timedelta(hours=20))
        counts["depositsWaiting"] = 1

    counts["defaults"] = 1 if await _default(session, now, checker) else 0
    counts["cancelledSaleRefunds"] = await _default_part_paid(session, now, checker, requester)
    await session.flush()
    return counts


async def _default(
    session: AsyncSession, now: datetime, actor: Actor, *, part_paid: bool = False
) -> Invoice | None:
    """The oldest sale unpaid past the default days (or, `part_paid`, paid in part), its vehicle still in the
    yard and its buyer holding a deposit: cancelled for default today."""
    wait = (await business_service.get(session)).default_after_days
    stmt = (
        select(Invoice)
        .join(Vehicle, Vehicle.id == Invoice.vehicle_id)
        .join(Member, Member.id == Invoice.member_id)
        .where(
            Invoice.kind == "invoice",
            Invoice.status == "overdue",
            Invoice.paid_amount > 0 if part_paid else Invoice.paid_amount == 0,
            Invoice.pending_amount == 0,
            Invoice.due_at < now - timedelta(days=wait + 1),
            Vehicle.is_released.is_(False),
            Vehicle.gate_pass_status != GatePass.PICKED_UP.value,
            Member.deposit_held > 0,
        )
        .order_by(Invoice.issued_at, Invoice.number)
        .limit(1)
    )
    if part_paid:
        # A buyer who owes nothing else: once the sale is cancelled, all that was paid on it is theirs again.
        other = aliased(Invoice)
        stmt = stmt.where(
            ~exists().where(
                other.member_id == Invoice.member_id,
                other.id != Invoice.id,
                other.status.in_(["unpaid", "partiallyPaid", "overdue"]),
            )
        )
    invoice = (await session.scalars(stmt)).unique().one_or_none()
    if invoice is None:
        return None
    reason = (
        f"Only part paid {wait} days after the due date; the buyer gave the vehicle up."
        if part_paid
        else f"Nothing paid {wait} days after the due date; the buyer did not answer three calls."
    )
    await default_service.cancel_for_default(session, invoice.id, reason, actor, now)
    return invoice


async def _default_part_paid(session: AsyncSession, now: datetime, actor: Actor, requester: Actor) -> int:
    """A sale paid in part, then given up: cancelled for default, and what was paid on it asked back as the
    refund of a cancelled sale (waiting for a second person under Outbound)."""
    invoice = await _default(session, now - timedelta(hours=2), actor, part_paid=True)
    if invoice is None:
        return 0
    # What was paid on it, less a penalty the deposit could not cover (the member's credit, from the ledger).
    owes_us, _, _ = await ledger_service.balances(session, invoice.member_id)
    amount = min(invoice.paid_amount, -owes_us)
    if amount <= 0:
        return 0
    await payout_service.request_refund(
        session,
        RefundRequest(
            member_id=invoice.member_id,
            refund_kind=RefundKind.CANCELLED_SALE,
            refunded_amount=amount,
            refund_method=OutboundMethod.CHEQUE,
            refund_reason=f"The sale of Lot {invoice.vehicle_lot_number} was cancelled: what was paid on it.",
            invoice_id=invoice.id,
        ),
        requester,
        now - timedelta(hours=1),
    )
    return 1
