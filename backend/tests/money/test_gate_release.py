"""A recorded pick-up releases the vehicle in its own transaction: the vehicle, the Sold list's Release and
counts, and the yard figure ('In the yard past free days', the Sold list's inYardSoldBy) follow at once."""

from typing import Any

import pytest
from httpx import AsyncClient

from tests.money.gate_factory import DRIVER, issue, pay


@pytest.fixture
async def paid(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> Any:
    return await pay(client, admin, cashier, sale)


async def sold_list(client: AsyncClient, headers: dict[str, str], **filters: Any) -> dict[str, Any]:
    listed = await client.post("/api/vehicles/get", json={"status": "sold", **filters}, headers=headers)
    assert listed.status_code == 200, listed.text
    return dict(listed.json()["data"])


async def test_a_pick_up_releases_the_vehicle_and_every_figure_follows(
    client: AsyncClient, admin: dict[str, str], paid: dict[str, Any]
) -> None:
    car = paid["cars"][0]
    before = await sold_list(client, admin)
    assert (before["released"], before["unreleased"]) == (0, 1)
    in_yard = await sold_list(client, admin, inYardSoldBy="2031-05-01")
    assert [v["_id"] for v in in_yard["vehicles"]] == [car["_id"]]

    token = (await issue(client, admin, car["_id"])).json()["data"]["token"]
    taken = await client.post("/api/gate/pick-up", json={"token": token, **DRIVER}, headers=admin)
    assert taken.status_code == 200, taken.text

    vehicle = (await client.get(f"/api/vehicles/{car['_id']}", headers=admin)).json()
    assert (vehicle["isReleased"], vehicle["gatePassStatus"]) == (True, "Picked Up")
    assert vehicle["releaseDate"].startswith("2031-05-01T13:00"), (
        "the app's clock at the pick-up (17:00 Dubai)"
    )
    after = await sold_list(client, admin)
    assert (after["released"], after["unreleased"]) == (1, 0)
    released = await sold_list(client, admin, isReleased=True)
    assert [(v["_id"], v["isReleased"]) for v in released["vehicles"]] == [(car["_id"], True)]
    assert (await sold_list(client, admin, isReleased=False))["vehicles"] == []
    assert (await sold_list(client, admin, inYardSoldBy="2031-05-01"))["vehicles"] == []
    dashboard = (await client.get("/api/dashboard/summary", headers=admin)).json()["today"]
    assert dashboard["gatePassesNotPickedUp"] == 0


async def test_a_refused_pick_up_releases_nothing(
    client: AsyncClient, admin: dict[str, str], paid: dict[str, Any]
) -> None:
    car = paid["cars"][0]
    first = (await issue(client, admin, car["_id"])).json()["data"]
    await issue(client, admin, car["_id"], replaces=first["_id"])
    refused = await client.post("/api/gate/pick-up", json={"token": first["token"], **DRIVER}, headers=admin)
    assert (refused.status_code, refused.json()["reason"]) == (409, "cancelled")
    vehicle = (await client.get(f"/api/vehicles/{car['_id']}", headers=admin)).json()
    assert (vehicle["isReleased"], vehicle["releaseDate"]) == (False, None)
    assert (await sold_list(client, admin))["unreleased"] == 1
