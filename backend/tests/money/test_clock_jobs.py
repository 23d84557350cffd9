"""The clock's work: the late fee once, storage days after the free days, catching up, never twice."""

import asyncio
import contextlib
from datetime import timedelta
from pathlib import Path
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.config import Settings
from gavel.core.clock_ticks import Ticks
from gavel.jobs.clock_jobs import run_forever, run_once
from tests.auctions.factory import SALE_START, moved_clock
from tests.committing import committing_app
from tests.factories import admin_headers
from tests.money.conftest import fees, sell


async def lines(client: AsyncClient, admin: dict[str, str], invoice: dict[str, Any]) -> list[tuple[str, str]]:
    detail = (await client.get(f"/api/invoices/{invoice['_id']}", headers=admin)).json()
    return [(line["kind"], line["description"]) for line in detail["lines"]]


async def test_an_overdue_invoice_gets_the_late_fee_once(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    sale: dict[str, Any],
) -> None:
    clock = moved_clock(app, SALE_START + timedelta(hours=49, minutes=30))  # sold at 17:00, 48 hours to pay
    assert await run_once(db, clock) == 1
    assert await run_once(db, clock) == 0, "a second run finds nothing to do"
    kinds = [kind for kind, _ in await lines(client, admin, sale["invoice"])]
    assert kinds.count("latePayment") == 1
    detail = (await client.get(f"/api/invoices/{sale['invoice']['_id']}", headers=admin)).json()
    assert detail["status"] == "overdue"
    assert detail["overdueAmount"] == detail["dueAmount"] == 25472.5 + 525
    listed = (await client.post("/api/invoices/get", json={"status": "overdue"}, headers=admin)).json()
    assert listed["totals"]["overdue"]["count"] == 1 and "unpaid" not in {
        k for k, v in listed["totals"].items() if v["count"]
    }


async def test_storage_is_charged_for_each_day_after_the_free_days_and_catches_up(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    sale: dict[str, Any],
) -> None:
    # Sale day 01/05 and two more days are free (3 free days); storage starts on 04/05.
    clock = moved_clock(app, SALE_START + timedelta(days=2))
    await run_once(db, clock)
    assert [d for k, d in await lines(client, admin, sale["invoice"]) if k == "storagePerDay"] == []
    clock = moved_clock(app, SALE_START + timedelta(days=5))  # 06/05, after two days without a run
    await run_once(db, clock)
    await run_once(db, clock)
    storage = [d for k, d in await lines(client, admin, sale["invoice"]) if k == "storagePerDay"]
    assert storage == [
        "Storage per day: 04/05/2031",
        "Storage per day: 05/05/2031",
        "Storage per day: 06/05/2031",
    ]


async def test_storage_after_paying_on_time_is_owed_at_collection_not_overdue(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    from tests.money.test_payments import payment, record

    paid = await record(client, admin, payment(sale["invoice"], 25472.5))
    await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)
    clock = moved_clock(app, SALE_START + timedelta(days=6))  # storage from 04/05 to 07/05, in the yard
    await run_once(db, clock)
    detail = (await client.get(f"/api/invoices/{sale['invoice']['_id']}", headers=admin)).json()
    kinds = [line["kind"] for line in detail["lines"]]
    assert kinds.count("storagePerDay") == 4 and "latePayment" not in kinds
    assert (detail["status"], detail["dueAmount"]) == ("partiallyPaid", 4 * 36.75)


async def test_moving_the_dev_clock_past_the_due_time_answers_with_the_invoice_already_overdue(
    settings: Settings, tmp_path: Path
) -> None:
    """The end-to-end backend: its clock loop runs beside the requests, on a database whose requests commit,
    and a move of its clock answers once the loop has run as of the new time (gavel.core.clock_ticks): the
    next request reads the invoice overdue. On SQLite, the move's own request must not hold the write lock
    while it waits (it did: the loop failed with 'database is locked')."""
    async with committing_app(settings.model_copy(update={"movable_clock": True}), tmp_path) as (app, client):
        admin = await admin_headers(client)
        await fees(client, admin)
        sold = await sell(client, app, admin)
        app.state.clock_ticks = ticks = Ticks()
        loop = asyncio.create_task(run_forever(app.state.sessionmaker, app.state.clock, ticks))
        try:
            due_passed = SALE_START + timedelta(hours=49, minutes=30)  # sold at 17:00, 48 hours to pay
            moved = await client.put("/api/dev/clock", json={"now": due_passed.isoformat()}, headers=admin)
            assert moved.status_code == 200, moved.text
            detail = (await client.get(f"/api/invoices/{sold['invoice']['_id']}", headers=admin)).json()
            assert detail["status"] == "overdue"
            assert [line["kind"] for line in detail["lines"]].count("latePayment") == 1
        finally:
            loop.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await loop
