"""Money under concurrency, on a really committing app: invoice numbers never shared or skipped, an invoice
never paid twice over, and the clock's work done once when two processes run it."""

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

from gavel.config import Settings
from gavel.jobs.clock_jobs import run_once
from tests.auctions.factory import (
    SALE_START,
    approved_vehicles,
    buyer,
    create_auction,
    events,
    moved_clock,
    yard,
)
from tests.committing import committing_app
from tests.factories import admin_headers
from tests.money.conftest import fees
from tests.money.test_payments import payment


@pytest.fixture
async def racing(
    settings: Settings, tmp_path: Path
) -> AsyncIterator[tuple[Any, AsyncClient, dict[str, str]]]:
    async with committing_app(settings, tmp_path) as (app, client):
        yield app, client, await admin_headers(client)


async def _five_sales(app: Any, client: AsyncClient, admin: dict[str, str]) -> dict[str, Any]:
    """Ten vehicles in five daily events, published; the clock on the last sale day."""
    await fees(client, admin)
    location = await yard(client, admin)
    auction = (await create_auction(client, admin, location, repeatType="Daily", repeatUntil="2031-05-05"))[
        "data"
    ]
    listed = await events(client, admin, auction["_id"])
    cars = await approved_vehicles(client, admin, 10)
    for n, event in enumerate(listed):
        pair = cars[2 * n : 2 * n + 2]
        added = await client.post(
            f"/api/auction-event/add-vehicle/{event['_id']}",
            json={"vehicles": [{"vehicleId": c["_id"]} for c in pair]},
            headers=admin,
        )
        assert added.status_code == 200, added.text
    await client.put(
        "/api/auctions/status", json={"auctionIds": [auction["_id"]], "status": "publish"}, headers=admin
    )
    moved_clock(app, SALE_START + timedelta(days=4, hours=1))
    return {"events": listed, "cars": cars, "buyer": await buyer(client, admin, buying_power=1_000_000)}


async def test_concurrent_sales_take_consecutive_invoice_numbers(
    racing: tuple[Any, AsyncClient, dict[str, str]],
) -> None:
    app, client, admin = racing
    setup = await _five_sales(app, client, admin)

    async def sell(n: int) -> Any:
        event, car = setup["events"][n // 2], setup["cars"][n]
        result = {
            "vehicleId": car["_id"],
            "outcome": "sold",
            "buyerId": setup["buyer"]["_id"],
            "soldFor": 20000,
        }
        return await client.put(
            f"/api/auction-event/results/{event['_id']}", json={"results": [result]}, headers=admin
        )

    answers = await asyncio.gather(*(sell(n) for n in range(10)))
    assert [a.status_code for a in answers] == [200] * 10, [a.text for a in answers if a.status_code != 200]
    listed = await client.post("/api/invoices/get", json={"limit": 100, "kind": "invoice"}, headers=admin)
    numbers = sorted(i["invoiceNo"] for i in listed.json()["data"])
    assert numbers == [f"INV-2031-{n:06d}" for n in range(1, 11)]


async def test_an_invoice_is_never_paid_twice_over_and_the_clock_works_once(
    racing: tuple[Any, AsyncClient, dict[str, str]],
) -> None:
    app, client, admin = racing
    setup = await _five_sales(app, client, admin)
    event, car = setup["events"][4], setup["cars"][8]
    result = {"vehicleId": car["_id"], "outcome": "sold", "buyerId": setup["buyer"]["_id"], "soldFor": 20000}
    sold = await client.put(
        f"/api/auction-event/results/{event['_id']}", json={"results": [result]}, headers=admin
    )
    assert sold.status_code == 200, sold.text
    invoice = (await client.post("/api/invoices/get", json={}, headers=admin)).json()["data"][0]
    body = payment(
        invoice, invoice["total"], paymentDateAndTime=(SALE_START + timedelta(days=4, hours=1)).isoformat()
    )

    answers = await asyncio.gather(
        *(client.post("/api/payments/inbound", json=body, headers=admin) for _ in range(3))
    )
    assert sorted(a.status_code for a in answers) == [201, 409, 409], [a.text for a in answers]

    moved_clock(app, SALE_START + timedelta(days=9))
    await asyncio.gather(*(run_once(app.state.sessionmaker, app.state.clock) for _ in range(2)))
    detail = (await client.get(f"/api/invoices/{invoice['_id']}", headers=admin)).json()
    storage = [line["serviceDate"] for line in detail["lines"] if line["kind"] == "storagePerDay"]
    assert storage == sorted(set(storage)), "no storage day twice"
    assert storage[0] == "2031-05-08" and storage[-1] == "2031-05-10"
    # Unverified money does not stop the invoice from falling due: the late fee, once.
    assert [line["kind"] for line in detail["lines"]].count("latePayment") == 1
