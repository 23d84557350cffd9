"""Placing vehicles in an event's lanes: run order, lanes, removal, transfer, and the event pages."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient

from tests.auctions.factory import SALE_START, approved_vehicles, create_auction, events, moved_clock


async def _setup(
    client: AsyncClient, admin: dict[str, str], location: str, count: int = 4
) -> tuple[Any, Any, Any]:
    auction = (await create_auction(client, admin, location))["data"]
    listed = await events(client, admin, auction["_id"])
    cars = await approved_vehicles(client, admin, count)
    return auction, listed, cars


async def _add(
    client: AsyncClient, admin: dict[str, str], event_id: str, placements: list[dict[str, Any]]
) -> Any:
    return await client.post(
        f"/api/auction-event/add-vehicle/{event_id}", json={"vehicles": placements}, headers=admin
    )


async def test_vehicles_join_the_emptiest_lane_or_the_one_chosen_in_run_order(
    client: AsyncClient, admin: dict[str, str], location: str
) -> None:
    auction, listed, cars = await _setup(client, admin, location)
    first = listed[0]
    added = await _add(client, admin, first["_id"], [{"vehicleId": c["_id"]} for c in cars[:3]])
    assert added.status_code == 200, added.text
    assert added.json()["message"] == "3 vehicles added to the event."
    lanes = {lane["laneLetter"]: lane for lane in added.json()["event"]["lanes"]}
    assert (lanes["A"]["vehicleCount"], lanes["B"]["vehicleCount"]) == (2, 1)
    assert (lanes["A"]["minRange"], lanes["A"]["maxRange"]) == (1, 2)
    chosen = await _add(client, admin, first["_id"], [{"vehicleId": cars[3]["_id"], "lane": "b"}])
    assert chosen.status_code == 200, chosen.text

    page = await client.post(f"/api/auction-event/getById/{first['_id']}", json={"limit": 10}, headers=admin)
    assert page.status_code == 200, page.text
    runs = page.json()["data"]["vehicles"]
    assert [(r["lane"], r["runNumber"]) for r in runs] == [("A", 1), ("A", 2), ("B", 1), ("B", 2)]
    assert runs[0]["vehicle"]["vehicleLotNumber"] == cars[0]["vehicleLotNumber"]
    assert runs[0]["vehicle"]["reservePrice"] == 20000
    assert page.json()["data"]["event"]["vehicleCount"] == 4

    lane_b = await client.post(
        f"/api/auction-event/get-lane-vehicle/{first['_id']}/lane/B", json={}, headers=admin
    )
    assert lane_b.status_code == 200, lane_b.text
    assert [r["vehicleId"] for r in lane_b.json()["data"]] == [cars[1]["_id"], cars[3]["_id"]]
    assert lane_b.json()["lane"]["maxRange"] == 2

    vehicle = (await client.get(f"/api/vehicles/{cars[0]['_id']}", headers=admin)).json()
    assert vehicle["eventId"] == first["_id"]
    assert vehicle["auctionId"] == auction["_id"]
    assert vehicle["eventDate"] == "2031-05-01"
    unassigned = await client.post("/api/vehicles/get-unassigned-approved-vehicles", json={}, headers=admin)
    assert unassigned.json()["data"]["vehicles"] == []
    listed_auction = (await client.post("/api/auctions/get", json={}, headers=admin)).json()["data"][0]
    assert listed_auction["totalVehicleCount"] == 4


async def test_placing_is_refused_for_what_cannot_run(
    client: AsyncClient, app: Any, admin: dict[str, str], location: str
) -> None:
    _, listed, cars = await _setup(client, admin, location, count=2)
    first, second = listed[0], listed[1]
    await _add(client, admin, first["_id"], [{"vehicleId": cars[0]["_id"]}])
    twice = await _add(client, admin, second["_id"], [{"vehicleId": cars[0]["_id"]}])
    assert twice.status_code == 409
    assert twice.json()["message"] == f"Lot {cars[0]['vehicleLotNumber']} is already in an auction event."

    no_lane = await _add(client, admin, first["_id"], [{"vehicleId": cars[1]["_id"], "lane": "C"}])
    assert no_lane.status_code == 422
    assert no_lane.json()["message"] == "This event has lanes A to B; there is no lane C."
    bad_letter = await _add(client, admin, first["_id"], [{"vehicleId": cars[1]["_id"], "lane": "Z"}])
    assert bad_letter.status_code == 422
    unknown = await _add(client, admin, first["_id"], [{"vehicleId": "nothing"}])
    assert unknown.status_code == 404
    assert unknown.json()["message"] == "1 of the selected vehicles no longer exists."

    seller = (await client.get(f"/api/vehicles/{cars[1]['_id']}", headers=admin)).json()["memberProfile"]
    pending = await client.post(
        "/api/vehicles/create",
        json={**_vehicle_like(cars[1]), "memberProfile": seller["_id"], "vinNumber": "1HGCM82633A004352"},
        headers=admin,
    )
    assert pending.status_code == 201, pending.text
    lot = pending.json()["data"]["vehicleLotNumber"]
    refused = await _add(client, admin, first["_id"], [{"vehicleId": pending.json()["data"]["_id"]}])
    assert refused.status_code == 409
    assert (
        refused.json()["message"] == f"Lot {lot} is pending; only approved vehicles are placed in an event."
    )

    moved_clock(app, SALE_START + timedelta(minutes=5))
    started = await _add(client, admin, first["_id"], [{"vehicleId": cars[1]["_id"]}])
    assert started.status_code == 409
    assert (
        started.json()["message"]
        == "This event started on 01/05/2031; vehicles are placed only before it starts."
    )


def _vehicle_like(vehicle: dict[str, Any]) -> dict[str, Any]:
    keep = ("title", "make", "model", "year", "openingPrice", "mileage")
    return {k: vehicle[k] for k in keep}


async def test_removed_vehicles_go_back_to_the_unassigned(
    client: AsyncClient, admin: dict[str, str], location: str
) -> None:
    _, listed, cars = await _setup(client, admin, location, count=2)
    first = listed[0]
    await _add(client, admin, first["_id"], [{"vehicleId": c["_id"]} for c in cars])
    removed = await client.post(
        f"/api/auction-event/remove-vehicle/{first['_id']}",
        json={"vehicles": [{"vehicleId": cars[0]["_id"]}]},
        headers=admin,
    )
    assert removed.status_code == 200, removed.text
    assert removed.json()["message"] == "1 vehicle removed from the event."
    assert removed.json()["event"]["vehicleCount"] == 1
    vehicle = (await client.get(f"/api/vehicles/{cars[0]['_id']}", headers=admin)).json()
    assert (vehicle["eventId"], vehicle["auctionId"], vehicle["status"]) == (None, None, "approved")
    again = await client.post(
        f"/api/auction-event/remove-vehicle/{first['_id']}",
        json={"vehicles": [{"vehicleId": cars[0]["_id"]}]},
        headers=admin,
    )
    assert again.status_code == 404
    assert again.json()["message"] == "1 vehicle of the selection is not in this event."


async def test_a_transfer_moves_vehicles_to_the_end_of_another_events_lanes(
    client: AsyncClient, admin: dict[str, str], location: str
) -> None:
    auction, listed, cars = await _setup(client, admin, location, count=3)
    first, second = listed[0], listed[1]
    await _add(client, admin, first["_id"], [{"vehicleId": c["_id"]} for c in cars[:2]])
    await _add(client, admin, second["_id"], [{"vehicleId": cars[2]["_id"], "lane": "A"}])
    moved = await client.put(
        "/api/auction-event/transfer-vehicle",
        json={
            "sourceEventId": first["_id"],
            "targetEventId": second["_id"],
            "vehicles": [{"vehicleId": cars[0]["_id"], "lane": "A"}],
        },
        headers=admin,
    )
    assert moved.status_code == 200, moved.text
    assert moved.json()["message"] == "1 vehicle moved to the event of 08/05/2031."
    lane_a = await client.post(
        f"/api/auction-event/get-lane-vehicle/{second['_id']}/lane/A", json={}, headers=admin
    )
    assert [(r["vehicleId"], r["runNumber"]) for r in lane_a.json()["data"]] == [
        (cars[2]["_id"], 1),
        (cars[0]["_id"], 2),
    ]
    vehicle = (await client.get(f"/api/vehicles/{cars[0]['_id']}", headers=admin)).json()
    assert (vehicle["eventId"], vehicle["eventDate"]) == (second["_id"], "2031-05-08")
    counts = [e["vehicleCount"] for e in await events(client, admin, auction["_id"])]
    assert counts == [1, 2, 0]
    same = await client.put(
        "/api/auction-event/transfer-vehicle",
        json={
            "sourceEventId": second["_id"],
            "targetEventId": second["_id"],
            "vehicles": [{"vehicleId": cars[0]["_id"]}],
        },
        headers=admin,
    )
    assert same.status_code == 422
    assert same.json()["message"] == "Choose another event to move the vehicles to."


async def test_the_calendar_shows_events_between_two_days(
    client: AsyncClient, admin: dict[str, str], location: str
) -> None:
    _, listed, cars = await _setup(client, admin, location, count=1)
    await _add(client, admin, listed[0]["_id"], [{"vehicleId": cars[0]["_id"]}])
    shown = await client.post(
        "/api/auction-event/calendar", json={"dateFrom": "2031-05-01", "dateTo": "2031-05-10"}, headers=admin
    )
    assert shown.status_code == 200, shown.text
    assert [(e["startDate"][:10], e["vehicleCount"]) for e in shown.json()["data"]] == [
        ("2031-05-01", 1),
        ("2031-05-08", 0),
    ]
    assert shown.json()["data"][0]["auctionTitle"] == "Dubai Thursday Live Sale"
    online = await client.post(
        "/api/auction-event/calendar",
        json={"dateFrom": "2031-05-01", "dateTo": "2031-05-31", "auctionType": "Online"},
        headers=admin,
    )
    assert online.json()["data"] == []
    too_long = await client.post(
        "/api/auction-event/calendar", json={"dateFrom": "2031-01-01", "dateTo": "2031-05-31"}, headers=admin
    )
    assert too_long.status_code == 422
    assert too_long.json()["message"] == "Show at most 62 days at once."
