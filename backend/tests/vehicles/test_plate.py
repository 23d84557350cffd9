"""The number plate (issue 23, shown at the gate): kept as typed with its spaces squashed, read in the vehicle
and in the lists, emptied by an empty text, and refused beyond 20 characters."""

from typing import Any

import pytest
from httpx import AsyncClient

from tests.factories import admin_headers
from tests.vehicles.factory import approved_seller, vehicle


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


async def test_a_vehicle_keeps_its_plate(client: AsyncClient, admin: dict[str, str]) -> None:
    seller: dict[str, Any] = await approved_seller(client, admin)
    created = await client.post(
        "/api/vehicles/create", json=vehicle(seller["_id"], plateNumber="  Dubai  A 12345 "), headers=admin
    )
    assert created.status_code == 201, created.text
    made = created.json()["data"]
    assert made["plateNumber"] == "Dubai A 12345"
    listed = await client.post("/api/vehicles/get", json={"status": "pending"}, headers=admin)
    assert [v["plateNumber"] for v in listed.json()["data"]["vehicles"]] == ["Dubai A 12345"]

    emptied = await client.put(
        f"/api/vehicles/{made['_id']}", json=vehicle(seller["_id"], plateNumber=""), headers=admin
    )
    assert emptied.status_code == 200, emptied.text
    assert emptied.json()["plateNumber"] is None

    too_long = await client.put(
        f"/api/vehicles/{made['_id']}", json=vehicle(seller["_id"], plateNumber="A" * 21), headers=admin
    )
    assert too_long.status_code == 422
    assert too_long.json()["errors"][0]["field"] == "plateNumber"
