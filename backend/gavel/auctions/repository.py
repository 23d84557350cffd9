"""Every query of the auctions module: auctions, events, lanes and runs."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from functools import lru_cache
from typing import Any

from sqlalchemy import DateTime, Select, and_, bindparam, case, exists, func, or_, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import joinedload, raiseload

from gavel.auctions.models import Auction, AuctionEvent, Lane, Run
from gavel.auctions.schemas import AuctionCounts, AuctionQuery
from gavel.core.clock import day_start
from gavel.core.paging import SortOrder, count_of, like_pattern
from gavel.invoices.models import Invoice
from gavel.locations.models import Location
from gavel.members.models import Member
from gavel.users.models import User
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


async def count_rows(session: AsyncSession) -> dict[tuple[str, str], int]:
    """How many auctions there are of each status and type, from one grouped query."""
    stmt = select(Auction.status, Auction.auction_type, func.count()).group_by(
        Auction.status, Auction.auction_type
    )
    return {(status, auction_type): n for status, auction_type, n in (await session.execute(stmt)).all()}


def counts_of(rows: dict[tuple[str, str], int]) -> AuctionCounts:
    """Every count of the auction lists, from the count rows."""
    by_status: dict[str, int] = {}
    by_type: dict[str, int] = {}
    for (status, auction_type), n in rows.items():
        by_status[status] = by_status.get(status, 0) + n
        by_type[auction_type] = by_type.get(auction_type, 0) + n
    return AuctionCounts(
        total_auctions=sum(by_status.values()),
        total_live=by_type.get("Live", 0),
        total_online=by_type.get("Online", 0),
        total_draft=by_status.get("draft", 0),
        total_unpublished=by_status.get("unpublished", 0),
        total_publish=by_status.get("publish", 0),
        total_completed=by_status.get("completed", 0),
    )


async def counts(session: AsyncSession) -> AuctionCounts:
    """Every count of the auction lists, from one grouped query."""
    return counts_of(await count_rows(session))


# The auctions list. Its statements are built once per shape (which filters are given, which sort) with the
# values bound at execution, like the members and vehicles lists: building a statement and its cache key
# anew cost more than running it (issue 16). A page is read as rows: its ids from the (status, sort column,
# id) index, then those auctions with their yard, creator, the vehicles their events hold and their next
# event, in one statement; the total comes from the counts when it can.

Shape = tuple[str, ...]
Values = dict[str, Any]

SORTABLE = {
    "createdAt": Auction.created_at,
    "auctionTitle": Auction.title_key,
    "firstEventDate": Auction.first_event_at,
}

# The auction's own fields of AuctionOut, by the name AuctionOut validates them by.
_FIELDS = {
    "id": Auction.id,
    "auction_title": Auction.auction_title,
    "auction_type": Auction.auction_type,
    "status": Auction.status,
    "lane_count": Auction.lane_count,
    "bid_increment_amount": Auction.bid_increment_amount,
    "counter_bid_time": Auction.counter_bid_time,
    "repeat_type": Auction.repeat_type,
    "repeat_until": Auction.repeat_until,
    "event_count": Auction.event_count,
    "first_event_date": Auction.first_event_at,
    "last_event_date": Auction.last_event_at,
    "created_at": Auction.created_at,
}
FIELD_NAMES = tuple(_FIELDS)
_LANE_COUNT = FIELD_NAMES.index("lane_count")

# How many vehicles the auction's events hold now (runs without a sale are history).
_VEHICLES = (
    select(func.count(Run.id))
    .select_from(AuctionEvent)
    .join(Run, Run.event_id == AuctionEvent.id)
    .where(AuctionEvent.auction_id == Auction.id, Run.is_current.is_(True))
    .correlate(Auction)
    .scalar_subquery()
)
# The start of its next event that has not ended and is not completed.
_NEXT_EVENT = (
    select(func.min(AuctionEvent.start_at))
    .where(
        AuctionEvent.auction_id == Auction.id,
        AuctionEvent.end_at > bindparam("now", type_=DateTime(timezone=True)),
        AuctionEvent.status != "completed",
    )
    .correlate(Auction)
    .scalar_subquery()
)

_COLUMNS: tuple[Any, ...] = (
    *_FIELDS.values(),
    Location.id,
    Location.title,
    Location.city,
    User.id,
    User.full_name,
    _VEHICLES,
    _NEXT_EVENT,
)

# The auctions with their yard, creator and figures: what an auction's answer shows, in one statement.
_WITH_FIGURES = (
    select(*_COLUMNS)
    .select_from(Auction)
    .join(Location, Location.id == Auction.location_id)
    .outerjoin(User, User.id == Auction.created_by_id)
)


def filter_of(query: AuctionQuery) -> tuple[Shape, Values]:
    """The list's filters as a shape (which conditions) and their values."""
    shape: list[str] = []
    values: Values = {}
    given: dict[str, Any] = {
        "status": query.status.value if query.status else None,
        "auction_type": query.auction_type.value if query.auction_type else None,
        "location": query.location or None,
        "search": like_pattern(query.search_term) if query.search_term else None,
        "date_from": day_start(query.date_from) if query.date_from else None,
        "date_to": day_start(query.date_to + timedelta(days=1)) if query.date_to else None,
    }
    for name, value in given.items():
        if value is not None:
            shape.append(name)
            values[name] = value
    return tuple(shape), values


@lru_cache(maxsize=128)
def _filtered(shape: Shape) -> Select[Any]:
    """The ids of the auctions the shape's filters keep, each value a parameter named as in filter_of."""
    stmt = select(Auction.id)
    for name in shape:
        if name == "status":
            stmt = stmt.where(Auction.status == bindparam(name))
        elif name == "auction_type":
            stmt = stmt.where(Auction.auction_type == bindparam(name))
        elif name == "location":
            stmt = stmt.where(Auction.location_id == bindparam(name))
        elif name == "search":
            stmt = stmt.where(Auction.title_key.like(bindparam(name), escape="\\"))
    held = [AuctionEvent.auction_id == Auction.id]
    if "date_from" in shape:
        held.append(AuctionEvent.start_at >= bindparam("date_from", type_=DateTime(timezone=True)))
    if "date_to" in shape:
        held.append(AuctionEvent.start_at < bindparam("date_to", type_=DateTime(timezone=True)))
    if len(held) > 1:
        stmt = stmt.where(exists().where(*held))
    return stmt


@lru_cache(maxsize=128)
def _page_statement(shape: Shape, sort_by: str, ascending: bool) -> Select[Any]:
    column = SORTABLE.get(sort_by, Auction.created_at)
    ordering = (column.asc(), Auction.id.asc()) if ascending else (column.desc(), Auction.id.desc())
    # The page's ids first, from the (status, sort column, id) index alone; then only those rows are read
    # with their yard, creator and figures.
    keys = (
        _filtered(shape)
        .order_by(*ordering)
        .offset(bindparam("page_offset"))
        .limit(bindparam("page_limit"))
        .subquery("page_keys")
    )
    return _WITH_FIGURES.join(keys, keys.c.id == Auction.id).order_by(*ordering)


def total_from_counts(query: AuctionQuery, count_rows: dict[tuple[str, str], int]) -> int | None:
    """The page's total when its only filters are the counts' own keys (status, type), or None."""
    shape, values = filter_of(query)
    if not set(shape) <= {"status", "auction_type"}:
        return None
    return sum(
        n
        for (status, auction_type), n in count_rows.items()
        if values.get("status", status) == status and values.get("auction_type", auction_type) == auction_type
    )


def _answer_row(row: Any) -> dict[str, Any]:
    """A row of _WITH_FIGURES as AuctionOut validates it (presenter.auction_answers)."""
    n = len(FIELD_NAMES)
    return {
        **dict(zip(FIELD_NAMES, row[:n], strict=True)),
        "lanes": row[_LANE_COUNT],
        "location": {"id": row[n], "title": row[n + 1], "city": row[n + 2]},
        "created_by": {"id": row[n + 3], "full_name": row[n + 4]} if row[n + 3] is not None else None,
        "total_vehicle_count": row[n + 5],
        "next_event_date": row[n + 6],
    }


async def page(
    session: AsyncSession, query: AuctionQuery, now: datetime, known_total: int | None
) -> tuple[list[dict[str, Any]], int]:
    """A page of the list as the answer's rows, and how many auctions match (`known_total` when the caller
    counted them already)."""
    shape, values = filter_of(query)
    total = known_total if known_total is not None else await count_of(session, _filtered(shape), values)
    ascending = query.sort_order == SortOrder.ASC
    result = await session.execute(
        _page_statement(shape, query.sort_by or "", ascending),
        {**values, "now": now, "page_offset": query.offset, "page_limit": query.limit},
    )
    return [_answer_row(row) for row in result], total


async def answer_rows(
    session: AsyncSession, auction_ids: Sequence[str], now: datetime
) -> list[dict[str, Any]]:
    """These auctions as the answer's rows, in the order given (a created auction's answer)."""
    result = await session.execute(_WITH_FIGURES.where(Auction.id.in_(list(auction_ids))), {"now": now})
    found = {row[0]: _answer_row(row) for row in result}
    return [found[i] for i in auction_ids if i in found]


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


def _unpaid_sales() -> Any:
    """Sold vehicles whose price the verified payments of their invoice do not cover yet (fees and storage
    owed on top of a paid price do not use up buying power)."""
    invoice = and_(Invoice.vehicle_id == Vehicle.id, Invoice.kind == "invoice", Invoice.status != "cancelled")
    return (
        select(Vehicle.buyer_member_id, Vehicle.sold_for)
        .outerjoin(Invoice, invoice)
        .where(Vehicle.status == "sold", func.coalesce(Invoice.paid_amount, 0) < Vehicle.sold_for)
    )


async def unpaid_purchases(session: AsyncSession, buyer_id: str, *, besides: str | None = None) -> Decimal:
    """The prices of what a buyer bought and has not paid for yet (besides one vehicle, when given)."""
    stmt = (
        _unpaid_sales()
        .where(Vehicle.buyer_member_id == buyer_id)
        .with_only_columns(func.sum(Vehicle.sold_for))
    )
    if besides is not None:
        stmt = stmt.where(Vehicle.id != besides)
    return await session.scalar(stmt) or Decimal("0.00")


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


# A history entry shows the run's lane, buyer and vehicle (title and lot) and its auction's title: nothing
# else is joined (the vehicle's seller and photos, the yard with its manager and hours, the auction's creator
# with their role would make thirteen tables, past PostgreSQL's join_collapse_limit, bench/README.md).
HISTORY_LOADS = (
    joinedload(Run.vehicle).raiseload("*"),
    joinedload(Run.buyer).raiseload("*"),
    joinedload(Run.lane).raiseload("*"),
)
HISTORY_EVENT_LOADS = (joinedload(AuctionEvent.auction).raiseload("*"), raiseload(AuctionEvent.lanes))


async def history(session: AsyncSession, member_id: str) -> list[tuple[str, Run, AuctionEvent]]:
    """Every run of the member's vehicles (as seller) and every purchase (as buyer), newest first.

    The runs are chosen first, in a statement of their own: the two halves apart, each from its own index
    (the member's vehicles, then their runs; the runs the member bought). One OR across the join could use
    neither (1.5 s at a million runs and vehicles); and the same halves inside the statement that loads the
    runs with their tables were joined last, after every run of the table (8 s, then 60 s under the sale day's
    load: bench/README.md 'Sale day under load')."""
    sold_by = select(Run.id).join(Vehicle, Vehicle.id == Run.vehicle_id).where(Vehicle.member_id == member_id)
    bought_by = select(Run.id).where(Run.buyer_id == member_id, Run.outcome == "sold")
    run_ids = set((await session.scalars(union_all(sold_by, bought_by))).all())
    if not run_ids:
        return []
    stmt = (
        select(Run, AuctionEvent)
        .join(AuctionEvent, AuctionEvent.id == Run.event_id)
        .where(Run.id.in_(run_ids))
        .options(*HISTORY_LOADS, *HISTORY_EVENT_LOADS)
        .order_by(AuctionEvent.start_at.desc(), Run.run_number)
    )
    rows = (await session.execute(stmt)).unique().all()
    return [("buyer" if run.buyer_id == member_id else "seller", run, event) for run, event in rows]


async def vehicle_runs(session: AsyncSession, vehicle_id: str) -> list[tuple[Run, AuctionEvent]]:
    stmt = (
        select(Run, AuctionEvent)
        .join(AuctionEvent, AuctionEvent.id == Run.event_id)
        .where(Run.vehicle_id == vehicle_id)
        .options(*HISTORY_LOADS, *HISTORY_EVENT_LOADS)
        .order_by(AuctionEvent.start_at.desc())
    )
    return [(run, event) for run, event in (await session.execute(stmt)).unique().all()]
