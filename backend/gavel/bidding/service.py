"""The lots' moves, each in the caller's transaction and under the lot's row lock: lots made from an event's
runs, a bid applied (the bidder's standing and buying power checked with it), a lot opened, withdrawn or
closed. Each move writes its bid-log rows, the lot's new state and one numbered lot event, and flushes; the
caller commits, and tells watchers only after.

A refused bid is logged too: `place_bid` answers its `Outcome` rather than raising, so that the caller
commits the refusal's row and then answers `refusal_error(outcome)`.
"""

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any, TypeGuard

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.presenter import member_name
from gavel.auctions.results import results_service
from gavel.auctions.schemas import Outcome as RunOutcome
from gavel.auctions.schemas import ResultIn
from gavel.auctions.service import auction_service
from gavel.auctions.verdict import buyer_verdict_with
from gavel.audit.repository import Actor
from gavel.bidding import closing, repository, withdrawals
from gavel.bidding.approval import service as approval_service
from gavel.bidding.bids import Bid, FloorBid, MaximumBid, Outcome, Refusal
from gavel.bidding.closing import CloseIntent, LotStateError, Result
from gavel.bidding.events import LotWon, MemberOutbid
from gavel.bidding.increment_tables.service import increments_for
from gavel.bidding.increments import Increments
from gavel.bidding.lot import Lot, LotState
from gavel.bidding.models import LotEvent, LotRow
from gavel.bidding.money import aed_text, to_amount, to_fils
from gavel.bidding.move_time import MoveTime, time_of
from gavel.bidding.rules import apply, refuse
from gavel.bidding.writes_repository import LotWrites
from gavel.core import events
from gavel.core.clock import DUBAI
from gavel.core.money import aed
from gavel.errors import AppError, Conflict, Invalid, NotFound
from gavel.vehicles.models import Vehicle


async def ensure_lots(session: AsyncSession, event_id: str) -> list[LotRow]:
    """The event's lots, one per current run, made for the runs that have none (idempotent: the event's row
    is held, so two callers make each lot once). A lot not yet bid on takes its vehicle's prices and its
    auction's increment and counter-bid time afresh, checked again under the lot's own lock."""
    event = await auction_service.event(session, event_id, lock=True)
    lots = {lot.run_id: lot for lot in await repository.lots_of_event(session, event.id)}
    steps = await increments_for(session, event.auction.bid_increment_amount)
    for run in await repository.current_runs(session, event.id):
        row = lots.get(run.id)
        if row is None:
            row = LotRow(
                run_id=run.id,
                event_id=event.id,
                lane_id=run.lane_id,
                vehicle_id=run.vehicle_id,
                run_number=run.run_number,
                state=LotState.WAITING.value,
                last_bid_sequence=0,
                last_event_sequence=0,
            )
            _snapshot(row, run.vehicle, steps, event.auction.counter_bid_time)
            session.add(row)
            lots[run.id] = row
        elif _refreshable(row) and _refreshable(locked := await _relocked(session, row)):
            locked.run_number = run.run_number
            locked.lane_id = run.lane_id
            _snapshot(locked, run.vehicle, steps, event.auction.counter_bid_time)
    await session.flush()
    return await repository.lots_of_event(session, event.id)


def _refreshable(row: LotRow | None) -> TypeGuard[LotRow]:
    """A lot still waiting with nothing in its log: it may take its vehicle's prices and steps afresh."""
    return row is not None and row.state == LotState.WAITING.value and row.last_bid_sequence == 0


async def _relocked(session: AsyncSession, row: LotRow) -> LotRow | None:
    """The lot read again under its lock: the event's lock does not keep a bid out (a bid locks the lot), so a
    bid committed since the event's lots were read must be seen before the lot's snapshot is rewritten, or its
    log would no longer replay."""
    return await repository.lot_by_id(session, row.id, lock=True)


def _snapshot(row: LotRow, vehicle: Vehicle, steps: Increments, counter_bid_seconds: int) -> None:
    """The prices and steps the lot is sold by: the increment table of Settings when it has bands, else the
    auction's flat increment (`increment_tables.service.increments_for`)."""
    row.opening_price = vehicle.opening_price
    row.reserve_price = vehicle.reserve_price
    row.increments = repository.bands_of(steps)
    row.counter_bid_seconds = counter_bid_seconds


async def _locked(session: AsyncSession, lot_id: str) -> tuple[LotRow, Lot, list[repository.StoredMaximum]]:
    row = await repository.lot_by_id(session, lot_id, lock=True)
    if row is None:
        raise NotFound("This lot does not exist.")
    maxima = await repository.maxima_of(session, row.id)
    return row, repository.engine_lot(row, maxima), maxima


async def place_bid(session: AsyncSession, lot_id: str, bid: Bid, when: MoveTime) -> Outcome:
    """`bid` on the lot at the server's time `when`: accepted, or refused with its reason; logged either way
    (`placed_bid`, without the lot's row)."""
    return (await placed_bid(session, lot_id, bid, when))[1]


# A bid made from the lot as read under its lock (a bid at the next step); it may raise to refuse the bid
# before anything is written.
BidOf = Callable[[LotRow, Lot], Bid]


async def placed_bid(
    session: AsyncSession, lot_id: str, bid: Bid | BidOf, when: MoveTime
) -> tuple[LotRow, Outcome]:
    """`bid` on the lot at the server's time `when`: the lot's row as the bid left it, and the outcome
    (accepted, or refused with its reason; logged either way).

    A bid is timed by the engine, not by its request: the clock is read once the lot's lock is held, as every
    move of a lot reads it (open, close, withdrawals). A bid that waited behind an Online lot's close is timed
    after it (never 'refused as closed' at a time before the clock ran out), and a lot's log and events are
    timed in the order they were written. The `at` of the bid given is replaced by that time.

    A maximum the rules take is then refused unless the member is an approved buyer without an overdue
    invoice, other than the vehicle's seller, and unless their available buying power
    (`auctions.verdict.buyer_verdict`, the rule recording a sale applies) covers this maximum and their
    maxima on every other open lot they lead. The member's row is locked after the lot's, so two lots
    cannot both take the same buying power."""
    held = await repository.lot_locked_for_bid(session, lot_id)
    if held is None:
        raise NotFound("This lot does not exist.")
    row = held.row
    now = time_of(when)
    # A statement of its own, after the lock: a FOR UPDATE that waited reads the lot's row afresh, but rows
    # joined to it come from the snapshot taken before the wait (PostgreSQL's READ COMMITTED), so maxima read
    # with the lock would miss one that the bid before placed (tests/bidding/test_lot_races.py found it).
    maxima = await repository.maxima_of(session, row.id)
    lot = repository.engine_lot(row, maxima)
    if callable(bid):
        bid = bid(row, lot)
    bid = replace(bid, at=now)
    if held.online and isinstance(bid, FloorBid):
        raise Conflict("This lot is sold in an Online auction's lane, which takes no floor bids.")
    ran_out = row.clock_ends_at is not None and row.clock_ends_at <= now
    if held.online and ran_out and lot.state is LotState.OPEN:
        # The runner closes it within moments: a bid after the clock ran out never wins it.
        assert row.clock_ends_at is not None
        at = row.clock_ends_at.astimezone(DUBAI).strftime("%H:%M:%S")
        ran_out_at = f"The lot's time ran out at {at} (Dubai): it is closing and takes no more bids."
        outcome = refuse(lot, bid, Refusal.LOT_CLOSED, ran_out_at)
    else:
        outcome = await _decided(session, held, lot, bid)
    writes = LotWrites(session, row)
    writes.log(outcome.rows)
    writes.store(maxima, outcome.lot)
    if outcome.accepted:
        if outcome.lot.state is LotState.OPEN:
            writes.set(clock_ends_at=now + timedelta(seconds=row.counter_bid_seconds))
        writes.event("bid", _bid_payload(row, outcome), now)
    else:
        # The sentence goes only to whoever bid (it may name a maximum or a member's buying power).
        payload = {
            "sequence": outcome.rows[0].sequence,
            "source": bid.source.value,
            "reason": outcome.refusal.value if outcome.refusal else None,
            "asking": _text(outcome.lot.asking),
        }
        writes.event("bid_refused", payload, now)
    await writes.send()
    if outcome.accepted:
        await _tell_outbid(session, row, lot, outcome, now)
    return row, outcome


async def _decided(session: AsyncSession, held: repository.LockedForBid, lot: Lot, bid: Bid) -> Outcome:
    """The rules' answer; for a maximum they take, then the bidder's standing: approved buyer, not the
    vehicle's seller, buying power enough (the member's row locked, after the lot's)."""
    outcome = apply(lot, bid)
    if not outcome.accepted or not isinstance(bid, MaximumBid):
        return outcome
    member = await repository.bidder_locked(session, bid.bidder)
    if member is None:
        raise Invalid.field("bidder", "The bidder does not exist.")
    # The standing and what the lots they lead take of it, in one statement (each one under the lot's lock
    # holds up the bids behind it).
    params = repository.bid_standing_params(member.id, held.row.id)
    verdict, led = await buyer_verdict_with(session, member, repository.BID_STANDING, params)
    if verdict.blocked_reason is not None:
        return refuse(lot, bid, Refusal.BIDDER_NOT_ALLOWED, verdict.blocked_reason)
    if held.seller_id == member.id:
        sentence = f"{member_name(member)} sells this vehicle and cannot bid on it."
        return refuse(lot, bid, Refusal.BIDDER_NOT_ALLOWED, sentence)
    needed = repository.led_total(*led) + to_amount(bid.maximum)
    if needed > verdict.available:
        sentence = (
            f"{member_name(member)}'s buying power does not cover this bid: a maximum of "
            f"{aed_text(bid.maximum)} and the lots they lead come to {aed(needed)}, and "
            f"{aed(verdict.available)} is available."
        )
        return refuse(lot, bid, Refusal.BUYING_POWER, sentence)
    return outcome


async def _tell_outbid(
    session: AsyncSession, row: LotRow, before: Lot, outcome: Outcome, now: datetime
) -> None:
    """The member who led before this bid and leads no more hears of it (gavel.bidders.notices)."""
    led, after = before.leader, outcome.lot
    if led is None or after.leader == led or after.price is None or after.asking is None:
        return
    outbid = MemberOutbid(row.id, row.vehicle_id, led, to_amount(after.price), to_amount(after.asking), now)
    await events.publish(session, outbid)


def _bid_payload(row: LotRow, outcome: Outcome) -> dict[str, Any]:
    """What watchers see of an accepted bid: the price, who leads and the rows; never a maximum."""
    lot = outcome.lot
    return {
        "price": _text(lot.price),
        "asking": _text(lot.asking),
        "leaderId": lot.leader,
        "leaderSource": lot.leader_source.value if lot.leader_source else None,
        "clockEndsAt": row.clock_ends_at.isoformat() if row.clock_ends_at else None,
        "bids": [
            {
                "sequence": r.sequence,
                "source": r.source.value,
                "bidderId": r.bidder,
                "amount": _text(r.amount),
                "automatic": r.automatic,
            }
            for r in outcome.rows
        ],
    }


def _text(fils: int | None) -> str | None:
    return str(to_amount(fils)) if fils is not None else None


def refusal_error(outcome: Outcome) -> AppError:
    """The error answering a refused bid, once its row is committed: 422 at the amount for a bid below the
    asking price or a leader's maximum not raised; 409 for the lot's state or the bidder's standing."""
    if outcome.refusal is None:
        raise ValueError("The bid was accepted.")
    message = outcome.message or "The bid was refused."
    if outcome.refusal in (Refusal.BELOW_ASKING, Refusal.MAXIMUM_NOT_RAISED):
        field = "amount" if outcome.rows[0].maximum is None else "maximum"
        return Invalid.field(field, message)
    return Conflict(message)


async def withdraw_maximum(
    session: AsyncSession, lot_id: str, bidder_id: str, entered_by: str, reason: str, when: MoveTime
) -> Outcome:
    """A member's maximum withdrawn by staff user `entered_by` before the lot opens, with `reason` (kept on
    the withdrawal's row of the log): the lot as if that member had never bid (`withdrawals`). Timed under
    the lot's lock, as a bid is."""
    if not reason.strip():
        raise Invalid.field("reason", "Give the reason the maximum is withdrawn.")
    row, lot, maxima = await _locked(session, lot_id)
    now = time_of(when)
    log = await repository.log_of(session, row.id)
    try:
        outcome = withdrawals.withdraw_maximum(lot, log, bidder_id, entered_by, now)
    except LotStateError as refused:
        raise Conflict(str(refused)) from refused
    except withdrawals.NothingToWithdraw as nothing:
        raise Conflict(str(nothing)) from nothing
    writes = LotWrites(session, row)
    writes.log(outcome.rows, note=reason.strip())
    writes.store(maxima, outcome.lot)
    payload = {
        "bidderId": bidder_id,
        "reason": reason.strip(),
        "price": _text(outcome.lot.price),
        "asking": _text(outcome.lot.asking),
        "leaderId": outcome.lot.leader,
        "leaderSource": outcome.lot.leader_source.value if outcome.lot.leader_source else None,
    }
    writes.event("maximum_withdrawn", payload, now)
    await writes.send()
    return outcome


async def open_lot(session: AsyncSession, lot_id: str, when: MoveTime) -> LotRow:
    """A waiting lot on the block; its clock starts at the counter-bid time from the moment the lot's lock is
    held."""
    row, lot, _ = await _locked(session, lot_id)
    now = time_of(when)
    opened = _moved(closing.open_lot, lot)
    writes = LotWrites(session, row)
    clock_ends_at = now + timedelta(seconds=row.counter_bid_seconds)
    writes.set(state=opened.state.value, opened_at=now, clock_ends_at=clock_ends_at)
    payload = {
        "asking": _text(opened.asking),
        "price": _text(opened.price),
        "leaderId": opened.leader,
        "leaderSource": opened.leader_source.value if opened.leader_source else None,
        "clockEndsAt": clock_ends_at.isoformat(),
    }
    writes.event("opened", payload, now)
    await writes.send()
    return row


async def withdraw_lot(session: AsyncSession, lot_id: str, when: MoveTime) -> LotRow:
    """A waiting or open lot taken out of the sale (timed under its lock); its log stays, nobody buys it."""
    row, lot, _ = await _locked(session, lot_id)
    now = time_of(when)
    withdrawn = _moved(closing.withdraw_lot, lot)
    writes = LotWrites(session, row)
    writes.set(state=withdrawn.state.value, clock_ends_at=None, closed_at=now)
    writes.event("withdrawn", {}, now)
    await writes.send()
    return row


def _moved(move: Any, lot: Lot) -> Lot:
    try:
        moved: Lot = move(lot)
    except LotStateError as refused:
        raise Conflict(str(refused)) from refused
    return moved


async def close_lot(
    session: AsyncSession,
    lot_id: str,
    when: MoveTime,
    actor: Actor,
    *,
    when_due: bool = False,
    intent: CloseIntent | str = CloseIntent.AUTO,
) -> LotRow:
    """The open lot closed: sold (at or above reserve, to the leader at the leader's price), on approval
    (below reserve) or no sale (no bid). Idempotent: a closed lot is answered as it is. The close is timed
    under the lot's lock, as a bid is (`placed_bid`). With `when_due` (the lane's runner), the lot closes only
    once its clock has run out, read under the lock; else it is answered unchanged.

    A sale to a member and a no-sale go through the clerk's path (`auctions.results`): the run's result,
    the invoice, buying power and messages, or the vehicle back with the unassigned ones; if that path
    refuses (409), nothing is closed. A sale led by the floor is recorded on the lot only: the clerk names
    the buyer from the room through the results as today. A lot on approval gets its approval in the same
    transaction (`approval.service.open_approval`: the deadline, the seller asked).

    `intent` (`closing.CloseIntent`: auto, sold, no_sale, approval) names the result the clerk asks for; one
    the lot's price does not allow is refused (409, a sentence) and nothing is closed. An unknown intent is
    refused at the `intent` field (422)."""
    wanted = _intent(intent)
    row, lot, _ = await _locked(session, lot_id)
    now = time_of(when)
    if lot.state is LotState.CLOSED:
        return row
    if when_due and (lot.state is not LotState.OPEN or row.clock_ends_at is None or row.clock_ends_at > now):
        return row
    reserve = to_fils(row.reserve_price) if row.reserve_price is not None else None
    try:
        closed = closing.close(lot, reserve, wanted)
    except LotStateError as refused:
        raise Conflict(str(refused)) from refused
    # The lot's row and its event are written before the result's path runs: what that path reads of the
    # lots (a member's open leads, the run's lot) finds this one closed.
    writes = LotWrites(session, row)
    writes.set(state=closed.lot.state.value, result=closed.result.value, closed_at=now, clock_ends_at=None)
    payload = {
        "result": closed.result.value,
        "price": _text(closed.price),
        "leaderId": closed.buyer,
        "leaderSource": closed.buyer_source.value if closed.buyer_source else None,
    }
    writes.event("closed", payload, now)
    await writes.send()
    if closed.result is Result.SOLD and closed.buyer is not None and closed.price is not None:
        sale = ResultIn(
            vehicle_id=row.vehicle_id,
            outcome=RunOutcome.SOLD,
            buyer_id=closed.buyer,
            sold_for=to_amount(closed.price),
        )
        await results_service.record_results(session, row.event_id, [sale], actor, now)
    elif closed.result is Result.NO_SALE:
        no_sale = ResultIn(vehicle_id=row.vehicle_id, outcome=RunOutcome.NOT_SOLD)
        await results_service.record_results(session, row.event_id, [no_sale], actor, now)
    if closed.result is Result.SOLD and closed.buyer is not None and closed.price is not None:
        won = LotWon(row.id, row.vehicle_id, closed.buyer, to_amount(closed.price), now)
        await events.publish(session, won)
    await session.flush()
    if closed.result is Result.ON_APPROVAL:
        await approval_service.open_approval(session, row, closed, actor, now)
    return row


def _intent(intent: CloseIntent | str) -> CloseIntent:
    try:
        return CloseIntent(intent)
    except ValueError as unknown:
        choices = ", ".join(i.value for i in CloseIntent)
        raise Invalid.field(
            "intent", f"A lot is closed as one of {choices}: '{intent}' is none."
        ) from unknown


async def events_after(session: AsyncSession, lot_id: str, sequence: int) -> list[LotEvent]:
    """Every event of the lot after `sequence` (0: all), in order: what a watcher that missed some needs."""
    if await repository.lot_by_id(session, lot_id) is None:
        raise NotFound("This lot does not exist.")
    return await repository.events_after(session, lot_id, sequence)
