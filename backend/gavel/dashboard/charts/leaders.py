"""The top sellers or buyers of dates asked for, without grouping every sale of those dates.

A year of sales groups into some 70,000 members per side (half a second on the bench); the named periods'
running totals (`chart_member_period`) answer only for their own periods. So the search reads the members
with the highest totals of the periods that cover the dates, highest first, a few at a time, and counts
those members' sales of the dates exactly (through the seller or buyer index). A member not read yet has at
most the sum of each period's lowest total read so far: once the last of the top members has more than that
bound, no other member can take its place, and the answer is exact (Fagin's threshold algorithm). When the
bound will not fall (a flat spread of totals), the search stops reading and groups the sales instead.
"""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.dashboard.charts import repository

ZERO = Decimal("0")
# Shorter ranges hold few enough sales to group them outright.
GROUP_UP_TO_DAYS = 62
# The members read per period in the first round; each further round reads four times as many.
FIRST_DEPTH = 64
# Past this many members counted one by one, grouping every sale of the dates is the cheaper way.
MOST_CANDIDATES = 8_000

Ranked = list[tuple[str, int, Decimal]]


@dataclass(frozen=True)
class Cover:
    """The named periods of one kind whose union holds the dates."""

    kind: str
    starts: tuple[date, ...]


def _year(day: date) -> date:
    return date(day.year, 1, 1)


def _quarter(day: date) -> date:
    return date(day.year, 3 * ((day.month - 1) // 3) + 1, 1)


def _after(start: date, months: int) -> date:
    index = start.month - 1 + months
    return date(start.year + index // 12, index % 12 + 1, 1)


def cover(start: date, end: date, kind: str) -> Cover:
    """The periods of `kind` (year or quarter) from the one holding start to the one holding end."""
    first, months = (_year(start), 12) if kind == "year" else (_quarter(start), 3)
    starts = []
    while first <= end:
        starts.append(first)
        first = _after(first, months)
    return Cover(kind, tuple(starts))


def best_cover(start: date, end: date) -> Cover:
    """Years when the dates lie in at most two of them (the bound adds few lists), else quarters."""
    years = cover(start, end, "year")
    return years if len(years.starts) <= 2 else cover(start, end, "quarter")


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
    found = await _search(session, start, end, side, column, limit)
    if found is None:
        return await repository.top_members(session, start, end, column, limit)
    return found


async def _search(
    session: AsyncSession, start: date, end: date, side: str, column: Any, limit: int
) -> Ranked | None:
    periods = best_cover(start, end)
    exact: dict[str, tuple[int, Decimal]] = {}
    depth = max(FIRST_DEPTH, 2 * limit)
    while True:
        leaders = [
            await repository.period_leaders(session, periods.kind, first, side, depth)
            for first in periods.starts
        ]
        new = sorted({member for rows in leaders for member, _ in rows} - exact.keys())
        if len(exact) + len(new) > MOST_CANDIDATES:
            return None
        counted = await repository.member_sales(session, column, new, start, end)
        exact.update({member: counted.get(member, (0, ZERO)) for member in new})
        ranked = _ranked(exact)
        # An unread member has at most each period's lowest total read (nothing where a period was read
        # to its end).
        bound = sum((rows[-1][1] for rows in leaders if len(rows) == depth), ZERO)
        if len(ranked) >= limit and ranked[limit - 1][2] > bound:
            return ranked[:limit]
        if all(len(rows) < depth for rows in leaders):
            return ranked[:limit]
        depth *= 4

