"""Transferring vehicles with `placement: keep`: each goes to the lane of the same letter in the target event,
after the vehicles already there, in the order the moved vehicles ran in the source; a lane the target lacks
is refused before anything moves (an event's lanes are its auction's, never made on demand)."""

from typing import Any

from httpx import AsyncClient

from tests.auctions.factory import approved_vehicles, create_auction, events


async def _add(
    client: AsyncClient, admin: dict[str, str], event_id: str, placements: list[dict[str, Any]]
) -> None:
    added = await client.post(
        f"/api/auction-event/add-vehicle/{event_id}", json={"vehicles": placements}, headers=admin
    )
    assert added.status_code == 200, added.text


async def _transfer(
    client: AsyncClient,
    admin: dict[str, str],
    source: dict[str, Any],
    target: dict[str, Any],
    vehicles: list[dict[str, Any]],
    **extra: Any,
) -> Any:
    return await client.put(
        "/api/auction-event/transfer-vehicle",
        json={"sourceEventId": source["_id"], "targetEventId": target["_id"], "vehicles": vehicles, **extra},
        headers=admin,
    )


async def _lane(client: AsyncClient, admin: dict[str, str], event: dict[str, Any], letter: str) -> list[Any]:
    shown = await client.post(
        f"/api/auction-event/get-lane-vehicle/{event['_id']}/lane/{letter}", json={}, headers=admin
    )
    assert shown.status_code == 200, shown.text
    return [(r["vehicleId"], r["runNumber"]) for r in shown.json()["data"]]


async def test_kept_lanes_keep_each_lanes_order_after_the_vehicles_already_there(
    client: AsyncClient, admin: dict[str, str], location: str
) -> None:
    auction = (await create_auction(client, admin, location))["data"]
    first, second, _ = await events(client, admin, auction["_id"])
    c = [car["_id"] for car in await approved_vehicles(client, admin, 7)]
    # The emptiest lane each time: A holds c0, c2, c4 and B holds c1, c3, in that run order.
    await _add(client, admin, first["_id"], [{"vehicleId": v} for v in c[:5]])
    await _add(
        client, admin, second["_id"], [{"vehicleId": c[5], "lane": "A"}, {"vehicleId": c[6], "lane": "B"}]
    )

    # Selected in another order than they run: the source's run order decides, lane by lane.
    picked = [{"vehicleId": v} for v in (c[4], c[3], c[0], c[1])]
    moved = await _transfer(client, admin, first, second, picked, placement="keep")
    assert moved.status_code == 200, moved.text
    assert moved.json()["message"] == "4 vehicles moved to the event of 08/05/2031."
    lanes = {lane["laneLetter"]: lane["vehicleCount"] for lane in moved.json()["event"]["lanes"]}
    assert lanes == {"A": 3, "B": 3}
    assert await _lane(client, admin, second, "A") == [(c[5], 1), (c[0], 2), (c[4], 3)]
    assert await _lane(client, admin, second, "B") == [(c[6], 1), (c[1], 2), (c[3], 3)]
    assert await _lane(client, admin, first, "A") == [(c[2], 2)]
    assert await _lane(client, admin, first, "B") == []
    vehicle = (await client.get(f"/api/vehicles/{c[3]}", headers=admin)).json()
    assert (vehicle["eventId"], vehicle["eventDate"]) == (second["_id"], "2031-05-08")

    # Without `placement`, the request of before: each vehicle's lane, or the emptiest.
    back = await _transfer(client, admin, second, first, [{"vehicleId": c[3]}])
    assert back.status_code == 200, back.text
    assert await _lane(client, admin, first, "B") == [(c[3], 1)]
    chosen = await _transfer(
        client, admin, second, first, [{"vehicleId": c[1], "lane": "A"}], placement="chosen"
    )
    assert chosen.status_code == 200, chosen.text
    assert await _lane(client, admin, first, "A") == [(c[2], 2), (c[1], 3)]


async def test_kept_lanes_refuse_a_lane_the_target_lacks_and_nothing_moves(
    client: AsyncClient, admin: dict[str, str], location: str
) -> None:
    wide = (await create_auction(client, admin, location))["data"]
    narrow = await create_auction(client, admin, location, auctionTitle="Sharjah One Lane Sale", lanes=1)
    narrow = narrow["data"]
    source = (await events(client, admin, wide["_id"]))[0]
    target = (await events(client, admin, narrow["_id"]))[0]
    cars = await approved_vehicles(client, admin, 4)
    c = [car["_id"] for car in cars]
    lots = [car["vehicleLotNumber"] for car in cars]
    # A holds c0, c2; B holds c1, c3.
    await _add(client, admin, source["_id"], [{"vehicleId": v} for v in c])

    refused = await _transfer(client, admin, source, target, [{"vehicleId": v} for v in c], placement="keep")
    assert refused.status_code == 422, refused.text
    message = (
        f"The target event has only lane A; there is no lane B for Lots {lots[1]} and {lots[3]}. "
        "Choose a lane or the emptiest lane."
    )
    assert refused.json() == {"message": message, "errors": [{"field": "placement", "message": message}]}
    # Nothing moved, not even the vehicles of lane A.
    assert await _lane(client, admin, source, "A") == [(c[0], 1), (c[2], 2)]
    assert await _lane(client, admin, source, "B") == [(c[1], 1), (c[3], 2)]
    assert [e["vehicleCount"] for e in await events(client, admin, narrow["_id"])] == [0, 0, 0]
    vehicle = (await client.get(f"/api/vehicles/{c[1]}", headers=admin)).json()
    assert vehicle["eventId"] == source["_id"]

    one = await _transfer(client, admin, source, target, [{"vehicleId": c[3]}], placement="keep")
    assert one.status_code == 422, one.text
    assert one.json()["message"] == (
        f"The target event has only lane A; there is no lane B for Lot {lots[3]}. "
        "Choose a lane or the emptiest lane."
    )

    # The vehicles of lane A may keep it; those of B go where the staff choose.
    kept = await _transfer(
        client, admin, source, target, [{"vehicleId": v} for v in (c[2], c[0])], placement="keep"
    )
    assert kept.status_code == 200, kept.text
    assert await _lane(client, admin, target, "A") == [(c[0], 1), (c[2], 2)]
    emptiest = await _transfer(client, admin, source, target, [{"vehicleId": c[3]}])
    assert emptiest.status_code == 200, emptiest.text
    assert await _lane(client, admin, target, "A") == [(c[0], 1), (c[2], 2), (c[3], 3)]


async def test_kept_lanes_take_no_lane_per_vehicle_and_only_known_placements(
    client: AsyncClient, admin: dict[str, str], location: str
) -> None:
    auction = (await create_auction(client, admin, location))["data"]
    first, second, _ = await events(client, admin, auction["_id"])
    (car,) = await approved_vehicles(client, admin, 1)
    await _add(client, admin, first["_id"], [{"vehicleId": car["_id"]}])

    named = await _transfer(
        client, admin, first, second, [{"vehicleId": car["_id"], "lane": "B"}], placement="keep"
    )
    assert named.status_code == 422, named.text
    assert (
        named.json()["message"]
        == "Leave out the vehicles' lanes: they keep the lanes they have in this event."
    )
    unknown = await _transfer(client, admin, first, second, [{"vehicleId": car["_id"]}], placement="same")
    assert unknown.status_code == 422, unknown.text
    assert unknown.json()["errors"] == [
        {"field": "placement", "message": "Input should be 'chosen' or 'keep'"}
    ]
    assert [e["vehicleCount"] for e in await events(client, admin, auction["_id"])] == [1, 0, 0]
