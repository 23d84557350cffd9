"""Latency of POST /api/vehicles/get at 1,000,000 vehicles, beside the same SQL run directly.

    backend/.venv/bin/python bench/vehicles_bench.py \
        --database-url postgresql://postgres@127.0.0.1:5432/gavel_bench

Measured exactly as bench/members_bench.py measures members/get (its docstring explains the method and the
columns; its helpers are reused): the real app in process, signed in as a Super Admin; one request per case
recorded statement by statement through a SQLAlchemy cursor hook and replayed on a plain psycopg connection,
alternating with the API runs. "SQL list" is the vehicles statements alone (page total, page ids and rows,
images, counts). Targets (issue 6): a page p95 <= 50 ms, a search p95 <= 150 ms, the counts <= 100 ms, the
API <= 2 x SQL.
The VIN-suffix case searches the last 6 characters of a sold vehicle's VIN, picked from the database.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import psycopg
from httpx import ASGITransport, AsyncClient
from members_bench import (
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


VIN_SUFFIX = "<last 6 of a sold vehicle's VIN>"
CASES: list[tuple[str, dict[str, Any] | None]] = [
    ("first page (sold)", {"status": "sold", "pageNo": 1, "limit": 10}),
    ("first page (review: pending)", {"status": "pending", "pageNo": 1, "limit": 10}),
    ("deep page (sold, page 5000)", {"status": "sold", "pageNo": 5000, "limit": 10}),
    (
        "filtered+sorted (approved Toyota, by year)",
        {
            "status": "approved",
            "make": "Toyota",
            "sortBy": "year",
            "sortOrder": "desc",
            "pageNo": 1,
            "limit": 10,
        },
    ),
    ("sold unpaid, by lot number", {"status": "sold", "isPaid": False, "sortBy": "vehicleLotNumber"}),
    ("approved, unassigned", {"status": "approved", "assigned": False, "pageNo": 1, "limit": 10}),
    ("search VIN last 6 (sold)", {"status": "sold", "search": VIN_SUFFIX, "pageNo": 1, "limit": 10}),
    ("search 'land cruiser' (sold)", {"status": "sold", "search": "land cruiser", "pageNo": 1, "limit": 10}),
    (
        "search seller 'al mansoori' (sold)",
        {"status": "sold", "search": "al mansoori", "pageNo": 1, "limit": 10},
    ),
    ("counts query alone", None),
]
VEHICLE_SQL = re.compile(r"\bFROM vehicle(_image|_list_count)?\b|\bFROM \(SELECT vehicle\.")


def is_vehicle(sql: str) -> bool:
    return VEHICLE_SQL.search(sql) is not None


def label(sql: str) -> str:
    s = sql.lstrip()
    if "FROM vehicle_list_count" in s:
        return "page total" if "sum(" in s else "counts"
    if s.startswith("SELECT count(*)"):
        return "page total"
    if "FROM vehicle_image" in s:
        return "images"
    return "page rows"


def is_search(name: str) -> bool:
    return name.startswith("search")


def verdict(r: Result) -> str:
    ms = 1000.0
    if not r.api:
        p95 = pct(r.sql_all, 95) * ms
        return "ok" if p95 <= 100 else "MISS p95>100"
    limit = 150.0 if is_search(r.name) else 50.0
    p95 = pct(r.api, 95) * ms
    ratio = pct(r.api, 50) / pct(r.sql_all, 50)
    misses = ([f"p95>{limit:.0f}"] if p95 > limit else []) + (["ratio>2"] if ratio > 2 else [])
    return "ok" if not misses else "MISS " + ",".join(misses)


async def run(url: str, runs: int, warmup: int, only: str | None) -> Outcome:
    load_start = os.getloadavg()
    app, libpq_url = await bench_app(url)
    recorder = Recorder(app.state.engine)
    direct = await psycopg.AsyncConnection.connect(libpq_url)
    explain_conn = await psycopg.AsyncConnection.connect(libpq_url)
    results: list[Result] = []
    plan_texts: list[str] = []
    explained: list[tuple[str, str, str, float]] = []
    async with direct.cursor() as cur:  # a sold vehicle's VIN from the middle of the table
        await cur.execute(
            "SELECT vin_number FROM vehicle WHERE status = 'sold' ORDER BY vehicle_lot_number"
            " OFFSET 100000 LIMIT 1"
        )
        row = await cur.fetchone()
    await direct.commit()
    if row is None:
        raise SystemExit("no sold vehicle: load the vehicles first (bench/vehicles_generate.py)")
    suffix = str(row[0])[-6:].lower()
    transport = ASGITransport(app=app, raise_app_exceptions=True)
    async with AsyncClient(transport=transport, base_url="http://bench") as client:
        token = await sign_in(client)
        headers = {"authorization": f"Bearer {token}", "user-agent": "gavel-bench/1.0"}
        counts_statements: list[Any] = []

        async def call(body: dict[str, Any]) -> tuple[float, float, dict[str, Any]]:
            recorder.sql_seconds = 0.0
            started = time.perf_counter()
            r = await client.post("/api/vehicles/get", json=body, headers=headers)
            elapsed = time.perf_counter() - started
            if r.status_code != 200:
                raise SystemExit(f"vehicles/get {body} answered {r.status_code}: {r.text[:300]}")
            return elapsed, recorder.sql_seconds, r.json()

        for name, body in CASES:
            if only and only.lower() not in name.lower():
                continue
            res = Result(name)
            if body is None:
                if not counts_statements:
                    recorder.capturing, recorder.statements = True, []
                    await call({"status": "sold"})
                    recorder.capturing = False
                    counts_statements = [s for s in recorder.statements if label(s.sql) == "counts"]
                res.statements = counts_statements
                for i in range(warmup + runs):
                    t = await replay(direct, res.statements)
                    if i >= warmup:
                        res.sql_list.append(t)
                        res.sql_all.append(t)
            else:
                if body.get("search") == VIN_SUFFIX:
                    body = {**body, "search": suffix}
                    res.name = f"{name} '{suffix}'"
                recorder.capturing, recorder.statements = True, []
                _, _, answer = await call(body)
                recorder.capturing = False
                res.statements = recorder.statements
                ours = [s for s in res.statements if is_vehicle(s.sql)]
                counts_statements = counts_statements or [s for s in ours if label(s.sql) == "counts"]
                data = answer["data"]
                res.check = (
                    f"{len(data['vehicles'])} rows of {data['totalMatching']:,}, {data['totalPages']:,} pages"
                )
                for i in range(warmup + runs):
                    api, in_app, _ = await call(body)
                    all_t = await replay(direct, res.statements)
                    list_t = await replay(direct, ours)
                    if i >= warmup:
                        res.api.append(api)
                        res.in_app_sql.append(in_app)
                        res.sql_all.append(all_t)
                        res.sql_list.append(list_t)
            results.append(res)

        for res in results:
            for st in res.statements:
                if not is_vehicle(st.sql):
                    continue
                key, ms, text = await explain(explain_conn, st)
                explained.append((res.name, label(st.sql), key, ms))
                head = f"=== {res.name}: {label(st.sql)}\n{st.sql}\n-- params {st.params}"
                plan_texts.append(f"{head}\n{text}\n")

    await direct.close()
    await explain_conn.close()
    await app.state.engine.dispose()
    return Outcome(results, explained, plan_texts, load_start[0])


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
    report(outcome, args.runs, args.warmup, args.plans, subject="vehicles", judge=verdict, width=46)


if __name__ == "__main__":
    main()
