"""The auctions list: its page of rows with their yard, creator and figures, and the counts by status and type
the list shows (one grouped query, which also gives the page's total when it can)."""

from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from sqlalchemy import DateTime, Select, bindparam, exists, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import Auction, AuctionEvent, Run
from gavel.auctions.schemas import AuctionCounts, AuctionQuery
from gavel.core.clock import day_start
from gavel.core.paging import SortOrder, count_of, like_pattern
from gavel.locations.models import Location
from gavel.users.models import User


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
