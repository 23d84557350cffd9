"""Latency of the invoice and payment lists and searches, beside the same SQL, direct; and 100 concurrent sales.

    backend/.venv/bin/python bench/money_bench.py \
        --database-url postgresql://postgres@127.0.0.1:5432/gavel_bench

Needs the bench invoices and payments (bench/money_generate.py). Measured exactly as bench/members_bench.py
measures members/get (its docstring explains the method and the columns; its helpers are reused): the real app
in process, signed in as a Super Admin; one request per case recorded statement by statement through a
SQLAlchemy cursor hook and replayed on a plain psycopg connection, alternating with the API runs, after warm-up
runs. "SQL list" is the request's own statements (all but the session lookup and touch).

Cases: POST /api/invoices/get (first page, a deep page, an overdue page, a state + issue dates page, a buyer's
invoices) and its searches (an invoice number, a buyer's name, a VIN, a lot); POST /api/payment/get-payments
(first page, a deep page, Pending, card payments of a month, one member's) and its searches (a transaction id,
a reference, a buyer's name, a lot).

Then `--sales N` (default 100) vehicles waiting in published events are sold at the same moment, each by a
request of its own on a really committing app, and their invoice numbers must be N distinct consecutive
numbers; the sales are taken back afterwards (each invoice cancelled by a credit note, as a correction does),
so the vehicles wait in their events as before. Issuing an invoice with a sale on its own is the auctions
bench's 'record one result (sold)' case (bench/auctions_bench.py).

Targets (issue 12): every page p95 <= 50 ms, every search p95 <= 150 ms; N concurrent sales, N consecutive
numbers.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import psycopg
from auctions_bench import Case, Sale, buyers, ours, setup
from httpx import ASGITransport, AsyncClient
from members_bench import BIG_TABLES, Outcome, Recorder, Result, bench_app, explain, pct, replay, report, sign_in

from gavel.core.clock import ShiftedClock

BIG_TABLES.update({"invoice", "invoice_line", "payment", "document_total"})  # flagged when read unindexed
PAGE_P95_MS = 50.0
SEARCH_P95_MS = 150.0
NUMBER = re.compile(r"^(.*-)(\d{6})$")


def verdict(r: Result) -> str:
    limit = SEARCH_P95_MS if r.name.startswith("search") else PAGE_P95_MS
    p95 = pct(r.api, 95) * 1000
    return "ok" if p95 <= limit else f"MISS p95>{limit:.0f}"


def label(sql: str) -> str:
    s = " ".join(sql.split())
    if "FROM document_total" in s:
        return "totals"
    if s.startswith("SELECT count(*)"):
        return "page total"
    if "LIMIT" in s:
        return "page ids"
    target = re.search(r"\b(?:FROM|INTO|UPDATE) (\w+)", s)
    return f"{s.split()[0].lower()} {target.group(1) if target else ''}".strip()


async def _one(cur: psycopg.AsyncCursor[Any], sql: str, *params: Any) -> Any:
    await cur.execute(sql, params)
    row = await cur.fetchone()
    if row is None:
        raise SystemExit(f"nothing found for: {sql}; load the money first (bench/money_generate.py)")
    return row


async def cases(direct: psycopg.AsyncConnection[Any]) -> list[Case]:
    """The pages and searches, with values picked from the data (a buyer with many invoices, a recent
    invoice's number, VIN and lot, a recent payment's transaction id and reference)."""
    async with direct.cursor() as cur:
        invoices, payments = (
            await _one(cur, "SELECT (SELECT count(*) FROM invoice), (SELECT count(*) FROM payment)")
        )
        buyer_id, buyer_name = await _one(
            cur,
            "SELECT member_id, min(buyer_name) FROM invoice WHERE kind = 'invoice'"
            " GROUP BY member_id ORDER BY count(*) DESC LIMIT 1",
        )
        number, vin, lot = await _one(
            cur,
            "SELECT number, vehicle_vin, vehicle_lot_number FROM invoice WHERE kind = 'invoice'"
            " ORDER BY issued_at DESC OFFSET 5000 LIMIT 1",
        )
        transaction, reference = await _one(
            cur,
            "SELECT transaction_id, reference FROM payment WHERE reference IS NOT NULL"
            " ORDER BY paid_at DESC OFFSET 7000 LIMIT 1",
        )
        (month_start,) = await _one(cur, "SELECT max(paid_at) - interval '75 days' FROM payment")
    await direct.commit()
    # As deep as the vehicles bench goes (page 5,000 of 10 rows): further than anyone pages by hand.
    deep_invoices = min(5000, max(1, invoices // 10 // 2))
    deep_payments = min(5000, max(1, payments // 10 // 2))
    start = month_start.date()
    month = {"dateFrom": start.isoformat(), "dateTo": (start + timedelta(days=30)).isoformat()}
    surname = buyer_name.split()[-1]
    return [
        Case("invoices/get first page", "POST", "/api/invoices/get", {}),
        Case(f"invoices/get deep page ({deep_invoices:,})", "POST", "/api/invoices/get", {"pageNo": deep_invoices}),
        Case("invoices/get overdue", "POST", "/api/invoices/get", {"status": "overdue"}),
        Case("invoices/get paid, a month", "POST", "/api/invoices/get", {"status": "paid", **month}),
        Case("invoices/get one buyer's", "POST", "/api/invoices/get", {"memberId": buyer_id}),
        Case("search invoices: an invoice number", "POST", "/api/invoices/get", {"search": number}),
        Case(f"search invoices: a buyer ({surname})", "POST", "/api/invoices/get", {"search": surname}),
        Case("search invoices: a VIN", "POST", "/api/invoices/get", {"search": vin}),
        Case(f"search invoices: lot {lot}", "POST", "/api/invoices/get", {"search": str(lot)}),
        Case("get-payments first page", "POST", "/api/payment/get-payments", {}),
        Case(
            f"get-payments deep page ({deep_payments:,})",
            "POST",
            "/api/payment/get-payments",
            {"pageNo": deep_payments},
        ),
        Case("get-payments Pending", "POST", "/api/payment/get-payments", {"confirmation": "Pending"}),
        Case(
            "get-payments card, a month",
            "POST",
            "/api/payment/get-payments",
            {"method": "card", **month},
        ),
        Case("get-payments one member's", "POST", "/api/payment/get-payments", {"memberId": buyer_id}),
        Case("search payments: a transaction id", "POST", "/api/payment/get-payments", {"search": transaction}),
        Case("search payments: a reference", "POST", "/api/payment/get-payments", {"search": reference}),
        Case(f"search payments: a buyer ({surname})", "POST", "/api/payment/get-payments", {"search": surname}),
        Case(f"search payments: lot {lot}", "POST", "/api/payment/get-payments", {"search": str(lot)}),
    ]


async def concurrent_sales(app: Any, client: AsyncClient, headers: dict[str, str], count: int) -> str:
    """`count` vehicles sold at once, each by its own request; their numbers must be consecutive."""
    direct = await psycopg.AsyncConnection.connect(app.state.bench_libpq_url)
    _, sales, moment = await setup(direct, count)
    pool = await buyers(direct)
    await direct.close()
    clock = ShiftedClock()
    clock.move_to(moment)
    app.state.clock = clock

    def body(sale: Sale) -> dict[str, Any]:
        for i, (buyer, room) in enumerate(pool):
            if buyer != sale.seller_id and room >= sale.price:
                pool[i] = (buyer, room - sale.price)
                pool.append(pool.pop(i))
                return {
                    "results": [
                        {"vehicleId": sale.vehicle_id, "outcome": "sold", "buyerId": buyer, "soldFor": float(sale.price)}
                    ]
                }
        raise SystemExit("no bench buyer can afford the next sale")

    async def sell(sale: Sale) -> Any:
        return await client.put(f"/api/auction-event/results/{sale.event_id}", json=body(sale), headers=headers)

    started = time.perf_counter()
    answers = await asyncio.gather(*(sell(s) for s in sales))
    elapsed = time.perf_counter() - started
    refused = [a for a in answers if a.status_code != 200]
    sold = [s for s, a in zip(sales, answers, strict=True) if a.status_code == 200]
    numbers: list[str] = []
    for sale in sold:
        listed = await client.post(
            "/api/invoices/get", json={"vehicleId": sale.vehicle_id, "kind": "invoice"}, headers=headers
        )
        numbers += [i["invoiceNo"] for i in listed.json()["data"] if i["status"] != "cancelled"]
    # Taken back: each invoice is cancelled by a credit note, the vehicles wait in their events again.
    for sale in sold:
        body_ = {"results": [{"vehicleId": sale.vehicle_id, "outcome": None}]}
        cleared = await client.put(f"/api/auction-event/results/{sale.event_id}", json=body_, headers=headers)
        if cleared.status_code != 200:
            raise SystemExit(f"clearing a bench sale answered {cleared.status_code}: {cleared.text[:300]}")
    parsed = sorted((m.group(1), int(m.group(2))) for n in numbers if (m := NUMBER.match(n)))
    prefixes = {p for p, _ in parsed}
    values = [v for _, v in parsed]
    consecutive = (
        len(prefixes) == 1
        and len(values) == count
        and len(set(values)) == count
        and values == list(range(values[0], values[0] + count))
    )
    verdict_ = "ok" if consecutive and not refused else "MISS"
    span = f"{parsed[0][0]}{values[0]:06d} .. {values[-1]:06d}" if parsed else "no numbers"
    detail = f"; {len(refused)} refused, first: {refused[0].text[:200]}" if refused else ""
    return (
        f"{count} concurrent sales in {elapsed:.1f} s: {len(numbers)} invoices, {len(set(values))} distinct"
        f" numbers, {span}, consecutive: {consecutive}{detail}  {verdict_}"
    )


async def run(url: str, runs: int, warmup: int, only: str | None, sales: int) -> tuple[Outcome, str | None]:
    load_start = os.getloadavg()
    app, libpq_url = await bench_app(url)
    app.state.bench_libpq_url = libpq_url
    recorder = Recorder(app.state.engine)
    direct = await psycopg.AsyncConnection.connect(libpq_url)
    explain_conn = await psycopg.AsyncConnection.connect(libpq_url)
    results: list[Result] = []
    plan_texts: list[str] = []
    explained: list[tuple[str, str, str, float]] = []
    concurrency: str | None = None
    transport = ASGITransport(app=app, raise_app_exceptions=True)
    async with AsyncClient(transport=transport, base_url="http://bench", timeout=120) as client:
        token = await sign_in(client)
        headers = {"authorization": f"Bearer {token}", "user-agent": "gavel-bench/1.0"}

        async def call(case: Case) -> tuple[float, float, dict[str, Any]]:
            recorder.sql_seconds = 0.0
            started = time.perf_counter()
            r = await client.request(case.method, case.path, json=case.body, headers=headers)
            elapsed = time.perf_counter() - started
            if r.status_code != 200:
                raise SystemExit(f"{case.method} {case.path} {case.body} answered {r.status_code}: {r.text[:300]}")
            return elapsed, recorder.sql_seconds, r.json()

        for case in await cases(direct):
            if only and only.lower() not in case.name.lower():
                continue
            res = Result(case.name)
            recorder.capturing, recorder.statements = True, []
            _, _, answer = await call(case)
            recorder.capturing = False
            res.statements = recorder.statements
            mine = [s for s in res.statements if ours(s.sql)]
            res.check = f"{len(answer['data'])} rows of {answer['totalMatching']:,}, {answer['totalPages']:,} pages"
            for i in range(warmup + runs):
                api, in_app, _ = await call(case)
                all_t = await replay(direct, res.statements)
                list_t = await replay(direct, mine)
                if i >= warmup:
                    res.api.append(api)
                    res.in_app_sql.append(in_app)
                    res.sql_all.append(all_t)
                    res.sql_list.append(list_t)
            kinds = [st.sql.lstrip().split()[0].upper() for st in res.statements]
            res.check += f"; {len(kinds)} statements"
            for st in mine:
                if st.sql.lstrip().startswith("SELECT"):
                    key, ms, text = await explain(explain_conn, st)
                    explained.append((res.name, label(st.sql), key, ms))
                    plan_texts.append(f"=== {res.name}: {label(st.sql)}\n{st.sql}\n-- params {st.params}\n{text}\n")
            results.append(res)
        if sales and not only:
            concurrency = await concurrent_sales(app, client, headers, sales)
    await direct.close()
    await explain_conn.close()
    await app.state.engine.dispose()
    return Outcome(results, explained, plan_texts, load_start[0]), concurrency


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", required=True, help="postgresql://user@host:port/db")
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--sales", type=int, default=100, help="concurrent sales (0 skips them)")
    parser.add_argument("--plans", type=Path, default=None, help="write the full EXPLAIN plans to this file")
    parser.add_argument("--only", default=None, help="run only the cases whose name contains this text")
    args = parser.parse_args()
    outcome, concurrency = asyncio.run(run(args.database_url, args.runs, args.warmup, args.only, args.sales))
    report(
        outcome,
        args.runs,
        args.warmup,
        args.plans,
        subject="money",
        title="invoices/get and payment/get-payments",
        judge=verdict,
        width=44,
    )
    if concurrency:
        print(f"\n{concurrency}  (at {datetime.now(UTC):%Y-%m-%d %H:%M} UTC)")


if __name__ == "__main__":
    main()
