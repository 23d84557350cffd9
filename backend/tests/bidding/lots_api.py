"""A sale for the lots' API tests, built through the API: a published Live auction (AED 500 steps, 10 s
counter-bid time) whose first event has vehicles in its first lane (opening AED 15,000, reserve AED 20,000),
approved buyers, and the app's clock on the sale's day."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from httpx import AsyncClient, Response

from tests.auctions.factory import (
    SALE_START,
    approved_vehicles,
    buyer,
    create_auction,
    events,
    yard,
)
from tests.factories import admin_headers
from tests.money.conftest import fees

NOW = SALE_START + timedelta(hours=1)


class StoppedClock:
    """The app's clock, still until a test moves it: the server's times are exact in the answers."""

    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def now(self) -> datetime:
        return self.moment

    def move(self, seconds: float) -> datetime:
        self.moment += timedelta(seconds=seconds)
        return self.moment


@dataclass
class ApiSale:
    client: AsyncClient
    admin: dict[str, str]
    event_id: str
    other_events: list[str]
    vehicles: list[str]
    buyers: list[str]
    clock: StoppedClock

    async def lots(self, event_id: str | None = None) -> list[dict[str, Any]]:
        listed = await self.client.get(
            f"/api/auction-events/{event_id or self.event_id}/lots", headers=self.admin
        )
        assert listed.status_code == 200, listed.text
        return list(listed.json()["data"])

    async def post(self, path: str, body: dict[str, Any] | None = None) -> Response:
        return await self.client.post(f"/api/lots/{path}", json=body, headers=self.admin)

    async def ok(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        answered = await self.post(path, body)
        assert answered.status_code == 200, answered.text
        return dict(answered.json())

    async def get(self, path: str) -> dict[str, Any]:
        answered = await self.client.get(f"/api/{path}", headers=self.admin)
        assert answered.status_code == 200, answered.text
        return dict(answered.json())

    async def place(self, event_id: str, vehicles: list[str]) -> None:
        added = await self.client.post(
            f"/api/auction-event/add-vehicle/{event_id}",
            json={"vehicles": [{"vehicleId": v} for v in vehicles]},
            headers=self.admin,
        )
        assert added.status_code == 200, added.text


async def api_sale(
    client: AsyncClient, app: Any, *, cars: int = 2, buyers: int = 2, buying_power: int = 100000
) -> ApiSale:
    admin = await admin_headers(client)
    await fees(client, admin)
    location = await yard(client, admin)
    auction = (await create_auction(client, admin, location))["data"]
    listed = [e["_id"] for e in await events(client, admin, auction["_id"])]
    placed = [car["_id"] for car in await approved_vehicles(client, admin, cars)] if cars else []
    sale = ApiSale(client, admin, listed[0], listed[1:], placed, [], StoppedClock(NOW))
    if placed:
        await sale.place(sale.event_id, placed)
    published = await client.put(
        "/api/auctions/status", json={"auctionIds": [auction["_id"]], "status": "publish"}, headers=admin
    )
    assert published.status_code == 200, published.text
    sale.buyers = [
        (await buyer(client, admin, n, buying_power=buying_power))["_id"] for n in range(1, buyers + 1)
    ]
    app.state.clock = sale.clock
    return sale
