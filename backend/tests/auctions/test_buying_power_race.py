"""Two events selling to one buyer at the same moment: the buyer's row is locked before their buying power is
checked, so the second sale sees the first and is refused when together they go beyond it."""

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

from gavel.config import Settings
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


async def test_two_sales_at_once_never_go_beyond_the_buyers_buying_power(
    settings: Settings, tmp_path: Path
) -> None:
    async with committing_app(settings, tmp_path) as (app, client):
        admin = await admin_headers(client)
        await fees(client, admin)
        location = await yard(client, admin)
        created = await create_auction(client, admin, location, repeatType="Daily", repeatUntil="2031-05-02")
        listed = await events(client, admin, created["data"]["_id"])
        cars = await approved_vehicles(client, admin, 2)
        for event, car in zip(listed, cars, strict=True):
            placed = await client.post(
                f"/api/auction-event/add-vehicle/{event['_id']}",
                json={"vehicles": [{"vehicleId": car["_id"]}]},
                headers=admin,
            )
            assert placed.status_code == 200, placed.text
        published = await client.put(
            "/api/auctions/status",
            json={"auctionIds": [created["data"]["_id"]], "status": "publish"},
            headers=admin,
        )
        assert published.status_code == 200, published.text
        moved_clock(app, SALE_START + timedelta(days=1, hours=1))
        khalid = await buyer(client, admin, buying_power=100000)

        async def sell(event: dict[str, Any], car: dict[str, Any]) -> Any:
            result = {"vehicleId": car["_id"], "outcome": "sold", "buyerId": khalid["_id"], "soldFor": 60000}
            return await client.put(
                f"/api/auction-event/results/{event['_id']}", json={"results": [result]}, headers=admin
            )

        answers = await asyncio.gather(*(sell(e, c) for e, c in zip(listed, cars, strict=True)))
        assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
        (refused,) = [a for a in answers if a.status_code == 409]
        assert (
            "buying power falls short by AED 20,000.00: AED 40,000.00 is available."
            in refused.json()["message"]
        )
