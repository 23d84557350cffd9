"""The top sellers or buyers of dates asked for, without grouping every sale of those dates.

A year of sales groups into some 70,000 members per side (half a second on the bench); the named periods'
running totals (`chart_member_period`) answer only for their own periods. So the search covers the dates with
a few lists (a year, quarters or months of totals, and the sales of the days of a month held only in part,
grouped) and reads each list's members of the highest totals, a few hundred at a time:

- a member read in some lists has at most what those lists hold of them plus each other list's floor (the
  lowest total read from it), as the dates lie within the lists' periods and no total is negative;
- a member read in no list has at most the sum of the floors.

The likeliest members are counted exactly (their sales of the dates, through the seller or buyer index) to
set a last place; the lists are read deeper until the last place is above the sum of the floors, and then
every member read who could still reach it is counted. The answer is exact (Fagin's threshold algorithm);
tests/dashboard_charts/test_leaders.py checks it against grouping. When the floors will not fall (a flat
spread of totals), the search stops and groups the sales instead.
"""

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.dashboard.charts import repository

ZERO = Decimal("0")
# Shorter ranges hold few enough sales to group them outright.
GROUP_UP_TO_DAYS = 62
# The members read per period in the first round; each further round reads twice as many.
FIRST_DEPTH = 128
# The members of some days grouped at first (read deeper, they are grouped again).
DAYS_DEPTH = 1024
# Past this many members read per list or counted one by one, grouping every sale of the dates is cheaper.
MOST_CANDIDATES = 8_000

Ranked = list[tuple[str, int, Decimal]]


# What one more list costs the bound, in days of sales: a part of a year is covered by its year, its quarters
# or its months, whichever holds the fewest days beyond the dates (each list adding this many).
LIST_DAYS = 90
MONTHS = {"year": 12, "quarter": 3, "month": 1}


@dataclass(frozen=True)
class Part:
    """One list of the search: a named period's running totals (kind year, quarter or month), or the sales of
    some days of a month that the dates hold only in part, grouped (kind days): exact, and few."""

    kind: str
    first: date
    last: date


def _after(start: date, months: int) -> date:
    index = start.month - 1 + months
    return date(start.year + index // 12, index % 12 + 1, 1)


def _periods(lo: date, hi: date, kind: str) -> list[Part]:
    """The periods of `kind` from the one holding lo to the one holding hi."""
    months = MONTHS[kind]
    first = date(lo.year, ((lo.month - 1) // months) * months + 1, 1)
    found = []
    while first <= hi:
        after = _after(first, months)
        found.append(Part(kind, first, after - timedelta(days=1)))
        first = after
    return found


def _weight(option: list[Part]) -> int:
    return sum((part.last - part.first).days + 1 + LIST_DAYS for part in option)


def _edges_as_days(option: list[Part], lo: date, hi: date) -> list[Part]:
    """Months the dates hold only in part become those days."""
    return [
        part
        if part.kind != "month" or (lo <= part.first and part.last <= hi)
        else Part("days", max(lo, part.first), min(hi, part.last))
        for part in option
    ]


def cover(start: date, end: date) -> tuple[Part, ...]:
    """The lists whose union holds the dates: per calendar year of the dates, the year, its quarters or its
    months that hold them, whichever adds the fewest days and lists; months held in part become days."""
    parts: list[Part] = []
    for year in range(start.year, end.year + 1):
        lo, hi = max(start, date(year, 1, 1)), min(end, date(year, 12, 31))
        options = [_periods(lo, hi, kind) for kind in MONTHS]
        parts += _edges_as_days(min(options, key=_weight), lo, hi)
    return tuple(parts)


async def _leaders(
    session: AsyncSession,
    part: Part,
    side: str,
    column: Any,
    depth: int,
    days: dict[Part, tuple[int, Ranked]],
) -> list[tuple[str, Decimal]]:
    """The `depth` members of the highest total of one list. The sales of some days are grouped again only
    when the search reads deeper than the rows kept (at least DAYS_DEPTH)."""
    if part.kind != "days":
        return await repository.period_leaders(session, part.kind, part.first, side, depth)
    asked, kept = days.get(part, (0, []))
    if asked < depth:
        asked = max(depth, DAYS_DEPTH)
        kept = await repository.top_members(session, part.first, part.last, column, asked)
        days[part] = (asked, kept)
    return [(member, amount) for member, _, amount in kept[:depth]]


def _ranked(exact: dict[str, tuple[int, Decimal]]) -> Ranked:
    rows = [(member, count, amount) for member, (count, amount) in exact.items() if count > 0]
    rows.sort(key=lambda row: (-row[2], row[0]))
    return rows


async def top_of_dates(
    session: AsyncSession, start: date, end: date, side: str, column: Any, limit: int
) -> Ranked:
    """The `limit` members (seller or buyer column) of the highest hammer total of sales from start to end,
    as the grouping query ranks them (amount, then member id)."""
    if (end - start).days + 1 <= GROUP_UP_TO_DAYS:
        return await repository.top_members(session, start, end, column, limit)
    await repository.plan_each_statement(session)
    found = await _search(session, start, end, side, column, limit)
    if found is None:
        return await repository.top_members(session, start, end, column, limit)
    return found


class _Search:
    """The members counted exactly so far, and what the lists read say of the others."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.exact: dict[str, tuple[int, Decimal]] = {}

    def last_place(self) -> Decimal | None:
        """The total of the `limit`-th member counted so far (None while fewer are counted)."""
        ranked = _ranked(self.exact)
        return ranked[self.limit - 1][2] if len(ranked) >= self.limit else None

    def most_possible(
        self, read: list[dict[str, Decimal]], floors: list[Decimal]
    ) -> list[tuple[Decimal, str]]:
        """Every member read but not counted yet, with the most their total can be, highest first: in each
        list what it holds of them, or at most that list's floor (nothing where it was read to its end)."""
        waiting = {member for values in read for member in values} - self.exact.keys()
        bounds = [
            (
                sum((values.get(member, floor) for values, floor in zip(read, floors, strict=True)), ZERO),
                member,
            )
            for member in waiting
        ]
        bounds.sort(reverse=True)
        return bounds


async def _search(
    session: AsyncSession, start: date, end: date, side: str, column: Any, limit: int
) -> Ranked | None:
    lists = cover(start, end)
    search = _Search(limit)
    days: dict[Part, tuple[int, Ranked]] = {}
    depth = max(FIRST_DEPTH, 2 * limit)
    while depth <= MOST_CANDIDATES:
        rows = [await _leaders(session, part, side, column, depth, days) for part in lists]
        read = [dict(values) for values in rows]
        floors = [values[-1][1] if len(values) == depth else ZERO for values in rows]
        waiting = search.most_possible(read, floors)
        # The likeliest first, to set a last place.
        await _count(session, search, column, [member for _, member in waiting[: 2 * limit]], start, end)
        last = search.last_place()
        done = all(len(values) < depth for values in rows)
        # A member not read in any list has at most the sum of the floors: until the last place is above it,
        # read deeper (the others read so far can only come closer to what they hold).
        if not done and (last is None or last <= sum(floors, ZERO)):
            depth *= 2
            continue
        # The others who could still reach the last place.
        rest = [member for most, member in waiting[2 * limit :] if last is None or most >= last]
        if len(search.exact) + len(rest) > MOST_CANDIDATES:
            return None
        await _count(session, search, column, rest, start, end)
        return _ranked(search.exact)[:limit]
    return None


async def _count(
    session: AsyncSession, search: _Search, column: Any, members: list[str], start: date, end: date
) -> None:
    counted = await repository.member_sales(session, column, members, start, end)
    search.exact.update({member: counted.get(member, (0, ZERO)) for member in members})
