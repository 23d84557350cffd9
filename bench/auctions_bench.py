"""Latency of the auction lists, an event's pages and recording a sale result, beside the same SQL, direct.

    backend/.venv/bin/python bench/auctions_bench.py \
        --database-url postgresql://postgres@127.0.0.1:5432/gavel_bench

Needs the bench auctions (bench/auctions_generate.py). Measured exactly as bench/members_bench.py measures
members/get (its docstring explains the method and the columns; its helpers are reused): the real app in
process, signed in as a Super Admin; one request per case recorded statement by statement through a SQLAlchemy
cursor hook and replayed on a plain psycopg connection, alternating with the API runs, after warm-up runs.
"SQL list" is the request's own statements (all but the session lookup and touch).

Cases: POST /api/auctions/get (first page of the Published list, a deep page of the Completed list, two
filtered pages: status + type + a date range); POST /api/auction-event/getById/{eventId} (first and last page)
and POST /api/auction-event/get-lane-vehicle/{eventId}/lane/A (first and last page) of the event with the most
vehicles; PUT /api/auction-event/results/{eventId} recording one vehicle sold.

Recording a result: the published future event(s) with the most vehicles waiting for a result; the app's
clock (app.state.clock, as the tests move it) is set to the sale day. Each timed request sells the next
vehicle in run order to an approved buyer whose buying power less their unpaid purchases covers the price
(the reserve or opening price + 500 AED), with all the service does for a sale (vehicle, run, audit rows,
and the buyer's invoice once the invoices module issues one). After each, the next sale's request is made
once in a transaction rolled back at its end, and its statements are replayed twice (SQL all, SQL list), each
time in a transaction rolled back too: a sale writes a gapless invoice number and new ids, which a committed
replay would write twice. So the SQL columns leave out the commit that the API figure includes. At the end
every result recorded here is cleared through the same endpoint (outcome null; an invoice is cancelled by a
credit note), so the vehicles wait in their event as before; the bench database keeps those documents and
the audit rows.

Targets (issue 11): every page p95 <= 50 ms, one result p95 <= 30 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import psycopg
from httpx import ASGITransport, AsyncClient
from members_bench import (
    BIG_TABLES,
    Outcome,
    Recorder,
    Result,
    Statement,
    bench_app,
    explain,
    pct,
    replay,
    report,
    sign_in,
)
from sqlalchemy.ext.asyncio import async_sessionmaker

from gavel.core.clock import ShiftedClock
from gavel.db import use_sessionmakers

BIG_TABLES.update({"auction", "auction_event", "auction_lane", "auction_run"})  # flagged when read unindexed
PAGE_P95_MS = 50.0
RESULT_P95_MS = 30.0
RESULT_CASE = "record one result (sold)"
AUTH = re.compile(r"\buser_session\b")  # the session lookup and touch of every request


@dataclass
class Case:
    name: str
    method: str
    path: str
    body: dict[str, Any]


def ours(sql: str) -> bool:
    """A statement of the request's own work (not the authentication's)."""
    return AUTH.search(sql) is None


def label(sql: str) -> str:
    s = " ".join(sql.split())
    rules = [
        ("INSERT INTO audit_event", "audit"),
        ("UPDATE auction_run", "update run"),
        ("UPDATE vehicle", "update vehicle"),
        ("FROM vehicle_image", "images"),
        ("GROUP BY auction.status, auction.auction_type", "counts"),
        ("count(auction_run.id) AS count_1 FROM auction_event", "vehicle counts"),
        ("min(auction_event.start_at)", "next events"),
        ("min(auction_run.run_number)", "lane stats"),
        ("GROUP BY auction_run.event_id", "event stats"),
        ("sum(vehicle.sold_for)", "unpaid"),
        ("FROM member", "buyers"),
        ("FOR UPDATE", "event (lock)"),
        ("FROM auction_lane", "lanes"),
    ]
    for needle, name in rules:
        if needle in s:
            return name
    if s.startswith("SELECT count(*)"):
        return "runs total" if "auction_run" in s else "page total"
    if "FROM auction_run" in s:
        return "page run ids" if "LIMIT" in s else "page runs" if "auction_run.id IN" in s else "runs"
    if "SELECT auction.id" in s and "LIMIT" in s:
        return "page ids"
    if "FROM auction_event" in s:
        return "event"
    if "FROM auction" in s:
        return "page rows"
    target = re.search(r"\b(?:FROM|INTO|UPDATE) (\w+)", s)
    return f"{s.split()[0].lower()} {target.group(1) if target else ''}".strip()


async def replay_rolled_back(conn: psycopg.AsyncConnection[Any], statements: list[Statement]) -> float:
    """As members_bench.replay, in a transaction rolled back at its end: the writes of a sale can be replayed
    again and again from the same state."""
    started = time.perf_counter()
    async with conn.cursor() as cur:
        for st in statements:
            await cur.execute(st.sql, st.params)
            if cur.description is not None:
                await cur.fetchall()
    elapsed = time.perf_counter() - started
    await conn.rollback()
    return elapsed


@asynccontextmanager
async def rolled_back(app: Any) -> AsyncIterator[None]:
    """The app's requests inside one transaction that is rolled back at the end (as the tests do)."""
    saved = app.state.sessionmaker, app.state.read_sessionmaker
    async with app.state.engine.connect() as conn:
        outer = await conn.begin()
        use_sessionmakers(
            app,
            async_sessionmaker(
                bind=conn, expire_on_commit=False, autoflush=True, join_transaction_mode="create_savepoint"
            ),
        )
        try:
            yield
        finally:
            await outer.rollback()
            use_sessionmakers(app, *saved)


def without_savepoints(statements: list[Statement]) -> list[Statement]:
    return [
        s
        for s in statements
        if not s.sql.lstrip().upper().startswith(("SAVEPOINT", "RELEASE", "ROLLBACK TO"))
    ]


def verdict(r: Result) -> str:
    limit = RESULT_P95_MS if r.name == RESULT_CASE else PAGE_P95_MS
    p95 = pct(r.api, 95) * 1000
    return "ok" if p95 <= limit else f"MISS p95>{limit:.0f}"


@dataclass
class Sale:
    event_id: str
    vehicle_id: str
    seller_id: str
    price: Decimal


async def setup(direct: psycopg.AsyncConnection[Any], needed: int) -> tuple[list[Case], list[Sale], datetime]:
    """The cases, the sales to record (vehicles in run order with a buyer each) and the moment to move to."""
    async with direct.cursor() as cur:
        await cur.execute(
            "SELECT event_id, count(*) FROM auction_run GROUP BY event_id ORDER BY 2 DESC, 1 LIMIT 1"
        )
        row = await cur.fetchone()
        if row is None:
            raise SystemExit("no runs: load the auctions first (bench/auctions_generate.py)")
        big_event, big_size = row
        await cur.execute(
            "SELECT count(*) FROM auction_run r JOIN auction_lane l ON l.id = r.lane_id"
            " WHERE r.event_id = %s AND l.lane_number = 1",
            (big_event,),
        )
        lane_a = (await cur.fetchone() or (0,))[0]
        await cur.execute("SELECT count(*) FROM auction WHERE status = 'completed'")
        completed = (await cur.fetchone() or (0,))[0]
        # The events waiting for results, biggest first, until there are enough vehicles to sell.
        await cur.execute(
            "SELECT e.id, e.start_at, r.vehicle_id, v.member_id, greatest(v.opening_price,"
            " coalesce(v.reserve_price, 0)) + 500 FROM auction_event e"
            " JOIN auction_run r ON r.event_id = e.id AND r.is_current AND r.outcome IS NULL"
            " JOIN auction_lane l ON l.id = r.lane_id JOIN vehicle v ON v.id = r.vehicle_id"
            " WHERE e.status = 'publish' AND e.start_at > now()"
            " ORDER BY count(*) OVER (PARTITION BY e.id) DESC, e.id, l.lane_number, r.run_number"
        )
        waiting = await cur.fetchall()
    await direct.commit()
    sales = [Sale(r[0], r[2], r[3], Decimal(r[4])) for r in waiting[:needed]]
    if len(sales) < needed:
        raise SystemExit(f"only {len(sales)} vehicles wait for a result in published events; {needed} needed")
    moment = max(r[1] for r in waiting[:needed]) + timedelta(minutes=30)
    year_ago = datetime.now(UTC).date() - timedelta(days=365)
    today = datetime.now(UTC).date()
    deep = max(1, completed // 10 - 20)
    cases = [
        Case("auctions/get first page (publish)", "POST", "/api/auctions/get", {"status": "publish"}),
        Case(
            f"auctions/get deep page (completed, page {deep})",
            "POST",
            "/api/auctions/get",
            {"status": "completed", "pageNo": deep, "limit": 10},
        ),
        Case(
            "auctions/get completed Live, a month a year ago",
            "POST",
            "/api/auctions/get",
            {
                "status": "completed",
                "auctionType": "Live",
                "dateFrom": year_ago.isoformat(),
                "dateTo": (year_ago + timedelta(days=30)).isoformat(),
            },
        ),
        Case(
            "auctions/get publish Online, next 30 days",
            "POST",
            "/api/auctions/get",
            {
                "status": "publish",
                "auctionType": "Online",
                "dateFrom": today.isoformat(),
                "dateTo": (today + timedelta(days=30)).isoformat(),
            },
        ),
    ]
    last = max(1, -(-big_size // 20))
    last_a = max(1, -(-lane_a // 20))
    event_path = f"/api/auction-event/getById/{big_event}"
    lane_path = f"/api/auction-event/get-lane-vehicle/{big_event}/lane/A"
    cases += [
        Case(f"getById first page ({big_size} vehicles)", "POST", event_path, {"pageNo": 1, "limit": 20}),
        Case(f"getById last page ({last})", "POST", event_path, {"pageNo": last, "limit": 20}),
        Case(f"lane A first page ({lane_a} vehicles)", "POST", lane_path, {"pageNo": 1, "limit": 20}),
        Case(f"lane A last page ({last_a})", "POST", lane_path, {"pageNo": last_a, "limit": 20}),
    ]
    return cases, sales, moment


async def buyers(direct: psycopg.AsyncConnection[Any]) -> list[tuple[str, Decimal]]:
    """Approved buyers on the biggest plan without an overdue invoice, with their buying power less their unpaid
    purchases, counted as the auctions service counts them (a sale whose invoice's verified payments do not
    cover the price yet)."""
    async with direct.cursor() as cur:
        await cur.execute(
            "SELECT m.id, m.buying_power - coalesce((SELECT sum(v.sold_for) FROM vehicle v"
            " LEFT JOIN invoice i ON i.vehicle_id = v.id AND i.kind = 'invoice' AND i.status <> 'cancelled'"
            " WHERE v.buyer_member_id = m.id AND v.status = 'sold'"
            " AND coalesce(i.paid_amount, 0) < v.sold_for), 0) AS room"
            " FROM member m WHERE m.status = 'approved' AND m.is_buyer"
            " AND m.buying_power = (SELECT max(buying_power) FROM member)"
            " AND NOT EXISTS (SELECT 1 FROM invoice o WHERE o.member_id = m.id AND o.status = 'overdue')"
            " ORDER BY room DESC, m.id LIMIT 500"
        )
        rows = await cur.fetchall()
    await direct.commit()
    return [(r[0], Decimal(r[1])) for r in rows]


def results_body(sale: Sale, pool: list[tuple[str, Decimal]]) -> dict[str, Any]:
    """Sold to the first buyer in the pool who may buy it; the pool remembers what the buyer has left."""
    for i, (buyer, room) in enumerate(pool):
        if buyer != sale.seller_id and room >= sale.price:
            pool[i] = (buyer, room - sale.price)
            pool.append(pool.pop(i))  # the next sale goes to someone else
            return {
                "results": [
                    {
                        "vehicleId": sale.vehicle_id,
                        "outcome": "sold",
                        "buyerId": buyer,
                        "soldFor": float(sale.price),
                    }
                ]
            }
    raise SystemExit("no bench buyer can afford the next sale")


Call = Callable[[Case], Awaitable[tuple[float, float, dict[str, Any]]]]


async def record_results(
    app: Any,
    recorder: Recorder,
    direct: psycopg.AsyncConnection[Any],
    call: Call,
    sales: list[Sale],
    pool: list[tuple[str, Decimal]],
    moment: datetime,
    warmup: int,
    name: str = RESULT_CASE,
) -> Result:
    """Sells the sales but the last one after the other (each timed after the warm-up ones), with the SQL of
    the next one replayed rolled back beside each; every result recorded is cleared at the end."""
    clock = ShiftedClock()
    clock.move_to(moment)
    app.state.clock = clock
    res = Result(name)
    sells = [
        Case(name, "PUT", f"/api/auction-event/results/{sale.event_id}", results_body(sale, pool))
        for sale in sales
    ]

    async def captured(case: Case) -> list[Statement]:
        """The statements of a sale, from the same request made in a transaction rolled back."""
        async with rolled_back(app):
            recorder.capturing, recorder.statements = True, []
            await call(case)
            recorder.capturing = False
        return without_savepoints(recorder.statements)

    recorded: list[Sale] = []
    try:
        for i, (sale, case) in enumerate(zip(sales[:-1], sells[:-1], strict=True)):
            api, in_app, answer = await call(case)
            recorded.append(sale)
            if i == 0:
                run_ = answer["runs"][0]
                res.check = (
                    f"lot {run_['vehicle']['vehicleLotNumber']} sold for {run_['soldFor']:,} AED;"
                    f" event of {answer['event']['saleDate']} with"
                    f" {answer['event']['vehicleCount']} vehicles"
                )
            # The next sale's statements, replayed from the state the next timed request will find
            # (the same invoice number: gapless numbers are taken in order).
            res.statements = await captured(sells[i + 1])
            all_t = await replay_rolled_back(direct, res.statements)
            list_t = await replay_rolled_back(direct, [s for s in res.statements if ours(s.sql)])
            if i >= warmup:
                res.api.append(api)
                res.in_app_sql.append(in_app)
                res.sql_all.append(all_t)
                res.sql_list.append(list_t)
    finally:  # every result recorded here is cleared: the vehicles wait in their event as before
        await clear_results(call, recorded)
    return res


async def clear_results(call: Call, recorded: list[Sale]) -> None:
    """Takes the results back (outcome null; each invoice cancelled by a credit note), 100 at a time."""
    for start in range(0, len(recorded), 100):
        by_event: dict[str, list[Sale]] = {}
        for sale in recorded[start : start + 100]:
            by_event.setdefault(sale.event_id, []).append(sale)
        for event_id, items in by_event.items():
            body = {"results": [{"vehicleId": s.vehicle_id, "outcome": None} for s in items]}
            await call(Case("clear", "PUT", f"/api/auction-event/results/{event_id}", body))


async def run(url: str, runs: int, warmup: int, only: str | None) -> Outcome:
    load_start = os.getloadavg()
    app, libpq_url = await bench_app(url)
    recorder = Recorder(app.state.engine)
    direct = await psycopg.AsyncConnection.connect(libpq_url)
    explain_conn = await psycopg.AsyncConnection.connect(libpq_url)
    cases, sales, moment = await setup(direct, warmup + runs + 1)
    pool = await buyers(direct)
    results: list[Result] = []
    plan_texts: list[str] = []
    explained: list[tuple[str, str, str, float]] = []
    transport = ASGITransport(app=app, raise_app_exceptions=True)
    async with AsyncClient(transport=transport, base_url="http://bench") as client:
        token = await sign_in(client)
        headers = {"authorization": f"Bearer {token}", "user-agent": "gavel-bench/1.0"}

        async def call(case: Case) -> tuple[float, float, dict[str, Any]]:
            recorder.sql_seconds = 0.0
            started = time.perf_counter()
            r = await client.request(case.method, case.path, json=case.body, headers=headers)
            elapsed = time.perf_counter() - started
            if r.status_code != 200:
                raise SystemExit(
                    f"{case.method} {case.path} {case.body} answered {r.status_code}: {r.text[:300]}"
                )
            return elapsed, recorder.sql_seconds, r.json()

        for case in cases:
            if only and only.lower() not in case.name.lower():
                continue
            res = Result(case.name)
            recorder.capturing, recorder.statements = True, []
            _, _, answer = await call(case)
            recorder.capturing = False
            res.statements = recorder.statements
            mine = [s for s in res.statements if ours(s.sql)]
            if "data" in answer and isinstance(answer["data"], list) and "totalAuctions" in answer:
                res.check = (
                    f"{len(answer['data'])} rows of {answer['totalMatching']:,},"
                    f" {answer['totalPages']:,} pages;"
                    f" {answer['totalAuctions']:,} auctions"
                )
            elif "data" in answer and isinstance(answer["data"], dict):
                detail = answer["data"]
                shown, matching = len(detail["vehicles"]), detail["totalMatching"]
                res.check = f"{shown} runs of {matching:,}, page {detail['currentPage']}"
            else:
                res.check = (
                    f"{len(answer['data'])} runs of {answer['totalMatching']:,}, page {answer['currentPage']}"
                )
            for i in range(warmup + runs):
                api, in_app, _ = await call(case)
                all_t = await replay(direct, res.statements)
                list_t = await replay(direct, mine)
                if i >= warmup:
                    res.api.append(api)
                    res.in_app_sql.append(in_app)
                    res.sql_all.append(all_t)
                    res.sql_list.append(list_t)
            results.append(res)

        if not only or only.lower() in RESULT_CASE:
            results.append(await record_results(app, recorder, direct, call, sales, pool, moment, warmup))

        for res in results:
            kinds = [st.sql.lstrip().split()[0].upper() for st in res.statements]
            split = ", ".join(f"{kinds.count(k)} {k}" for k in dict.fromkeys(kinds))
            res.check += f"; {len(kinds)} statements ({split})"
            for st in res.statements:
                if not ours(st.sql) or not st.sql.lstrip().startswith(("SELECT", "UPDATE")):
                    continue
                key, ms, text = await explain(explain_conn, st)
                explained.append((res.name, label(st.sql), key, ms))
                plan_texts.append(
                    f"=== {res.name}: {label(st.sql)}\n{st.sql}\n-- params {st.params}\n{text}\n"
                )

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
    report(
        outcome,
        args.runs,
        args.warmup,
        args.plans,
        subject="auctions",
        title="auctions/get, auction-event pages and results",
        judge=verdict,
        width=48,
    )


if __name__ == "__main__":
    main()
