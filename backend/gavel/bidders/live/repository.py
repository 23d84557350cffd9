"""The bidder socket's reads: the lots a watch names (and their auction events and lanes), an event's lanes,
and the lots on which the member holds a maximum (their `myStatus`: outbid or lost rather than none)."""

from collections.abc import Collection

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import Lane
from gavel.bidding.models import LotMaximum, LotRow

CHUNK = 500


async def places_of_lots(session: AsyncSession, lot_ids: Collection[str]) -> dict[str, tuple[str, str]]:
    """lot id -> (its auction event's id, its lane's id), for the lots that exist."""
    found: dict[str, tuple[str, str]] = {}
    ids = list(lot_ids)
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        stmt = select(LotRow.id, LotRow.event_id, LotRow.lane_id).where(LotRow.id.in_(chunk))
        found.update({lot: (event, lane) for lot, event, lane in (await session.execute(stmt)).all()})
    return found


async def lanes_of_event(session: AsyncSession, event_id: str) -> set[str]:
    return set((await session.scalars(select(Lane.id).where(Lane.event_id == event_id))).all())


async def lots_of_event(session: AsyncSession, event_id: str) -> list[str]:
    stmt = select(LotRow.id).where(LotRow.event_id == event_id)
    return list((await session.scalars(stmt)).all())


async def lots_with_maximum(session: AsyncSession, member_id: str, event_ids: Collection[str]) -> set[str]:
    """The lots of these auction events on which the member holds a maximum."""
    if not event_ids:
        return set()
    stmt = (
        select(LotMaximum.lot_id)
        .join(LotRow, LotRow.id == LotMaximum.lot_id)
        .where(LotMaximum.bidder_id == member_id, LotRow.event_id.in_(list(event_ids)))
    )
    return set((await session.scalars(stmt)).all())
