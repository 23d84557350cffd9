"""The bidding tests' sale, built through the API once per process and its kind (tests/committing.py,
`seeded_app`): a published auction (Live unless told; AED 500 steps, 10 s counter-bid time) whose first
event holds the vehicles (opening AED 15,000, reserve AED 20,000), the money tests' fees, and approved buyers
with their deposits paid. Each test gets a committing app on a copy of it: the sale as the API made it, on a
database of the test's own."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from httpx import AsyncClient
from sqlalchemy import select

from gavel.config import Settings
from gavel.users.models import User
from tests.auctions.factory import approved_vehicles, buyer, create_auction, events, yard
from tests.committing import seeded_app
from tests.conftest import ADMIN_EMAIL
from tests.factories import admin_headers
from tests.money.conftest import fees


@dataclass(frozen=True)
class SaleSeed:
    admin: dict[str, str]  # the administrator's headers (its session is in every copy)
    desk: dict[str, str] | None  # the deposit desk's headers (auctions.factory.deposit_desk), once made
    event_id: str
    lane_id: str  # the event's first lane
    vehicles: list[str]
    buyers: list[str]
    staff: str  # the administrator's user id


async def _build(
    app: Any,
    client: AsyncClient,
    cars: int,
    buying_powers: tuple[int, ...],
    auction_type: str | None,
    lanes: str | None,
) -> SaleSeed:
    admin = await admin_headers(client)
    await fees(client, admin)
    location = await yard(client, admin)
    typed = {} if auction_type is None else {"auctionType": auction_type}
    auction = (await create_auction(client, admin, location, **typed))["data"]
    first = (await events(client, admin, auction["_id"]))[0]
    placed = await approved_vehicles(client, admin, cars)
    body = {
        "vehicles": [
            {"vehicleId": car["_id"]}
            if lanes is None
            else {"vehicleId": car["_id"], "lane": lanes[n % len(lanes)]}
            for n, car in enumerate(placed)
        ]
    }
    added = await client.post(f"/api/auction-event/add-vehicle/{first['_id']}", json=body, headers=admin)
    assert added.status_code == 200, added.text
    body = {"auctionIds": [auction["_id"]], "status": "publish"}
    published = await client.put("/api/auctions/status", json=body, headers=admin)
    assert published.status_code == 200, published.text
    members = [
        (await buyer(client, admin, n, buying_power=power))["_id"]
        for n, power in enumerate(buying_powers, start=1)
    ]
    async with app.state.sessionmaker() as session:
        staff = (await session.execute(select(User.id).where(User.email == ADMIN_EMAIL))).scalar_one()
    desk = getattr(client, "_deposit_desk", None)
    return SaleSeed(
        admin,
        desk,
        first["_id"],
        first["lanes"][0]["_id"],
        [car["_id"] for car in placed],
        members,
        staff,
    )


@asynccontextmanager
async def seeded_sale(
    settings: Settings,
    folder: Path,
    *,
    cars: int = 1,
    buying_powers: tuple[int, ...] = (100000, 100000),
    auction_type: str | None = None,
    lanes: str | None = None,
) -> AsyncIterator[tuple[Any, AsyncClient, SaleSeed]]:
    """`auction_type` None: the factory's (Live); `lanes`: the letters the vehicles are placed in, in turn
    (None: where the event places them)."""

    async def build(app: Any, client: AsyncClient) -> SaleSeed:
        return await _build(app, client, cars, buying_powers, auction_type, lanes)

    name = f"bidding sale {cars} {buying_powers} {auction_type} {lanes}"
    async with seeded_app(settings, folder, name, build) as (app, client, seed):
        if seed.desk is not None:  # as on the client that made the sale: the desk is not made twice
            client._deposit_desk = dict(seed.desk)  # type: ignore[attr-defined]
        yield app, client, seed
