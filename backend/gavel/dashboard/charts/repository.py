"""Every query of the charts: sums of the running totals of gavel.dashboard.charts.models (a few thousand rows
for a year), and for the top members and the receivables a range of an index that carries what they read."""

from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import and_, case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import Auction, AuctionEvent
from gavel.dashboard.charts.models import ChartEventResult, ChartIntakeDay, ChartMemberPeriod, ChartSaleDay
from gavel.db import set_local
from gavel.invoices.models import Invoice
from gavel.invoices.repository import OPEN
from gavel.members.models import Member
from gavel.vehicles.models import Vehicle

ZERO = Decimal("0")


def _days(start: date, end: date) -> Any:
    return and_(ChartSaleDay.sale_date >= start, ChartSaleDay.sale_date <= end)


async def sales_by_day(session: AsyncSession, start: date, end: date) -> list[tuple[date, int, Decimal]]:
    """Sold vehicles and their hammer total per sale day."""
    rows = await session.execute(
        select(ChartSaleDay.sale_date, func.sum(ChartSaleDay.vehicles), func.sum(ChartSaleDay.hammer))
        .where(_days(start, end))
        .group_by(ChartSaleDay.sale_date)
    )
    return [(day, int(count or 0), amount or ZERO) for day, count, amount in rows.all()]


async def hammer_bands(
    session: AsyncSession, start: date, end: date
) -> list[tuple[str, int, Decimal, Decimal]]:
    """Sold vehicles per band of hammer against reserve: count, hammer total, reserve total."""
    rows = await session.execute(
        select(
            ChartSaleDay.band,
            func.sum(ChartSaleDay.vehicles),
            func.sum(ChartSaleDay.hammer),
            func.sum(ChartSaleDay.reserve),
        )
        .where(_days(start, end))
        .group_by(ChartSaleDay.band)
    )
    return [(band, int(n or 0), hammer or ZERO, reserve or ZERO) for band, n, hammer, reserve in rows.all()]


async def top_members(
    session: AsyncSession, start: date, end: date, column: Any, limit: int
) -> list[tuple[str, int, Decimal]]:
    """The members (seller or buyer column) with the highest hammer total among the period's sales.

    A year of sales groups into some 70,000 members: about 36 MB of hash table, which PostgreSQL's default
    work_mem (4 MB) spills to disk in five batches (a third of the query's time on the bench)."""
    await set_local(session, "work_mem = '64MB'")
    amount = func.sum(Vehicle.sold_for)
    rows = await session.execute(
        select(column, func.count(), amount)
        .where(
            Vehicle.status == "sold",
            Vehicle.event_date >= start,
            Vehicle.event_date <= end,
            column.is_not(None),
        )
        .group_by(column)
        .order_by(amount.desc(), column)
        .limit(limit)
    )
    return [(str(member), int(count), total or ZERO) for member, count, total in rows.all()]


async def top_members_of(
    session: AsyncSession, kind: str, start: date, side: str, limit: int
) -> list[tuple[str, int, Decimal]]:
    """The members with the highest hammer total of a named period (its kind and first day): the totals."""
    t = ChartMemberPeriod
    rows = await session.execute(
        select(t.member_id, t.vehicles, t.amount)
        .where(t.kind == kind, t.period_start == start, t.side == side, t.vehicles > 0)
        .order_by(t.amount.desc(), t.member_id.desc())
        .limit(limit)
    )
    return [(member, int(count), amount) for member, count, amount in rows.all()]


async def plan_each_statement(session: AsyncSession) -> None:
    """Plans this transaction's statements for their own values (PostgreSQL). The driver prepares a statement
    run five times on a connection, and PostgreSQL may then keep one generic plan for it: planned for no
    dates in particular, the search's grouping of a few days took seconds (bench/README.md)."""
    await set_local(session, "plan_cache_mode = force_custom_plan")


async def period_leaders(
    session: AsyncSession, kind: str, start: date, side: str, depth: int
) -> list[tuple[str, Decimal]]:
    """The `depth` members of a named period with the highest total on one side, highest first (the top
    index read backwards from its end)."""
    t = ChartMemberPeriod
    rows = await session.execute(
        select(t.member_id, t.amount)
        .where(t.kind == kind, t.period_start == start, t.side == side, t.vehicles > 0)
        .order_by(t.amount.desc(), t.member_id.desc())
        .limit(depth)
    )
    return [(member, amount) for member, amount in rows.all()]


async def member_sales(
    session: AsyncSession, column: Any, ids: Sequence[str], start: date, end: date
) -> dict[str, tuple[int, Decimal]]:
    """Sold vehicles and their hammer total from start to end (sale days) of each member asked for (seller
    or buyer column), through that column's index."""
    if not ids:
        return {}
    rows = await session.execute(
        select(column, func.count(), func.sum(Vehicle.sold_for))
        .where(
            column.in_(ids),
            Vehicle.status == "sold",
            Vehicle.event_date >= start,
            Vehicle.event_date <= end,
        )
        .group_by(column)
    )
    return {str(member): (int(count), total or ZERO) for member, count, total in rows.all()}


async def member_names(session: AsyncSession, ids: Sequence[str]) -> dict[str, str]:
    if not ids:
        return {}
    rows = await session.execute(
        select(Member.id, Member.first_name, Member.last_name, Member.company_name).where(Member.id.in_(ids))
    )
    return {member_id: company or f"{first} {last}".strip() for member_id, first, last, company in rows.all()}


async def stages(session: AsyncSession, start: date, end: date) -> list[tuple[str, bool, bool, bool, int]]:
    """Vehicles submitted on the Dubai days from start to end, by status, paid, released and placed."""
    t = ChartIntakeDay
    rows = await session.execute(
        select(t.status, t.is_paid, t.is_released, t.assigned, func.sum(t.vehicles))
        .where(t.created_day >= start, t.created_day <= end)
        .group_by(t.status, t.is_paid, t.is_released, t.assigned)
    )
    return [(s, bool(p), bool(r), bool(e), int(n or 0)) for s, p, r, e, n in rows.all()]


async def receivables(
    session: AsyncSession, start: datetime, end: datetime, edges: Sequence[tuple[str, datetime]], oldest: str
) -> list[tuple[str, int, Decimal, Decimal]]:
    """Open invoices issued in [start, end) per age bucket (the first edge the issue time is at or after):
    count, total and paid."""
    bucket = case(*((Invoice.issued_at >= edge, name) for name, edge in edges), else_=oldest).label("bucket")
    rows = await session.execute(
        select(bucket, func.count(), func.sum(Invoice.total), func.sum(Invoice.paid_amount))
        .where(Invoice.status.in_(OPEN), Invoice.issued_at >= start, Invoice.issued_at < end)
        .group_by(bucket)
    )
    return [(name, int(n), total or ZERO, paid or ZERO) for name, n, total, paid in rows.all()]


def _with_results() -> Any:
    return (
        select(ChartEventResult.event_id)
        .where(
            ChartEventResult.sale_date == AuctionEvent.sale_date,
            ChartEventResult.event_id == AuctionEvent.id,
            ChartEventResult.runs > 0,
        )
        .exists()
    )


async def latest_events(
    session: AsyncSession, start: date, end: date, limit: int
) -> list[tuple[str, date, str]]:
    """The period's events with at least one result, the latest first."""
    rows = await session.execute(
        select(AuctionEvent.id, AuctionEvent.sale_date, Auction.auction_title)
        .join(Auction, Auction.id == AuctionEvent.auction_id)
        .where(AuctionEvent.sale_date >= start, AuctionEvent.sale_date <= end, _with_results())
        .order_by(AuctionEvent.sale_date.desc(), AuctionEvent.start_at.desc(), AuctionEvent.id)
        .limit(limit)
    )
    return [(event_id, day, title) for event_id, day, title in rows.all()]


def _run_and_sold() -> tuple[Any, Any]:
    counted = ChartEventResult.outcome.in_(("sold", "notSold"))
    run = func.coalesce(func.sum(case((counted, ChartEventResult.runs), else_=0)), 0)
    sold = func.coalesce(
        func.sum(case((ChartEventResult.outcome == "sold", ChartEventResult.runs), else_=0)), 0
    )
    return run, sold


async def results_by_event(
    session: AsyncSession, events: Sequence[tuple[str, date]]
) -> dict[str, tuple[int, int]]:
    """Per event (id and sale day): vehicles with a result and vehicles sold."""
    if not events:
        return {}
    run, sold = _run_and_sold()
    keys = or_(
        *(and_(ChartEventResult.sale_date == day, ChartEventResult.event_id == e) for e, day in events)
    )
    rows = await session.execute(
        select(ChartEventResult.event_id, run, sold).where(keys).group_by(ChartEventResult.event_id)
    )
    return {event_id: (int(n_run), int(n_sold)) for event_id, n_run, n_sold in rows.all()}


async def period_results(session: AsyncSession, start: date, end: date) -> tuple[int, int, int]:
    """Over the period's sale days: events with a result, vehicles with a result, vehicles sold (per event
    first, then added up: a hash of the period's events rather than a sort)."""
    run, sold = _run_and_sold()
    per_event = (
        select(ChartEventResult.event_id, run.label("run"), sold.label("sold"))
        .where(ChartEventResult.sale_date >= start, ChartEventResult.sale_date <= end)
        .group_by(ChartEventResult.event_id)
        .subquery()
    )
    with_results = per_event.c.run > 0
    row = (
        await session.execute(
            select(
                func.count().filter(with_results),
                func.coalesce(func.sum(per_event.c.run), 0),
                func.coalesce(func.sum(per_event.c.sold), 0),
            )
        )
    ).one()
    return int(row[0]), int(row[1]), int(row[2])
