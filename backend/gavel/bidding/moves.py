"""The staff's moves on a lot, as the routes make them: the service's move (bidding.service), and the audit
record of the clerk's moves and of absentee bids entered and withdrawn (audit_words.py), in the same
transaction. A bid the engine refuses is committed with its log row and event, and then answered as an error
(the log keeps every bid, refused ones included)."""

from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.bidding import repository, service
from gavel.bidding import views_repository as views
from gavel.bidding.bids import FloorBid, MaximumBid, Outcome
from gavel.bidding.closing import CloseIntent
from gavel.bidding.lot import LotState, Source
from gavel.bidding.models import LotRow
from gavel.bidding.money import to_amount, to_fils
from gavel.bidding.move_time import MoveTime, time_of
from gavel.errors import Invalid, NotFound

NO_LOT = "This lot does not exist."
NO_MEMBER = "No member has this id."


async def _existing(session: AsyncSession, lot_id: str, *, lock: bool = False) -> LotRow:
    row = await repository.lot_by_id(session, lot_id, lock=lock)
    if row is None:
        raise NotFound(NO_LOT)
    return row


async def _answered(session: AsyncSession, outcome: Outcome) -> None:
    """A refused bid: its log row and event are committed, then the refusal is answered (422 or 409)."""
    if outcome.accepted:
        return
    await session.commit()
    raise service.refusal_error(outcome)


async def floor_bid(
    session: AsyncSession, lot_id: str, amount: Decimal | None, actor: Actor, when: MoveTime
) -> LotRow:
    """A bid from the room keyed by the clerk; without an amount, at the asking price the clerk sees now (a
    bid from another source in between makes it a bid below the new asking price, refused)."""
    if amount is not None:
        fils = to_fils(amount)
    else:
        fils = repository.engine_lot(await _existing(session, lot_id), ()).asking
    if fils <= 0:
        raise Invalid.field("amount", "This lot has no asking price yet: type the amount of the bid.")
    bid = FloorBid(str(actor.id), fils, time_of(when))  # placed_bid sets its time under the lock
    row, outcome = await service.placed_bid(session, lot_id, bid, when)
    await _answered(session, outcome)
    return row


async def absentee_bid(
    session: AsyncSession, lot_id: str, member_id: str, maximum: Decimal, actor: Actor, when: MoveTime
) -> LotRow:
    """A member's maximum entered by a staff user (as a member phoning in would ask)."""
    names = await views.member_names(session, [member_id])  # also whether the member exists
    if member_id not in names:
        raise Invalid.field("memberId", NO_MEMBER)
    # placed_bid sets its time under the lot's lock
    bid = MaximumBid(Source.ABSENTEE, str(actor.id), member_id, to_fils(maximum), time_of(when))
    row, outcome = await service.placed_bid(session, lot_id, bid, when)
    await _answered(session, outcome)
    await record_change(
        session,
        actor,
        "lot.absentee_bid_entered",
        "vehicle",
        row.vehicle_id,
        new={
            "lotId": row.id,
            "memberId": member_id,
            "member": names.get(member_id),
            "maximum": to_amount(to_fils(maximum)),
            "price": row.price,
            "leaderId": row.leader_member_id,
        },
    )
    return row


async def withdraw_absentee_bid(
    session: AsyncSession, lot_id: str, member_id: str, reason: str, actor: Actor, when: MoveTime
) -> LotRow:
    """A member's maximum withdrawn by staff before the lot opens, with the reason."""
    row = await _existing(session, lot_id)
    if not await views.member_exists(session, member_id):
        raise NotFound("This member does not exist.")
    withdrawn = next(
        (m for m in await repository.maxima_of(session, lot_id) if m.bidder_id == member_id), None
    )
    await service.withdraw_maximum(session, lot_id, member_id, str(actor.id), reason, when)
    names = await views.member_names(session, [member_id])
    await record_change(
        session,
        actor,
        "lot.absentee_bid_withdrawn",
        "vehicle",
        row.vehicle_id,
        old={"maximum": withdrawn.amount if withdrawn is not None else None},
        new={
            "lotId": row.id,
            "memberId": member_id,
            "member": names.get(member_id),
            "reason": reason.strip(),
        },
    )
    return row


async def open_lot(session: AsyncSession, lot_id: str, actor: Actor, when: MoveTime) -> LotRow:
    row = await service.open_lot(session, lot_id, when)
    await record_change(
        session,
        actor,
        "lot.opened",
        "vehicle",
        row.vehicle_id,
        old={"state": LotState.WAITING.value},
        new={"lotId": row.id, "state": row.state, "price": row.price, "leaderId": row.leader_member_id},
    )
    return row


async def withdraw_lot(session: AsyncSession, lot_id: str, actor: Actor, when: MoveTime) -> LotRow:
    was = (await _existing(session, lot_id, lock=True)).state
    row = await service.withdraw_lot(session, lot_id, when)
    await record_change(
        session,
        actor,
        "lot.withdrawn",
        "vehicle",
        row.vehicle_id,
        old={"state": was},
        new={"lotId": row.id, "state": row.state},
    )
    return row


async def close_lot(
    session: AsyncSession, lot_id: str, intent: CloseIntent, actor: Actor, when: MoveTime
) -> LotRow:
    """The lot closed as the clerk asks; a lot already closed is answered as it is, and audited once."""
    was = (await _existing(session, lot_id, lock=True)).state
    row = await service.close_lot(session, lot_id, when, actor, intent=intent)
    if was != LotState.CLOSED.value and row.state == LotState.CLOSED.value:
        await record_change(
            session,
            actor,
            "lot.closed",
            "vehicle",
            row.vehicle_id,
            old={"state": was},
            new={
                "lotId": row.id,
                "state": row.state,
                "result": row.result,
                "intent": intent.value,
                "price": row.price,
                "leaderId": row.leader_member_id,
            },
        )
    return row
