"""The live feed's reads: the lot events after given numbers (the table is the truth a notice points at), and
the event and lane a socket names."""

from collections.abc import Mapping
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import and_, exists, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import AuctionEvent, Lane
from gavel.bidding.models import LotEvent, LotRow

# How many lots one read names at most (a resync asks for many; a batch of notices rarely does).
CHUNK = 200


class StoredEvent(NamedTuple):
    """A lot event as the feed sends it: its columns, with the lot's auction event and lane. Read as plain
    rows, not ORM objects: the hub reads every batch of notices, in the event loop every socket shares."""

    lot_id: str
    sequence: int
    at: datetime
    kind: str
    payload: dict[str, Any]
    event_id: str
    lane_id: str


async def events_after_each(
    session: AsyncSession, after: Mapping[str, int], *, event_id: str | None = None
) -> list[StoredEvent]:
    """Each lot's events after its number (`after`: lot id -> sequence), lot by lot in sequence order, with
    the lot's event and lane; with `event_id`, only the lots of that auction event."""
    found: list[StoredEvent] = []
    lots = list(after.items())
    for start in range(0, len(lots), CHUNK):
        chunk = lots[start : start + CHUNK]
        stmt = (
            select(
                LotEvent.lot_id,
                LotEvent.sequence,
                LotEvent.at,
                LotEvent.kind,
                LotEvent.payload,
                LotRow.event_id,
                LotRow.lane_id,
            )
            .join(LotRow, LotRow.id == LotEvent.lot_id)
            .where(or_(*(and_(LotEvent.lot_id == lot, LotEvent.sequence > seq) for lot, seq in chunk)))
            .order_by(LotEvent.lot_id, LotEvent.sequence)
        )
        if event_id is not None:
            stmt = stmt.where(LotRow.event_id == event_id)
        found += [StoredEvent(*row) for row in (await session.execute(stmt)).all()]
    return found


async def event_exists(session: AsyncSession, event_id: str) -> bool:
    stmt = select(exists().where(AuctionEvent.id == event_id))
    return bool((await session.execute(stmt)).scalar())


async def lane_of_event(session: AsyncSession, event_id: str, lane_id: str) -> bool:
    stmt = select(exists().where(Lane.id == lane_id, Lane.event_id == event_id))
    return bool((await session.execute(stmt)).scalar())
