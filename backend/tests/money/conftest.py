"""A vehicle sold at auction to a buyer, with the fee schedule of a UAE auction house, for the money tests."""

from datetime import timedelta
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.members.models import Member
from gavel.permissions import Module, Privilege
from gavel.vehicles.models import Vehicle
from tests.auctions.factory import (
    SALE_START,
    approved_vehicles,
    buyer,
    create_auction,
    events,
    moved_clock,
    yard,
)
from tests.factories import STAFF_PASSWORD, admin_headers, bearer, login, make_staff

FEES = [
    {
        "title": "Buyer fee up to 30,000 AED",
        "charges": 350,
        "appliesTo": "buyer",
        "minPrice": 0,
        "maxPrice": 30000,
    },
    {"title": "Buyer fee above 30,000 AED", "charges": 750, "appliesTo": "buyer", "minPrice": 30000.01},
    {"title": "Gate fee", "charges": 100, "appliesTo": "buyer", "kind": "gatePass"},
    {"title": "Late payment fee", "charges": 500, "appliesTo": "buyer", "kind": "latePayment"},
    {"title": "Storage per day", "charges": 35, "appliesTo": "buyer", "kind": "storagePerDay"},
]


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


@pytest.fixture
async def cashier(client: AsyncClient, db: async_sessionmaker[AsyncSession]) -> dict[str, str]:
    """A second staff user who may verify payments (and issue gate passes)."""
    grants = {Module.PAYMENTS: set(Privilege), Module.VEHICLES: set(Privilege)}
    await make_staff(db, "cashier@example.com", grants=grants, role_name="Cashiers")
    return bearer((await login(client, "cashier@example.com", STAFF_PASSWORD))["token"])


async def fees(client: AsyncClient, admin: dict[str, str]) -> None:
    for fee in FEES:
        created = await client.post("/api/charge/create", json=fee, headers=admin)
        assert created.status_code == 201, created.text


async def sell(
    client: AsyncClient,
    app: Any,
    admin: dict[str, str],
    *,
    price: int = 25000,
    count: int = 1,
    seller_trn: str | None = None,
) -> dict[str, Any]:
    """Vehicles sold at a published auction's first event to one buyer; the clock stands on the sale day."""
    location = await yard(client, admin)
    auction = (await create_auction(client, admin, location))["data"]
    event = (await events(client, admin, auction["_id"]))[0]["_id"]
    cars = await approved_vehicles(client, admin, count)
    if seller_trn:
        async with app.state.sessionmaker() as session:
            seller = await session.get(Vehicle, cars[0]["_id"])
            assert seller is not None
            (await session.get_one(Member, seller.member_id)).trn = seller_trn
            await session.commit()
    await client.post(
        f"/api/auction-event/add-vehicle/{event}",
        json={"vehicles": [{"vehicleId": c["_id"]} for c in cars]},
        headers=admin,
    )
    await client.put(
        "/api/auctions/status", json={"auctionIds": [auction["_id"]], "status": "publish"}, headers=admin
    )
    clock = moved_clock(app, SALE_START + timedelta(hours=1))
    khalid = await buyer(client, admin, buying_power=1_000_000)
    results = [
        {"vehicleId": c["_id"], "outcome": "sold", "buyerId": khalid["_id"], "soldFor": price} for c in cars
    ]
    sold = await client.put(f"/api/auction-event/results/{event}", json={"results": results}, headers=admin)
    assert sold.status_code == 200, sold.text
    invoices = await client.post("/api/invoices/get", json={"kind": "invoice"}, headers=admin)
    by_vehicle = {i["vehicle"]["_id"]: i for i in invoices.json()["data"]}
    return {
        "event": event,
        "cars": cars,
        "buyer": khalid,
        "clock": clock,
        "invoices": [by_vehicle[c["_id"]] for c in cars],
        "invoice": by_vehicle[cars[0]["_id"]],
    }


@pytest.fixture
async def sale(client: AsyncClient, app: Any, admin: dict[str, str]) -> dict[str, Any]:
    await fees(client, admin)
    return await sell(client, app, admin)
