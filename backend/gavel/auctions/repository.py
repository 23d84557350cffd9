"""The queries of the auctions' rules: auctions and events by id, lanes and runs, the buyers' look-up and the
calendar. The list's page and counts are in listing.py, the auction history in history.py."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, and_, bindparam, case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import joinedload

from gavel.auctions.models import Auction, AuctionEvent, Lane, Run
from gavel.core.paging import count_of, like_pattern
from gavel.deposits import repository as deposits
from gavel.invoices import repository as invoices
from gavel.locations.models import Location
from gavel.members.models import Member
from gavel.vehicles.models import Vehicle

# A run shows its vehicle's summary, images and seller's name: the seller's profile and plan stay unread.
RUN_LOADS = (
    joinedload(Run.vehicle).joinedload(Vehicle.seller).raiseload("*"),
    joinedload(Run.vehicle).raiseload(Vehicle.buyer),
    joinedload(Run.buyer).raiseload("*"),
    joinedload(Run.lane).raiseload("*"),
)


# An event shows its auction's title, type, status and yard: the yard's hours and manager and the auction's
# creator (with their role and privileges) stay unread.
EVENT_LOADS = (
    joinedload(AuctionEvent.auction).joinedload(Auction.location).raiseload("*"),
    joinedload(AuctionEvent.auction).raiseload(Auction.created_by),
)


async def by_id(session: AsyncSession, auction_id: str, *, lock: bool = False) -> Auction | None:
    stmt = select(Auction).where(Auction.id == auction_id)
    if lock:
        stmt = stmt.with_for_update(of=Auction, key_share=True).execution_options(populate_existing=True)
    return (await session.scalars(stmt)).unique().one_or_none()


async def by_ids(session: AsyncSession, ids: Iterable[str], *, lock: bool = False) -> list[Auction]:
    stmt = select(Auction).where(Auction.id.in_(list(ids))).order_by(Auction.id)
    if lock:
        stmt = stmt.with_for_update(of=Auction, key_share=True).execution_options(populate_existing=True)
    return list((await session.scalars(stmt)).unique().all())


async def location(session: AsyncSession, location_id: str) -> Location | None:
    return await session.get(Location, location_id)


async def event_by_id(session: AsyncSession, event_id: str, *, lock: bool = False) -> AuctionEvent | None:
    """An event; `lock` holds its row until commit, so that changes to one event take turns."""
    stmt = select(AuctionEvent).where(AuctionEvent.id == event_id).options(*EVENT_LOADS)
    if lock:
        stmt = stmt.with_for_update(of=AuctionEvent, key_share=True).execution_options(populate_existing=True)
    return (await session.scalars(stmt)).unique().one_or_none()


async def events_of(session: AsyncSession, auction_ids: Sequence[str]) -> list[AuctionEvent]:
    stmt = (
        select(AuctionEvent)
        .options(*EVENT_LOADS)
        .where(AuctionEvent.auction_id.in_(list(auction_ids)))
        .order_by(AuctionEvent.auction_id, AuctionEvent.start_at)
    )
    return list((await session.scalars(stmt)).unique().all())


@dataclass(frozen=True)
class LaneStats:
    vehicles: int
    first_run: int | None
    last_run: int | None


async def lane_stats(session: AsyncSession, event_ids: Sequence[str]) -> dict[str, LaneStats]:
    """Each lane's vehicles and first and last run numbers, from one grouped query."""
    if not event_ids:
        return {}
    stmt = (
        select(Run.lane_id, func.count(Run.id), func.min(Run.run_number), func.max(Run.run_number))
        .where(Run.event_id.in_(list(event_ids)))
        .group_by(Run.lane_id)
    )
    return {
        lane_id: LaneStats(int(n), low, high) for lane_id, n, low, high in (await session.execute(stmt)).all()
    }


@dataclass(frozen=True)
class EventStats:
    vehicles: int
    results: int
    sold: int
    sold_total: Decimal


async def event_stats(session: AsyncSession, event_ids: Sequence[str]) -> dict[str, EventStats]:
    """Each event's vehicles, recorded results, sales and sold total, from one grouped query."""
    if not event_ids:
        return {}
    sold = Run.outcome == "sold"
    stmt = (
        select(
            Run.event_id,
            func.count(Run.id),
            func.count(Run.outcome),
            func.coalesce(func.sum(case((sold, 1), else_=0)), 0),
            func.sum(case((sold, Run.sold_for), else_=None)),
        )
        .where(Run.event_id.in_(list(event_ids)))
        .group_by(Run.event_id)
    )
    return {
        event_id: EventStats(int(n), int(results), int(sales), total or Decimal("0.00"))
        for event_id, n, results, sales, total in (await session.execute(stmt)).all()
    }


async def runs_page(
    session: AsyncSession,
    event_id: str,
    *,
    lane_id: str | None = None,
    search: str | None = None,
    offset: int = 0,
    limit: int = 20,
) -> tuple[list[Run], int]:
    """A page of an event's runs (or one lane's) in lane and run order."""
    stmt = select(Run).where(Run.event_id == event_id)
    if lane_id is not None:
        stmt = stmt.where(Run.lane_id == lane_id)
    if search:
        stmt = stmt.join(Vehicle, Vehicle.id == Run.vehicle_id).where(
            Vehicle.search_text.like(like_pattern(search), escape="\\")
        )
    total = await count_of(session, stmt.with_only_columns(Run.id))
    # The page's ids first, in lane and run order, joined to this event's lanes only (the planner then reads
    # them by their index, never every lane); then those runs alone with their vehicle, seller, buyer and
    # lane. Loading them in the ordered query joined every run of the event before the OFFSET (bench/README).
    ids = list(
        await session.scalars(
            stmt.with_only_columns(Run.id)
            .join(Lane, and_(Lane.id == Run.lane_id, Lane.event_id == event_id))
            .order_by(Lane.lane_number, Run.run_number)
            .offset(offset)
            .limit(limit)
        )
    )
    if not ids:
        return [], total
    rows = {
        r.id: r
        for r in (await session.scalars(select(Run).where(Run.id.in_(ids)).options(*RUN_LOADS))).unique()
    }
    return [rows[i] for i in ids if i in rows], total


async def runs_in_event(session: AsyncSession, event_id: str, vehicle_ids: Sequence[str]) -> list[Run]:
    """The runs of these vehicles in an event, newest first (a vehicle may have run there only once)."""
    stmt = (
        select(Run)
        .where(Run.event_id == event_id, Run.vehicle_id.in_(list(vehicle_ids)))
        .options(*RUN_LOADS)
        .order_by(Run.created_at.desc())
    )
    return list((await session.scalars(stmt)).unique().all())


async def unresulted_runs(session: AsyncSession, event_id: str) -> list[Run]:
    stmt = (
        select(Run)
        .where(Run.event_id == event_id, Run.outcome.is_(None))
        .options(*RUN_LOADS)
        .order_by(Run.run_number)
    )
    return list((await session.scalars(stmt)).unique().all())


async def last_run_numbers(session: AsyncSession, lane_ids: Sequence[str]) -> dict[str, int]:
    stmt = (
        select(Run.lane_id, func.max(Run.run_number))
        .where(Run.lane_id.in_(list(lane_ids)))
        .group_by(Run.lane_id)
    )
    return {lane_id: int(n) for lane_id, n in (await session.execute(stmt)).all()}


async def lots_placed_elsewhere(
    session: AsyncSession, vehicle_ids: Sequence[str], event_id: str
) -> list[int]:
    """The lot numbers of these vehicles that a current run holds in another event, read afresh from the
    database (another request may have placed them since this one read them), in lot order."""
    stmt = (
        select(Vehicle.vehicle_lot_number)
        .join(Run, Run.vehicle_id == Vehicle.id)
        .where(Run.vehicle_id.in_(list(vehicle_ids)), Run.is_current.is_(True), Run.event_id != event_id)
        .order_by(Vehicle.vehicle_lot_number)
    )
    return list(await session.scalars(stmt))


async def has_results(session: AsyncSession, auction_ids: Sequence[str]) -> set[str]:
    stmt = (
        select(AuctionEvent.auction_id)
        .join(Run, Run.event_id == AuctionEvent.id)
        .where(AuctionEvent.auction_id.in_(list(auction_ids)), Run.outcome.is_not(None))
        .distinct()
    )
    return set(await session.scalars(stmt))


async def current_runs_of_auctions(session: AsyncSession, auction_ids: Sequence[str]) -> list[Run]:
    stmt = (
        select(Run)
        .join(AuctionEvent, AuctionEvent.id == Run.event_id)
        .where(AuctionEvent.auction_id.in_(list(auction_ids)), Run.is_current.is_(True))
        .options(*RUN_LOADS)
    )
    return list((await session.scalars(stmt)).unique().all())


async def members_by_ids(session: AsyncSession, ids: Iterable[str]) -> dict[str, Member]:
    stmt = select(Member).where(Member.id.in_(list(ids)))
    return {m.id: m for m in (await session.scalars(stmt)).unique()}


async def buyers(session: AsyncSession, terms: Sequence[str], limit: int) -> list[Member]:
    """Approved members who buy, matching any of the search terms (name, phone, member number...)."""
    stmt = select(Member).where(Member.status == "approved", Member.is_buyer.is_(True))
    if terms:
        stmt = stmt.where(or_(*(Member.search_text.like(like_pattern(t), escape="\\") for t in terms)))
    stmt = stmt.order_by(Member.first_name, Member.last_name, Member.id).limit(limit)
    return list((await session.scalars(stmt)).unique().all())


async def calendar(
    session: AsyncSession, start: datetime, end: datetime, location_id: str | None, auction_type: str | None
) -> list[AuctionEvent]:
    stmt = (
        select(AuctionEvent)
        .join(Auction, Auction.id == AuctionEvent.auction_id)
        .where(AuctionEvent.start_at >= start, AuctionEvent.start_at < end)
        .order_by(AuctionEvent.start_at, AuctionEvent.id)
    )
    if location_id:
        stmt = stmt.where(Auction.location_id == location_id)
    if auction_type:
        stmt = stmt.where(Auction.auction_type == auction_type)
    return list((await session.scalars(stmt)).unique().all())


class BuyerStanding:
    """A buyer's standing read in one statement built once: their unpaid purchases, the number of their
    overdue invoice (None for none) and the caller's `columns` (scalar subqueries, whose bound parameters the
    caller names and gives to `read`). A statement built per call cost a bid more CPU than its round trip (its
    subqueries built and their cache key walked each time)."""

    def __init__(self, *columns: Any) -> None:
        self.columns = len(columns)
        buyer: ColumnElement[str] = bindparam("standing_buyer_id")
        self.statement = select(
            invoices.unpaid_purchases_sum(buyer), deposits.overdue_invoice_number(buyer), *columns
        )

    async def read(
        self, session: AsyncSession, buyer_id: str, params: dict[str, Any] | None = None
    ) -> tuple[Decimal, str | None, tuple[Any, ...]]:
        found = await session.execute(self.statement, {**(params or {}), "standing_buyer_id": buyer_id})
        owed, overdue, *columns = found.one()
        return owed or Decimal("0.00"), overdue, tuple(columns)


_BUYER_STANDING = BuyerStanding()


async def buyer_standing(
    session: AsyncSession, buyer_id: str, *, besides: str | None = None
) -> tuple[Decimal, str | None]:
    """A buyer's unpaid purchases (besides one vehicle, when given) and the number of their overdue invoice
    (None for none), in one statement."""
    if besides is None:
        owed, overdue, _ = await _BUYER_STANDING.read(session, buyer_id)
        return owed, overdue
    owed, overdue = (
        await session.execute(
            select(
                invoices.unpaid_purchases_sum(buyer_id, besides=besides),
                deposits.overdue_invoice_number(buyer_id),
            )
        )
    ).one()
    return owed or Decimal("0.00"), overdue
