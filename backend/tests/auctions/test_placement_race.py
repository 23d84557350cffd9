"""Two requests place one vehicle in two events at the same moment: the unique index on current runs lets one
through and the other answers 409 naming the vehicle's lot, on SQLite and PostgreSQL alike."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

from gavel.config import Settings
from tests.auctions.factory import approved_vehicles, create_auction, events, yard
from tests.committing import committing_app
from tests.factories import admin_headers


@pytest.fixture
async def racing(settings: Settings, tmp_path: Path) -> AsyncIterator[tuple[AsyncClient, dict[str, str]]]:
    async with committing_app(settings, tmp_path) as (_, client):
        yield client, await admin_headers(client)


async def test_one_vehicle_placed_in_two_events_at_once_lands_in_one(
    racing: tuple[AsyncClient, dict[str, str]],
) -> None:
    client, admin = racing
    location = await yard(client, admin)
    auction = (await create_auction(client, admin, location))["data"]
    first, second, _ = await events(client, admin, auction["_id"])
    (car,) = await approved_vehicles(client, admin, 1)

    async def place(event: dict[str, Any]) -> Any:
        return await client.post(
            f"/api/auction-event/add-vehicle/{event['_id']}",
            json={"vehicles": [{"vehicleId": car["_id"]}]},
            headers=admin,
        )

    answers = await asyncio.gather(place(first), place(second))
    assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
    refused = next(a for a in answers if a.status_code == 409).json()
    # Whether the service's check or the unique index decided, the answer names the vehicle.
    message = f"Lot {car['vehicleLotNumber']} is already in an auction event."
    assert refused["message"] == message
    assert refused["errors"] == [{"field": "vehicles", "message": message}]
    counts = [e["vehicleCount"] for e in await events(client, admin, auction["_id"])]
    assert sorted(counts) == [0, 0, 1]
