"""The live feed's reads: the lot events after given numbers (the table is the truth a notice points at), and
the event and lane a socket names."""

from collections.abc import Mapping

from sqlalchemy import and_, exists, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import AuctionEvent, Lane
from gavel.bidding.models import LotEvent, LotRow

# How many lots one read names at most (a resync asks for many; a batch of notices rarely does).
CHUNK = 200


async def events_after_each(
    session: AsyncSession, after: Mapping[str, int], *, event_id: str | None = None
) -> list[tuple[LotEvent, str, str]]:
    """Each lot's events after its number (`after`: lot id -> sequence), lot by lot in sequence order, with
    the lot's event and lane; with `event_id`, only the lots of that auction event."""
    found: list[tuple[LotEvent, str, str]] = []
    lots = list(after.items())
    for start in range(0, len(lots), CHUNK):
        chunk = lots[start : start + CHUNK]
        stmt = (
            select(LotEvent, LotRow.event_id, LotRow.lane_id)
            .join(LotRow, LotRow.id == LotEvent.lot_id)
            .where(or_(*(and_(LotEvent.lot_id == lot, LotEvent.sequence > seq) for lot, seq in chunk)))
            .order_by(LotEvent.lot_id, LotEvent.sequence)
        )
        if event_id is not None:
            stmt = stmt.where(LotRow.event_id == event_id)
        found += [(e, ev, lane) for e, ev, lane in (await session.execute(stmt)).all()]
    return found


async def event_exists(session: AsyncSession, event_id: str) -> bool:
    stmt = select(exists().where(AuctionEvent.id == event_id))
    return bool((await session.execute(stmt)).scalar())


async def lane_of_event(session: AsyncSession, event_id: str, lane_id: str) -> bool:
    stmt = select(exists().where(Lane.id == lane_id, Lane.event_id == event_id))
    return bool((await session.execute(stmt)).scalar())
