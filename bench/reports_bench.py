"""Reports (issue 15): each report on screen for a year, and the CSV and XLSX export of a year, on the bench
database (1,000,000 invoices, 1,500,000 payments, 50,000 events).

    backend/.venv/bin/python bench/reports_bench.py \
        [--database-url postgresql://postgres@127.0.0.1:5432/gavel_bench] [--runs 5] [--exports csv,xlsx]

Only reads: the code the app runs (gavel.reports.service for a page, gavel.reports.tables and
gavel.reports.export for a download) is called in process on the app's engine, each call in a session of its
own as a request has. The year is the 365 Dubai days up to the latest invoice.

1. On screen: the first page (20 rows) of each report with its totals, `--runs` times after a warm-up;
   median and slowest.
2. Exports: each report for the year as CSV and as XLSX, the chunks read as a client would and counted; time,
   rows, bytes, and the peak of the process's resident memory above what it held before the export (sampled
   every 20 ms from /proc/self/statm), which stays flat when the export streams.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

BACKEND = Path(__file__).resolve().parents[1] / "backend"
sys.path.insert(0, str(BACKEND))

from sqlalchemy import func, select  # noqa: E402
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker  # noqa: E402

from gavel.config import normalise_database_url  # noqa: E402
from gavel.core.clock import dubai_date  # noqa: E402
from gavel.db import make_engine  # noqa: E402
from gavel.invoices.models import Invoice  # noqa: E402
from gavel.reports.export import csv_chunks, xlsx_chunks  # noqa: E402
from gavel.reports.schemas import ExportFormat, ExportQuery, ReportName, ReportQuery  # noqa: E402
from gavel.reports.service import report_service  # noqa: E402
from gavel.reports.tables import table_of  # noqa: E402
from gavel.wiring import connect_handlers  # noqa: E402

PAGE_SIZE = 4096


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE_SIZE


class PeakMemory:
    """The highest resident memory seen while the block runs, sampled every 20 ms in a thread."""

    def __init__(self) -> None:
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, rss_bytes())
            self._stop.wait(0.02)

    def __enter__(self) -> PeakMemory:
        self.base = rss_bytes()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, rss_bytes())


async def latest_day(maker: async_sessionmaker[AsyncSession]) -> Any:
    async with maker() as session:
        latest = await session.scalar(select(func.max(Invoice.issued_at)))
    return dubai_date(latest) if latest else dubai_date(datetime.now(UTC))


async def on_screen(
    maker: async_sessionmaker[AsyncSession], query: ReportQuery, now: datetime, runs: int
) -> None:
    calls = {
        "sales by event": lambda s: report_service.sales(s, query),
        "receivables ageing": lambda s: report_service.receivables(s, query, now),
        "payouts": lambda s: report_service.payouts(s, query),
        "VAT": lambda s: report_service.vat(s, query),
    }
    head = "on screen (page 1 of 20 rows, with totals)"
    print(f"{head:<44} {'median ms':>10} {'max ms':>10} {'matching':>10}")
    for name, call in calls.items():
        times = []
        answer: Any = None
        for i in range(runs + 1):
            async with maker() as session:
                start = time.perf_counter()
                answer = await call(session)
                elapsed = (time.perf_counter() - start) * 1000
            if i:  # the first run warms the caches
                times.append(elapsed)
        print(
            f"{name:<44} {statistics.median(times):>10.1f} {max(times):>10.1f} {answer.total_matching:>10,}"
        )


async def export(
    maker: async_sessionmaker[AsyncSession], report: ReportName, query: ExportQuery, now: datetime
) -> tuple[float, int, int, int]:
    async with maker() as session:
        table = table_of(report, session, query, now)
        batches = report_service.rows(session, table.statement, table.expand)
        chunks = (
            csv_chunks(table, batches) if query.format == ExportFormat.CSV else xlsx_chunks(table, batches)
        )
        size = count = 0
        with PeakMemory() as memory:
            start = time.perf_counter()
            async for chunk in chunks:
                size += len(chunk)
                count += 1
            elapsed = time.perf_counter() - start
    return elapsed, size, count, memory.peak - memory.base


async def run(url: str, runs: int, formats: list[str]) -> None:
    engine = make_engine(url)
    maker = async_sessionmaker(engine, expire_on_commit=False)
    last = await latest_day(maker)
    first = last - timedelta(days=364)
    now = datetime.combine(last + timedelta(days=1), datetime.min.time(), tzinfo=UTC)
    print(f"period {first:%d/%m/%Y} to {last:%d/%m/%Y} (365 Dubai days)")
    print(f"receivables aged as of {dubai_date(now):%d/%m/%Y}")
    await on_screen(maker, ReportQuery(date_from=first, date_to=last, page_no=1, limit=20), now, runs)
    print()
    print(f"{'export of the year':<32} {'seconds':>8} {'MB':>8} {'chunks':>8} {'peak RSS +MB':>13}")
    for report in ReportName:
        for fmt in formats:
            query = ExportQuery(date_from=first, date_to=last, format=ExportFormat(fmt))
            elapsed, size, count, peak = await export(maker, report, query, now)
            label = f"{report.value} {fmt}"
            print(f"{label:<32} {elapsed:>8.1f} {size / 1e6:>8.1f} {count:>8,} {peak / 1e6:>13.1f}")
    print(f"process resident memory at the end: {rss_bytes() / 1e6:.1f} MB")
    await engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", default="postgresql://postgres@127.0.0.1:5432/gavel_bench")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--exports", default="csv,xlsx")
    args = parser.parse_args()
    connect_handlers()  # the services run without create_app: their domain events' reactions connected first
    url = normalise_database_url(args.database_url)
    asyncio.run(run(url, args.runs, args.exports.split(",")))


if __name__ == "__main__":
    main()
