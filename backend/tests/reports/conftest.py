"""A hand-counted sale day for the reports: four vehicles run at one event, three sold for 25,000 AED and one
not sold; the first sale paid (its settlement and pending payout issued), the second voided by a credit
note, the third left unpaid.

By hand, with the money tests' fees (buyer fee 350 and gate fee 100 with 5% VAT; seller fee 500 with 5%
VAT; the sellers have no TRN, so no VAT on the price):
- each buyer invoice: 25,000 + 450 fees + 22.50 VAT = 25,472.50; the credit note the opposite;
- the settlement: 25,000 - 500 - 25 VAT = 24,475.00, paid out by a pending payout of that amount;
- fees of the event: 3 x 450 - 450 (credit note) + 500 (seller fee) = 1,400.00;
- VAT of the event: 3 x 22.50 - 22.50 + 25.00 = 70.00.
"""

from datetime import date, timedelta
from typing import Any

import pytest
from httpx import AsyncClient

from tests.auctions.factory import (
    SALE_START,
    approved_vehicles,
    buyer,
    create_auction,
    events,
    moved_clock,
    yard,
)
from tests.money.conftest import admin, cashier, fees  # noqa: F401 (fixtures)
from tests.money.test_payments import payment, record
from tests.money_out.conftest import BUYER_TOTAL, seller_fees

SALE_DAY = SALE_START.date()
PERIOD = {"dateFrom": SALE_DAY.isoformat(), "dateTo": SALE_DAY.isoformat()}


def period(first: date, last: date, **more: Any) -> dict[str, Any]:
    return {"dateFrom": first.isoformat(), "dateTo": last.isoformat(), **more}


@pytest.fixture
async def sale_day(
    client: AsyncClient,
    app: Any,
    admin: dict[str, str],  # noqa: F811 (the fixture imported above)
    cashier: dict[str, str],  # noqa: F811
) -> dict[str, Any]:
    await fees(client, admin)
    await seller_fees(client, admin)
    location = await yard(client, admin)
    auction = (await create_auction(client, admin, location))["data"]
    event = (await events(client, admin, auction["_id"]))[0]["_id"]
    cars = await approved_vehicles(client, admin, 4)
    placed = await client.post(
        f"/api/auction-event/add-vehicle/{event}",
        json={"vehicles": [{"vehicleId": c["_id"]} for c in cars]},
        headers=admin,
    )
    assert placed.status_code == 200, placed.text
    published = await client.put(
        "/api/auctions/status", json={"auctionIds": [auction["_id"]], "status": "publish"}, headers=admin
    )
    assert published.status_code == 200, published.text
    moved_clock(app, SALE_START + timedelta(hours=1))
    khalid = await buyer(client, admin, buying_power=1_000_000)
    results = [
        {"vehicleId": c["_id"], "outcome": "sold", "buyerId": khalid["_id"], "soldFor": 25000}
        for c in cars[:3]
    ]
    results.append({"vehicleId": cars[3]["_id"], "outcome": "notSold"})
    recorded = await client.put(
        f"/api/auction-event/results/{event}", json={"results": results}, headers=admin
    )
    assert recorded.status_code == 200, recorded.text
    listed = await client.post("/api/invoices/get", json={"kind": "invoice"}, headers=admin)
    by_vehicle = {i["vehicle"]["_id"]: i for i in listed.json()["data"]}
    invoices = [by_vehicle[c["_id"]] for c in cars[:3]]

    paid = await record(client, admin, payment(invoices[0], BUYER_TOTAL))
    verified = await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)
    assert verified.status_code == 200, verified.text
    voided = await client.put(
        f"/api/invoices/{invoices[1]['_id']}/void",
        json={"reason": "Buyer's bid taken by mistake"},
        headers=admin,
    )
    assert voided.status_code == 200, voided.text
    return {
        "event": event,
        "auction": auction,
        "cars": cars,
        "buyer": khalid,
        "invoices": invoices,
        "creditNote": voided.json()["creditNote"],
    }
