"""Every query of the watch list."""

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import Auction, AuctionEvent, Lane
from gavel.bidders.lots.repository import visible
from gavel.bidders.watchlist.models import BidderWatch
from gavel.bidding.models import LotRow


async def watched_lots(session: AsyncSession, member_id: str) -> list[LotRow]:
    """The lots the member watches (of events members see), by their event's start, lane and run order."""
    stmt = (
        select(LotRow)
        .join(BidderWatch, BidderWatch.lot_id == LotRow.id)
        .join(AuctionEvent, AuctionEvent.id == LotRow.event_id)
        .join(Auction, Auction.id == AuctionEvent.auction_id)
        .join(Lane, Lane.id == LotRow.lane_id)
        .where(BidderWatch.member_id == member_id, *visible())
        .order_by(AuctionEvent.start_at, Lane.lane_number, LotRow.run_number, LotRow.id)
    )
    return list((await session.execute(stmt)).scalars())


async def watch(session: AsyncSession, member_id: str, lot_id: str, now: datetime) -> None:
    """One row per member and lot: a second tap (or two at once) finds it and changes nothing."""
    insert = postgresql_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    await session.execute(
        insert(BidderWatch)
        .values(member_id=member_id, lot_id=lot_id, created_at=now)
        .on_conflict_do_nothing(index_elements=[BidderWatch.member_id, BidderWatch.lot_id])
    )


async def unwatch(session: AsyncSession, member_id: str, lot_id: str) -> None:
    await session.execute(
        delete(BidderWatch).where(BidderWatch.member_id == member_id, BidderWatch.lot_id == lot_id)
    )
