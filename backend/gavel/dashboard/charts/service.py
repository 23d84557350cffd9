"""The period a chart covers, and each chart's figures from the repository's grouped rows."""

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.clock import day_start, dubai_date
from gavel.dashboard.charts import leaders, repository
from gavel.dashboard.charts.schemas import (
    AgeBucket,
    ChartPeriod,
    EventSellThrough,
    HammerBand,
    HammerVsReserve,
    PeriodName,
    Pipeline,
    PipelineStage,
    ReceivableAge,
    Receivables,
    ReserveBand,
    SalesPerWeek,
    SellThrough,
    StageCount,
    TopMember,
    TopMembers,
    WeekSales,
)
from gavel.errors import Invalid
from gavel.vehicles.models import Vehicle

MAX_DAYS = 366
ZERO = Decimal("0")


@dataclass(frozen=True)
class Period:
    start: date
    end: date
    today: date
    name: PeriodName | None = None  # a week, month, quarter or year (None: dates asked for)

    @property
    def out(self) -> ChartPeriod:
        return ChartPeriod(start=self.start, end=self.end)


def resolve_period(name: PeriodName | None, start: date | None, end: date | None, now: datetime) -> Period:
    """A named period around today (Asia/Dubai; weeks start on Monday) or the days asked for; this month
    when nothing is asked."""
    today = dubai_date(now)
    if name is not None and (start is not None or end is not None):
        raise Invalid.field("period", "Choose either a period or dates, not both.")
    if start is not None or end is not None:
        return _dates(start, end, today)
    return _named(name or PeriodName.MONTH, today)


def _dates(start: date | None, end: date | None, today: date) -> Period:
    if start is None or end is None:
        field = "from" if start is None else "to"
        raise Invalid.field(field, "Choose both the first and the last day of the period.")
    if start > end:
        raise Invalid.field("to", "The last day of the period must be on or after its first day.")
    if (end - start).days + 1 > MAX_DAYS:
        raise Invalid.field("to", f"Choose a period of at most {MAX_DAYS} days.")
    return Period(start, end, today)


def _named(name: PeriodName, today: date) -> Period:
    if name is PeriodName.WEEK:
        start = today - timedelta(days=today.weekday())
        return Period(start, start + timedelta(days=6), today, name)
    if name is PeriodName.YEAR:
        return Period(date(today.year, 1, 1), date(today.year, 12, 31), today, name)
    first_month = today.month if name is PeriodName.MONTH else 3 * ((today.month - 1) // 3) + 1
    start = date(today.year, first_month, 1)
    months = 1 if name is PeriodName.MONTH else 3
    after = date(start.year + (first_month + months - 1) // 12, (first_month + months - 1) % 12 + 1, 1)
    return Period(start, after - timedelta(days=1), today, name)


def _monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


async def sales_per_week(session: AsyncSession, period: Period) -> SalesPerWeek:
    weeks: dict[date, tuple[int, Decimal]] = {}
    monday = _monday(period.start)
    while monday <= period.end:
        weeks[monday] = (0, ZERO)
        monday += timedelta(days=7)
    for day, count, amount in await repository.sales_by_day(session, period.start, period.end):
        old_count, old_amount = weeks[_monday(day)]
        weeks[_monday(day)] = (old_count + count, old_amount + amount)
    return SalesPerWeek(
        period=period.out,
        weeks=[WeekSales(week_start=w, count=c, amount=a) for w, (c, a) in weeks.items()],
        total_count=sum(c for c, _ in weeks.values()),
        total_amount=sum((a for _, a in weeks.values()), ZERO),
    )


async def sell_through(session: AsyncSession, period: Period, limit: int) -> SellThrough:
    latest = await repository.latest_events(session, period.start, period.end, limit)
    results = await repository.results_by_event(session, [(event_id, day) for event_id, day, _ in latest])
    events = []
    for event_id, sale_date, title in latest:
        run, sold = results.get(event_id, (0, 0))
        rate = sold / run if run else 0.0
        events.append(
            EventSellThrough(
                event_id=event_id, sale_date=sale_date, auction_title=title, run=run, sold=sold, rate=rate
            )
        )
    total_events, run, sold = await repository.period_results(session, period.start, period.end)
    return SellThrough(
        period=period.out,
        events=events,
        total_events=total_events,
        run=run,
        sold=sold,
        rate=sold / run if run else None,
    )


async def hammer_vs_reserve(session: AsyncSession, period: Period) -> HammerVsReserve:
    rows = await repository.hammer_bands(session, period.start, period.end)
    found = {name: (count, hammer, reserve) for name, count, hammer, reserve in rows}
    bands = []
    for band in ReserveBand:
        count, hammer, reserve = found.get(band.value, (0, ZERO, ZERO))
        bands.append(HammerBand(band=band, count=count, hammer=hammer, reserve=reserve))
    with_reserve = [b for b in bands if b.band is not ReserveBand.NO_RESERVE]
    return HammerVsReserve(
        period=period.out,
        bands=bands,
        hammer_total=sum((b.hammer for b in with_reserve), ZERO),
        reserve_total=sum((b.reserve for b in with_reserve), ZERO),
    )


def _stage(status: str, paid: bool, released: bool, placed: bool) -> PipelineStage | None:
    if status == "sold":
        return PipelineStage.RELEASED if released else PipelineStage.PAID if paid else PipelineStage.SOLD
    if status == "approved":
        return PipelineStage.IN_EVENT if placed else PipelineStage.APPROVED
    if status in ("rejected", "unapproved"):
        return PipelineStage.REJECTED
    return {"pending": PipelineStage.REVIEW, "cancelled": PipelineStage.CANCELLED}.get(status)


async def pipeline(session: AsyncSession, period: Period) -> Pipeline:
    counts = dict.fromkeys(PipelineStage, 0)
    submitted = 0
    for status, paid, released, placed, count in await repository.stages(session, period.start, period.end):
        submitted += count
        stage = _stage(status, paid, released, placed)
        if stage is not None:
            counts[stage] += count
    return Pipeline(
        period=period.out,
        stages=[StageCount(stage=s, count=n) for s, n in counts.items()],
        submitted=submitted,
    )


async def receivables(session: AsyncSession, period: Period) -> Receivables:
    """Ages in Dubai days from the issue day to today: 0-2 is issued today or on the two days before."""
    today = period.today
    edges = [
        (AgeBucket.DAYS_0_2.value, day_start(today - timedelta(days=2))),
        (AgeBucket.DAYS_3_7.value, day_start(today - timedelta(days=7))),
        (AgeBucket.DAYS_8_30.value, day_start(today - timedelta(days=30))),
    ]
    start, end = day_start(period.start), day_start(period.end + timedelta(days=1))
    rows = await repository.receivables(session, start, end, edges, AgeBucket.OVER_30.value)
    found = {name: (count, total - paid) for name, count, total, paid in rows}
    buckets = []
    for bucket in AgeBucket:
        count, amount = found.get(bucket.value, (0, ZERO))
        buckets.append(ReceivableAge(bucket=bucket, count=count, amount=amount))
    return Receivables(
        period=period.out,
        as_of=today,
        buckets=buckets,
        total_count=sum(b.count for b in buckets),
        total_amount=sum((b.amount for b in buckets), ZERO),
    )


async def top_members(session: AsyncSession, period: Period, limit: int) -> TopMembers:
    """A named period reads its running totals; dates asked for are searched from the totals of the periods
    around them (gavel.dashboard.charts.leaders)."""
    if period.name is not None:
        kind = period.name.value
        sellers = await repository.top_members_of(session, kind, period.start, "seller", limit)
        buyers = await repository.top_members_of(session, kind, period.start, "buyer", limit)
    else:
        start, end = period.start, period.end
        sellers = await leaders.top_of_dates(session, start, end, "seller", Vehicle.member_id, limit)
        buyers = await leaders.top_of_dates(session, start, end, "buyer", Vehicle.buyer_member_id, limit)
    names = await repository.member_names(session, sorted({m for m, _, _ in sellers + buyers}))

    def listed(rows: list[tuple[str, int, Decimal]]) -> list[TopMember]:
        return [TopMember(member_id=m, name=names.get(m, ""), count=n, amount=a) for m, n, a in rows]

    return TopMembers(period=period.out, sellers=listed(sellers), buyers=listed(buyers))
