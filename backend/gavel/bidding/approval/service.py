"""The lots on approval, each change in the caller's transaction and under the lot's row lock (the lock every
move of the lot holds, so two staff answering at once take turns and the second is told what the first did).

A lot closed below its reserve gets its approval in the transaction that closes it (`open_approval`): waiting,
with its deadline, the seller asked through alerts (a domain event). Staff then record the seller's answer
(`decide`): accept (sold at the price through the clerk's path, `auctions.results`: invoice, buying power,
messages), decline (no sale: the vehicle back with the approved unassigned ones) or counter (an amount above
the price), and the buyer's answer to a counter-offer (`answer_counter`). At the deadline an approval still
open expires (`expire`): no sale. Each change writes a step of the history, a lot event `approval` and, for a
staff user's, an audit record.
"""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.results import results_service
from gavel.auctions.schemas import Outcome as RunOutcome
from gavel.auctions.schemas import ResultIn
from gavel.audit.repository import Actor, record_change
from gavel.bidding import repository as lots
from gavel.bidding.approval import repository
from gavel.bidding.approval.deadline import deadline_after
from gavel.bidding.approval.models import LotApproval, LotApprovalStep
from gavel.bidding.approval.rules import (
    Action,
    ApprovalRefused,
    Decision,
    Status,
    check_buyer_step,
    check_seller_step,
    counter_problem,
)
from gavel.bidding.closing import Closing, Result
from gavel.bidding.events import CounterOffered, LotWon, SellerApprovalRequested
from gavel.bidding.models import LotRow
from gavel.bidding.money import to_amount
from gavel.bidding.writes_repository import LotWrites
from gavel.business.service import business_service
from gavel.core.events import publish
from gavel.errors import Conflict, Invalid, NotFound

# The clock's expiry: no staff user; its history row reads 'Deadline'.
DEADLINE = Actor(id=None, email="system (approval deadline)", ip=None)
DEADLINE_NAME = "Deadline"
NOT_ON_APPROVAL = "This lot was not sold below its reserve: it has no seller's approval to record."


@dataclass(frozen=True)
class Change:
    """What a step changes: the new status, the step's action and amount, the sale (buyer, price) or the
    no-sale it records."""

    status: Status
    action: Action
    amount: Decimal | None = None
    sell_to: str | None = None
    no_sale: bool = False


async def open_approval(
    session: AsyncSession, row: LotRow, closed: Closing, actor: Actor, now: datetime
) -> LotApproval:
    """The approval of a lot `close_lot` just closed on approval (its row held): waiting until the
    deadline, the seller asked."""
    if closed.result is not Result.ON_APPROVAL or closed.price is None or row.reserve_price is None:
        raise ValueError("Only a lot closed below its reserve waits for its seller's approval.")
    settings = await business_service.current(session)
    approval = LotApproval(
        lot_id=row.id,
        event_id=row.event_id,
        vehicle_id=row.vehicle_id,
        seller_id=await lots.seller_of(session, row.vehicle_id),
        buyer_id=closed.buyer,
        price=to_amount(closed.price),
        reserve_price=row.reserve_price,
        deadline=deadline_after(now, settings.approval_deadline_time),
        status=Status.WAITING.value,
        steps=0,
    )
    session.add(approval)
    await session.flush()
    await _step(session, row, approval, Action.ASKED, None, None, actor, now)
    await publish(
        session,
        SellerApprovalRequested(
            lot_id=row.id,
            vehicle_id=row.vehicle_id,
            seller_id=approval.seller_id,
            price=approval.price,
            reserve=approval.reserve_price,
            deadline=approval.deadline,
            at=now,
        ),
    )
    return approval


async def _held(session: AsyncSession, lot_id: str) -> tuple[LotRow, LotApproval]:
    row = await lots.lot_by_id(session, lot_id, lock=True)
    if row is None:
        raise NotFound("This lot does not exist.")
    approval = await repository.of_lot(session, row.id)
    if approval is None:
        raise Conflict(NOT_ON_APPROVAL)
    return row, approval


async def decide(
    session: AsyncSession,
    lot_id: str,
    decision: Decision,
    amount: Decimal | None,
    note: str | None,
    buyer_id: str | None,
    actor: Actor,
    now: datetime,
) -> tuple[LotRow, LotApproval]:
    """The seller's answer, recorded by staff: accept (sold at the price), decline (no sale) or counter."""
    row, approval = await _held(session, lot_id)
    _allowed(check_seller_step, approval, now)
    if decision is Decision.COUNTER:
        problem = counter_problem(approval.price, amount)
        if problem is not None:
            raise Invalid.field("amount", problem)
        change = Change(Status.COUNTERED, Action.COUNTERED, amount)
    else:
        if amount is not None:
            raise Invalid.field(
                "amount", "Only a counter-offer has an amount: leave it out to accept or decline."
            )
        if decision is Decision.ACCEPT:
            change = Change(Status.ACCEPTED, Action.ACCEPTED, approval.price, _buyer(approval, buyer_id))
        else:
            change = Change(Status.DECLINED, Action.DECLINED, no_sale=True)
    if decision is not Decision.ACCEPT and buyer_id is not None:
        raise Invalid.field("buyerId", "A buyer is named only when the sale is accepted.")
    await _apply(session, row, approval, change, note, actor, now)
    if change.status is Status.COUNTERED:
        await publish(
            session,
            CounterOffered(
                lot_id=row.id,
                vehicle_id=row.vehicle_id,
                buyer_id=approval.buyer_id,
                price=approval.price,
                amount=approval.counter_amount or Decimal(0),
                deadline=approval.deadline,
                at=now,
            ),
        )
    return row, approval


async def answer_counter(
    session: AsyncSession,
    lot_id: str,
    accepted: bool,
    note: str | None,
    buyer_id: str | None,
    actor: Actor,
    now: datetime,
) -> tuple[LotRow, LotApproval]:
    """The buyer's answer to the seller's counter-offer: taken (sold at it) or declined (no sale)."""
    row, approval = await _held(session, lot_id)
    _allowed(check_buyer_step, approval, now)
    if accepted:
        change = Change(
            Status.ACCEPTED, Action.COUNTER_ACCEPTED, approval.counter_amount, _buyer(approval, buyer_id)
        )
    else:
        if buyer_id is not None:
            raise Invalid.field("buyerId", "A buyer is named only when the counter-offer is taken.")
        change = Change(Status.DECLINED, Action.COUNTER_DECLINED, no_sale=True)
    await _apply(session, row, approval, change, note, actor, now)
    return row, approval


async def expire(session: AsyncSession, lot_id: str, now: datetime) -> bool:
    """The lot's approval made a no-sale if it is still open at its deadline; whether it was (idempotent: a
    second call, or another process's, finds it expired under the lot's lock and changes nothing)."""
    row, approval = await _held(session, lot_id)
    if Status(approval.status) not in (Status.WAITING, Status.COUNTERED) or approval.deadline > now:
        return False
    await _apply(
        session, row, approval, Change(Status.EXPIRED, Action.EXPIRED, no_sale=True), None, None, now
    )
    return True


def _allowed(check: Any, approval: LotApproval, now: datetime) -> None:
    try:
        check(Status(approval.status), approval.deadline, now, approval.counter_amount)
    except ApprovalRefused as refused:
        raise Conflict(str(refused)) from refused


def _buyer(approval: LotApproval, named: str | None) -> str:
    """Who buys: the member who led; for a floor-led lot, the member staff name."""
    if approval.buyer_id is not None:
        if named is not None and named != approval.buyer_id:
            raise Invalid.field("buyerId", "A member led this lot and buys it: leave the buyer out.")
        return approval.buyer_id
    if not named:
        raise Invalid.field("buyerId", "The floor led this lot: choose the member who buys it.")
    return named


async def _apply(
    session: AsyncSession,
    row: LotRow,
    approval: LotApproval,
    change: Change,
    note: str | None,
    actor: Actor | None,
    now: datetime,
) -> None:
    """The change made: the sale or no-sale through the clerk's path first (a refusal there changes
    nothing), then the approval, its step, the lot's result and event, and the audit record."""
    was = approval.status
    result: Result | None = None  # the lot's new result, when the change sells it or not
    if change.sell_to is not None and change.amount is not None:
        sale = ResultIn(
            vehicle_id=row.vehicle_id,
            outcome=RunOutcome.SOLD,
            buyer_id=change.sell_to,
            sold_for=change.amount,
            seller_approved=True,
        )
        await _record(session, row, sale, actor or DEADLINE, now)
        approval.buyer_id = change.sell_to
        approval.sold_for = change.amount
        result = Result.SOLD
        await publish(session, LotWon(row.id, row.vehicle_id, change.sell_to, change.amount, now))
    elif change.no_sale:
        no_sale = ResultIn(vehicle_id=row.vehicle_id, outcome=RunOutcome.NOT_SOLD)
        await _record(session, row, no_sale, actor or DEADLINE, now)
        result = Result.NO_SALE
    approval.status = change.status.value
    if change.status is Status.COUNTERED:
        approval.counter_amount = change.amount
    else:
        approval.decided_at = now
    text = " ".join(note.split()) if note and note.strip() else None
    await _step(session, row, approval, change.action, change.amount, text, actor, now, result=result)
    if actor is not None:
        await record_change(
            session,
            actor,
            f"lot.approval_{change.action.value}",
            "vehicle",
            row.vehicle_id,
            old={"status": was},
            new={
                "lotId": row.id,
                "status": approval.status,
                "amount": change.amount,
                "price": approval.price,
                "buyerId": approval.buyer_id,
                "note": text,
            },
        )


async def _record(session: AsyncSession, row: LotRow, result: ResultIn, actor: Actor, now: datetime) -> None:
    await results_service.record_results(session, row.event_id, [result], actor, now)


async def _step(
    session: AsyncSession,
    row: LotRow,
    approval: LotApproval,
    action: Action,
    amount: Decimal | None,
    note: str | None,
    actor: Actor | None,
    now: datetime,
    *,
    result: Result | None = None,
) -> None:
    """A step of the history and the lot's event telling watchers of it; with `result`, the lot's new
    result written with the event."""
    writes = LotWrites(session, row)
    if result is not None:
        writes.set(result=result.value)
    approval.steps += 1
    by_name = DEADLINE_NAME
    if actor is not None:
        by_name = await repository.user_name(session, actor.id) or actor.email or "Unknown"
    session.add(
        LotApprovalStep(
            approval_id=approval.id,
            sequence=approval.steps,
            at=now,
            action=action.value,
            amount=amount,
            by_id=actor.id if actor is not None else None,
            by_name=by_name,
            note=note,
        )
    )
    payload = {
        "status": approval.status,
        "action": action.value,
        "amount": _text(amount),
        "price": _text(approval.price),
        "counterAmount": _text(approval.counter_amount),
        "deadline": approval.deadline.isoformat(),
        "buyerId": approval.buyer_id,
        "result": row.result,
    }
    writes.event("approval", payload, now)
    await writes.send()
    await session.flush()  # the approval and its step


def _text(amount: Decimal | None) -> str | None:
    return f"{amount:.2f}" if amount is not None else None
