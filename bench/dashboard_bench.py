"""Latency of GET /api/dashboard/summary (and of the dashboard's charts), beside the same SQL, direct.

    backend/.venv/bin/python bench/dashboard_bench.py \
        --database-url postgresql://postgres@127.0.0.1:5432/gavel_bench

Needs the bench members, vehicles and auctions (bench/members_generate.py, vehicles_generate.py,
auctions_generate.py) and, for the money figures to hold anything, the invoices and payments
(bench/money_generate.py). Measured exactly as bench/members_bench.py measures members/get (its docstring
explains the method and the columns; its helpers are reused): the real app in process, signed in as a Super
Admin; one request per case recorded statement by statement through a SQLAlchemy cursor hook and replayed on a
plain psycopg connection, alternating with the API runs, after warm-up runs. "SQL list" is the request's own
statements (all but the session lookup and touch). Nothing is written besides the bench administrator's
session (the summary only reads).

Cases: the summary on today's date (the real clock), and on the Dubai day that holds the most auction events
(the app's clock moved there, so that 'events today and this week', 'due today' and 'past free days' count
what the busiest day of the data holds). Then, when gavel.dashboard.charts exists, every GET route of its
router without a path parameter (each chart with its default period), on the real clock.

Target (issue 15): every dashboard call p95 <= 100 ms at 1,000,000 vehicles, 1,000,000 invoices and 200,000
members.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import os
import re
import sys
import time
from datetime import datetime
from datetime import time as day_time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import psycopg
from auctions_bench import Case, ours
from httpx import ASGITransport, AsyncClient
from members_bench import (
    BIG_TABLES,
    Outcome,
    Recorder,
    Result,
    bench_app,
    explain,
    pct,
    replay,
    report,
    sign_in,
)

from gavel.core.clock import DUBAI, ShiftedClock, SystemClock
from gavel.models import metadata

BIG_TABLES.update({"invoice", "payment", "gate_pass", "alert_message", "auction_event", "auction_lane"})
P95_MS = 100.0
TABLES = re.compile(r"\bFROM (\w+)")


def verdict(r: Result) -> str:
    p95 = pct(r.api, 95) * 1000
    return "ok" if p95 <= P95_MS else f"MISS p95>{P95_MS:.0f}"


def label(sql: str) -> str:
    s = " ".join(sql.split())
    rules = [
        ("FROM vehicle_list_count", "vehicle counts"),
        ("FROM member_list_count", "member counts"),
        ("FROM document_total", "doc totals"),
        ("FROM auction_lane", "lanes"),
        ("FROM auction_run", "runs"),
        ("FROM auction_event", "events"),
        ("FROM gate_pass", "gate passes"),
        ("FROM alert_message", "failed msgs"),
        ("FROM business_settings", "free days"),
        ("invoice.due_at >=", "due today"),
        ("FROM invoice", "overdue"),
        ("FROM vehicle", "in the yard"),
    ]
    for needle, name in rules:
        if needle in s:
            return name
    found = TABLES.search(s)
    return f"{s.split()[0].lower()} {found.group(1) if found else ''}".strip()


async def busiest_day(direct: psycopg.AsyncConnection[Any]) -> datetime | None:
    """Noon (Dubai) of the sale day with the most events, or None without auctions."""
    async with direct.cursor() as cur:
        await cur.execute(
            "SELECT sale_date FROM auction_event GROUP BY sale_date ORDER BY count(*) DESC LIMIT 1"
        )
        row = await cur.fetchone()
    await direct.commit()
    return datetime.combine(row[0], day_time(12), tzinfo=DUBAI) if row else None


# The indexes of migration 0017 (the dashboard's). A bench database migrated past 0017 while its file was
# still the empty placeholder of issue 15 lacks them: they are made here from the models' own definitions.
INDEXES_0017 = {
    "ix_invoice_status_due_amounts",
    "ix_vehicle_status_gate_pass_created_at",
    "ix_vehicle_status_stage_created_at",
    "ix_vehicle_in_yard_event_date",
}


async def ensure_indexes(direct: psycopg.AsyncConnection[Any]) -> list[str]:
    """CREATE INDEX IF NOT EXISTS for each index of migration 0017 that the database lacks; the names made."""
    from sqlalchemy.dialects import postgresql
    from sqlalchemy.schema import CreateIndex

    made = []
    async with direct.cursor() as cur:
        for table in metadata.tables.values():
            for index in table.indexes:
                if index.name not in INDEXES_0017:
                    continue
                await cur.execute("SELECT 1 FROM pg_indexes WHERE indexname = %s", (index.name,))
                if await cur.fetchone():
                    continue
                ddl = str(CreateIndex(index, if_not_exists=True).compile(dialect=postgresql.dialect()))
                await cur.execute(ddl)  # type: ignore[arg-type]
                await cur.execute(f"ANALYZE {table.name}")  # type: ignore[arg-type]
                made.append(str(index.name))
    await direct.commit()
    return made


def chart_cases() -> list[Case]:
    """Every GET route of the charts' router without a path parameter, when the charts module exists."""
    try:
        module = importlib.import_module("gavel.dashboard.charts.router")
    except ModuleNotFoundError:
        return []
    cases = []
    for route in module.router.routes:
        path = getattr(route, "path", "")
        if "GET" in getattr(route, "methods", set()) and "{" not in path:
            cases.append(Case(f"charts {path.rsplit('/', 1)[-1]}", "GET", f"/api{path}", {}))
    return cases


async def run(url: str, runs: int, warmup: int, only: str | None) -> Outcome:
    load_start = os.getloadavg()
    app, libpq_url = await bench_app(url)
    recorder = Recorder(app.state.engine)
    direct = await psycopg.AsyncConnection.connect(libpq_url)
    explain_conn = await psycopg.AsyncConnection.connect(libpq_url)
    made = await ensure_indexes(direct)
    if made:
        print(f"made the indexes of migration 0017 the database lacked: {', '.join(made)}", flush=True)
    busy = await busiest_day(direct)
    summary = "/api/dashboard/summary"
    cases: list[tuple[Case, datetime | None]] = [(Case("summary, today", "GET", summary, {}), None)]
    if busy:
        cases.append((Case(f"summary on {busy:%d/%m/%Y} (most events)", "GET", summary, {}), busy))
    cases += [(case, None) for case in chart_cases()]
    results: list[Result] = []
    plan_texts: list[str] = []
    explained: list[tuple[str, str, str, float]] = []
    transport = ASGITransport(app=app, raise_app_exceptions=True)
    async with AsyncClient(transport=transport, base_url="http://bench", timeout=120) as client:
        token = await sign_in(client)
        headers = {"authorization": f"Bearer {token}", "user-agent": "gavel-bench/1.0"}

        async def call(case: Case) -> tuple[float, float, dict[str, Any]]:
            recorder.sql_seconds = 0.0
            started = time.perf_counter()
            r = await client.request(case.method, case.path, headers=headers)
            elapsed = time.perf_counter() - started
            if r.status_code == 401:  # another bench signed the bench administrator in meanwhile: again
                capturing, recorder.capturing = recorder.capturing, False
                headers["authorization"] = f"Bearer {await sign_in(client)}"
                recorder.statements, recorder.capturing = [], capturing  # the sign-in is not the case's
                return await call(case)
            if r.status_code != 200:
                raise SystemExit(f"{case.method} {case.path} answered {r.status_code}: {r.text[:300]}")
            return elapsed, recorder.sql_seconds, r.json()

        for case, moment in cases:
            if only and only.lower() not in case.name.lower():
                continue
            if moment is None:
                app.state.clock = SystemClock()
            else:
                clock = ShiftedClock()
                clock.move_to(moment)
                app.state.clock = clock
            res = Result(case.name)
            recorder.capturing, recorder.statements = True, []
            _, _, answer = await call(case)
            recorder.capturing = False
            res.statements = recorder.statements
            mine = [s for s in res.statements if ours(s.sql)]
            res.check = check_of(answer)
            for i in range(warmup + runs):
                api, in_app, _ = await call(case)
                all_t = await replay(direct, res.statements)
                list_t = await replay(direct, mine)
                if i >= warmup:
                    res.api.append(api)
                    res.in_app_sql.append(in_app)
                    res.sql_all.append(all_t)
                    res.sql_list.append(list_t)
            res.check += f"; {len(res.statements)} statements"
            for st in mine:
                if st.sql.lstrip().startswith("SELECT"):
                    key, ms, text = await explain(explain_conn, st)
                    explained.append((res.name, label(st.sql), key, ms))
                    plan_texts.append(
                        f"=== {res.name}: {label(st.sql)}\n{st.sql}\n-- params {st.params}\n{text}\n"
                    )
            results.append(res)
    await direct.close()
    await explain_conn.close()
    await app.state.engine.dispose()
    return Outcome(results, explained, plan_texts, load_start[0])


def check_of(answer: dict[str, Any]) -> str:
    """What the answer held, in a line: the Today figures of the summary, or the chart's keys."""
    today = answer.get("today")
    if not isinstance(today, dict):
        return "keys " + ", ".join(sorted(answer))[:120]
    parts = []
    for name, value in today.items():
        if isinstance(value, dict):
            shown = value.get("count", value.get("events", value.get("total")))
            parts.append(f"{name} {shown}")
        elif name != "day":
            parts.append(f"{name} {value}")
    return f"day {today['day']}: " + ", ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", required=True, help="postgresql://user@host:port/db")
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--plans", type=Path, default=None, help="write the full EXPLAIN plans to this file")
    parser.add_argument("--only", default=None, help="run only the cases whose name contains this text")
    args = parser.parse_args()
    outcome = asyncio.run(run(args.database_url, args.runs, args.warmup, args.only))
    report(
        outcome,
        args.runs,
        args.warmup,
        args.plans,
        subject="dashboard",
        title="dashboard/summary and the charts",
        judge=verdict,
        width=44,
    )


if __name__ == "__main__":
    main()
