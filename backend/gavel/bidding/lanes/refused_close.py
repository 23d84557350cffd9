"""An Online lane whose lot the results path refused to close (the leader's invoice fell overdue, their buying
power no longer covers the price, the event was closed for results...): the runner pauses the lane as staff's
pause does (`lanes.service.pause_lane`: the lot's clock stopped, the pause audited, watchers told) and writes
why in the 'paused' lot event's `reason`, a sentence for staff on the console and the live page. The lot
stays open and takes no retry: staff close it (as no sale) or withdraw it, and resume the lane."""

import logging

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor
from gavel.bidding import repository as lots
from gavel.bidding import views_repository
from gavel.bidding.lanes import service as lanes_service
from gavel.bidding.lanes.models import LaneRun
from gavel.bidding.models import LotEvent, LotRow
from gavel.bidding.move_time import MoveTime
from gavel.errors import AppError

log = logging.getLogger("gavel.bidding.lanes")


async def pause_for_refusal(
    session: AsyncSession, lane_id: str, lot_id: str, refused: AppError, when: MoveTime, actor: Actor
) -> LaneRun:
    """The lane paused by `actor` (the runner) with the refusal's sentence on the lot's 'paused' event."""
    # the sentence may name a member: the log keeps the lot and the kind of refusal only
    log.warning(
        "an online lane's lot could not be closed; the lane is paused for staff",
        extra={"lot": lot_id, "lane": lane_id, "status": refused.status_code},
    )
    row = await lots.lot_by_id(session, lot_id, lock=True)  # read afresh: the close's savepoint rolled back
    reason = await refusal_reason(session, row, refused) if row is not None else refused.message
    paused = await lanes_service.pause_lane(session, lane_id, when, actor)
    await _explained(session, lot_id, reason)
    return paused


async def refusal_reason(session: AsyncSession, row: LotRow, refused: AppError) -> str:
    """What staff read: which sale was refused and why, and what to do."""
    cards = await views_repository.vehicle_cards(session, [row.vehicle_id])
    card = cards.get(row.vehicle_id)
    lot = f"Lot {card.lot_number if card is not None and card.lot_number is not None else row.run_number}"
    why = refused.message.rstrip(". ")
    if row.leader_member_id is not None and _sells(row):
        names = await views_repository.member_names(session, [row.leader_member_id])
        buyer = names.get(row.leader_member_id, "the leading bidder")
        # (its price meets the reserve: sending it to approval is refused, closing.close)
        return f"The sale of {lot} to {buyer} was refused: {why}. Close it as no sale, then resume the lane."
    return f"{lot} could not be closed: {why}. Close or withdraw it by hand, then resume the lane."


def _sells(row: LotRow) -> bool:
    """The lot's price meets its reserve (or it has none): its close is a sale."""
    return row.price is not None and (row.reserve_price is None or row.price >= row.reserve_price)


async def _explained(session: AsyncSession, lot_id: str, reason: str) -> None:
    """The reason added to the 'paused' event the pause has just written, the lot's latest (in this
    transaction: watchers read the row only once it commits). None written (the lot was no longer open):
    nothing to explain."""
    row = await lots.lot_by_id(session, lot_id)
    if row is None:
        return
    stmt = select(LotEvent).where(
        LotEvent.lot_id == lot_id, LotEvent.sequence == row.last_event_sequence, LotEvent.kind == "paused"
    )
    event = (await session.execute(stmt)).scalar_one_or_none()
    if event is not None:
        event.payload = {**event.payload, "reason": reason}
        await session.flush()
