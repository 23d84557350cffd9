"""Latency of the dashboard's charts (GET /api/dashboard/charts/...) at 1,000,000 vehicles and invoices.

    backend/.venv/bin/python bench/dashboard_charts_bench.py \
        --database-url postgresql://postgres@127.0.0.1:5432/gavel_bench

Measured as bench/members_bench.py measures members/get (its docstring explains the method; its helpers are
reused): the real app in process, each chart called for a period, and the time of the whole request beside the
time inside the database driver. The caller, a viewer of every module, is held in memory and given to the
route guard: the bench writes nothing, not even a session, and leaves out the session lookup of a request
(about 1 ms). Periods: this year and this month (the app's clock on `--today`, by default a day of the bench
data's busiest year), and 366 days ending that day. Then the key line of EXPLAIN (ANALYZE, BUFFERS) of every
statement of the year: the scans used.

Target (issue 15): every call p95 <= 100 ms for a year's period.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from datetime import date, datetime, timedelta
from datetime import time as clock_time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import psycopg
from httpx import ASGITransport, AsyncClient
from members_bench import Recorder, Result, Statement, explain, pct

from gavel.auth.models import UserSession
from gavel.config import Settings, normalise_database_url
from gavel.core.clock import DUBAI, ShiftedClock
from gavel.guards import Client, Principal, current_principal
from gavel.main import create_app
from gavel.permissions import Module
from gavel.roles.models import Role, RolePermission
from gavel.users.models import User

CHARTS = [
    "sales-per-week",
    "sell-through",
    "hammer-vs-reserve",
    "pipeline",
    "receivables",
    "top-members",
]
P95_MS = 100.0
CHART_TABLES = ("chart_", "vehicle", "auction_event", "auction_run", "invoice", "member")


def ours(st: Statement) -> bool:
    """A chart's own statement (not the session lookup and touch of every request)."""
    return any(f"FROM {table}" in st.sql for table in CHART_TABLES) and "user_session" not in st.sql


def periods(today: date) -> list[tuple[str, dict[str, str]]]:
    start = today - timedelta(days=365)
    return [
        ("year", {"period": "year"}),
        ("366 days", {"from": start.isoformat(), "to": today.isoformat()}),
        ("month", {"period": "month"}),
    ]


async def bench_app(url: str) -> tuple[Any, str]:
    """The real app on the bench database as it is (no migration, no administrator), and its libpq URL."""
    async_url = normalise_database_url(url)
    tmp = Path(tempfile.mkdtemp(prefix="gavel-bench-"))
    settings = Settings(
        database_url=async_url,
        data_dir=tmp / "data",
        spa_dir=tmp / "no-spa",
        demo_data=False,
        log_json=False,
    )
    return create_app(settings), async_url.replace("postgresql+psycopg://", "postgresql://", 1)


def administrator() -> Principal:
    """A caller whose role views every module, held in memory: the bench writes nothing to the database."""
    grants = [RolePermission(module=module.value, can_view=True) for module in Module]
    role = Role(name="Bench viewer", is_active=True, permissions=grants)
    user = User(
        full_name="Bench viewer",
        email="bench-viewer@example.com",
        role=role,
        must_change_password=False,
    )
    return Principal(
        user=user,
        session=UserSession(),
        client=Client(ip="127.0.0.1", user_agent="gavel-bench/1.0"),
    )


async def run(url: str, runs: int, warmup: int, today: date) -> tuple[list[Result], list[str]]:
    app, libpq_url = await bench_app(url)
    principal = administrator()
    app.dependency_overrides[current_principal] = lambda: principal
    clock = ShiftedClock()
    clock.move_to(datetime.combine(today, clock_time(12), tzinfo=DUBAI))
    app.state.clock = clock
    recorder = Recorder(app.state.engine)
    explain_conn = await psycopg.AsyncConnection.connect(libpq_url)
    results: list[Result] = []
    lines: list[str] = []
    transport = ASGITransport(app=app, raise_app_exceptions=True)
    async with AsyncClient(transport=transport, base_url="http://bench") as client:
        headers = {"user-agent": "gavel-bench/1.0"}

        async def call(chart: str, params: dict[str, str]) -> tuple[float, float, Any]:
            recorder.sql_seconds = 0.0
            started = time.perf_counter()
            r = await client.get(f"/api/dashboard/charts/{chart}", params=params, headers=headers)
            elapsed = time.perf_counter() - started
            if r.status_code != 200:
                raise SystemExit(f"{chart} {params} answered {r.status_code}: {r.text[:300]}")
            return elapsed, recorder.sql_seconds, r.json()

        for period, params in periods(today):
            for chart in CHARTS:
                res = Result(f"{chart} ({period})")
                recorder.capturing, recorder.statements = True, []
                _, _, body = await call(chart, params)
                recorder.capturing = False
                res.statements = [s for s in recorder.statements if ours(s)]
                res.check = summary(chart, body)
                for i in range(warmup + runs):
                    api, in_app, _ = await call(chart, params)
                    if i >= warmup:
                        res.api.append(api)
                        res.in_app_sql.append(in_app)
                results.append(res)
        for res in results:
            if not res.name.endswith("(year)"):
                continue
            for st in res.statements:
                key, ms, _ = await explain(explain_conn, st)
                lines.append(f"{res.name}: {ms:.1f} ms | {key}")
    await explain_conn.close()
    await app.state.engine.dispose()
    return results, lines


def summary(chart: str, body: dict[str, Any]) -> str:
    """What the chart counted, so that a fast answer is seen to be a full one."""
    period = f"{body['period']['from']}..{body['period']['to']}"
    if chart == "sales-per-week":
        return f"{period}: {body['totalCount']:,} sold in {len(body['weeks'])} weeks"
    if chart == "sell-through":
        return f"{period}: {body['run']:,} run, {body['sold']:,} sold at {body['totalEvents']:,} events"
    if chart == "hammer-vs-reserve":
        return f"{period}: {sum(b['count'] for b in body['bands']):,} sold in 5 bands"
    if chart == "pipeline":
        return f"{period}: {body['submitted']:,} submitted"
    if chart == "receivables":
        return f"{period}: {body['totalCount']:,} open invoices"
    return f"{period}: {len(body['sellers'])} sellers, {len(body['buyers'])} buyers"


def report(results: list[Result], lines: list[str], runs: int, warmup: int, load: float) -> None:
    print(
        f"dashboard charts: {runs} runs per case after {warmup} warm-up runs;"
        f" load average {load:.2f} at start"
    )
    print(f"{'case':<34} {'API p50':>8} {'API p95':>8} {'SQL p95':>8}  {'verdict':<12} counted")
    for r in results:
        p50, p95, sql95 = (
            pct(r.api, 50) * 1000,
            pct(r.api, 95) * 1000,
            pct(r.in_app_sql, 95) * 1000,
        )
        verdict = "ok" if p95 <= P95_MS else f"MISS >{P95_MS:.0f}"
        print(f"{r.name:<34} {p50:>6.1f}ms {p95:>6.1f}ms {sql95:>6.1f}ms  {verdict:<12} {r.check}")
    print("\nEXPLAIN (ANALYZE, BUFFERS) of the year's statements:")
    for line in lines:
        print(f"  {line}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", required=True, help="postgresql://user@host:port/db")
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument(
        "--today",
        type=date.fromisoformat,
        default=date(2025, 11, 25),
        help="the app's today",
    )
    args = parser.parse_args()
    load = os.getloadavg()[0]
    results, lines = asyncio.run(run(args.database_url, args.runs, args.warmup, args.today))
    report(results, lines, args.runs, args.warmup, load)


if __name__ == "__main__":
    main()
