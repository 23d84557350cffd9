"""Sale results on sale day: sold to a buyer at a price, not sold, corrections, and completing the event."""

from datetime import timedelta
from typing import Any

import pytest
from httpx import AsyncClient

from tests.auctions.factory import SALE_START, approved_vehicles, buyer, create_auction, events, moved_clock


@pytest.fixture
async def sale(client: AsyncClient, app: Any, admin: dict[str, str], location: str) -> dict[str, Any]:
    """A published auction whose first event holds three vehicles (reserve 20,000 AED), on its sale day."""
    auction = (await create_auction(client, admin, location))["data"]
    listed = await events(client, admin, auction["_id"])
    cars = await approved_vehicles(client, admin, 3)
    added = await client.post(
        f"/api/auction-event/add-vehicle/{listed[0]['_id']}",
        json={"vehicles": [{"vehicleId": c["_id"]} for c in cars]},
        headers=admin,
    )
    assert added.status_code == 200, added.text
    published = await client.put(
        "/api/auctions/status", json={"auctionIds": [auction["_id"]], "status": "publish"}, headers=admin
    )
    assert published.status_code == 200, published.text
    moved_clock(app, SALE_START + timedelta(minutes=30))
    return {"auction": auction, "events": listed, "event": listed[0]["_id"], "cars": cars}


async def _results(client: AsyncClient, admin: dict[str, str], event: str, *results: dict[str, Any]) -> Any:
    return await client.put(
        f"/api/auction-event/results/{event}", json={"results": list(results)}, headers=admin
    )


async def test_a_sold_vehicle_moves_to_sold_with_its_buyer_and_price(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    khalid = await buyer(client, admin)
    car = sale["cars"][0]
    answer = await _results(
        client,
        admin,
        sale["event"],
        {"vehicleId": car["_id"], "outcome": "sold", "buyerId": khalid["_id"], "soldFor": 25000},
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["message"] == "1 result saved."
    run = answer.json()["runs"][0]
    assert (run["outcome"], run["soldFor"], run["buyer"]["name"]) == ("sold", 25000, "Khalid Buyer1")
    assert answer.json()["event"]["soldCount"] == 1 and answer.json()["event"]["soldTotal"] == 25000
    vehicle = (await client.get(f"/api/vehicles/{car['_id']}", headers=admin)).json()
    assert (vehicle["status"], vehicle["soldFor"], vehicle["isPaid"], vehicle["gatePassStatus"]) == (
        "sold",
        25000,
        False,
        "Pending",
    )
    assert vehicle["buyerInfo"]["buyerProfile"]["_id"] == khalid["_id"]
    sold = await client.post("/api/vehicles/get", json={"status": "sold"}, headers=admin)
    assert [v["_id"] for v in sold.json()["data"]["vehicles"]] == [car["_id"]]
    same = await _results(
        client,
        admin,
        sale["event"],
        {"vehicleId": car["_id"], "outcome": "sold", "buyerId": khalid["_id"], "soldFor": 25000},
    )
    assert same.status_code == 200, "a repeated result (a double press) changes nothing"


async def test_not_sold_returns_the_vehicle_to_the_unassigned_and_keeps_the_run(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    car = sale["cars"][1]
    answer = await _results(client, admin, sale["event"], {"vehicleId": car["_id"], "outcome": "notSold"})
    assert answer.status_code == 200, answer.text
    vehicle = (await client.get(f"/api/vehicles/{car['_id']}", headers=admin)).json()
    assert (vehicle["status"], vehicle["eventId"]) == ("approved", None)
    unassigned = await client.post("/api/vehicles/get-unassigned-approved-vehicles", json={}, headers=admin)
    assert [v["_id"] for v in unassigned.json()["data"]["vehicles"]] == [car["_id"]]
    page = await client.post(f"/api/auction-event/getById/{sale['event']}", json={}, headers=admin)
    runs = {r["vehicleId"]: r for r in page.json()["data"]["vehicles"]}
    assert (runs[car["_id"]]["outcome"], runs[car["_id"]]["isCurrent"]) == ("notSold", False)
    history = await client.get(f"/api/auction-event/vehicle-history/{car['_id']}", headers=admin)
    assert [(h["outcome"], h["lane"], h["runNumber"]) for h in history.json()["data"]] == [
        ("notSold", "B", 1)
    ]

    cleared = await _results(client, admin, sale["event"], {"vehicleId": car["_id"], "outcome": None})
    assert cleared.status_code == 200, cleared.text
    vehicle = (await client.get(f"/api/vehicles/{car['_id']}", headers=admin)).json()
    assert vehicle["eventId"] == sale["event"], "clearing the result puts it back in its run"


async def test_a_result_can_be_corrected_until_the_event_is_completed(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    khalid = await buyer(client, admin)
    car = sale["cars"][0]
    sold = {"vehicleId": car["_id"], "outcome": "sold", "buyerId": khalid["_id"], "soldFor": 25000}
    await _results(client, admin, sale["event"], sold)
    corrected = await _results(client, admin, sale["event"], {"vehicleId": car["_id"], "outcome": "notSold"})
    assert corrected.status_code == 200, corrected.text
    vehicle = (await client.get(f"/api/vehicles/{car['_id']}", headers=admin)).json()
    assert (vehicle["status"], vehicle["soldFor"], vehicle["buyerInfo"], vehicle["eventId"]) == (
        "approved",
        None,
        None,
        None,
    )
    resold = await _results(client, admin, sale["event"], sold)
    assert resold.status_code == 200, resold.text
    assert (await client.get(f"/api/vehicles/{car['_id']}", headers=admin)).json()["status"] == "sold"


async def test_the_reserve_must_be_met_unless_the_seller_accepts(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    khalid = await buyer(client, admin)
    car = sale["cars"][0]
    low = {"vehicleId": car["_id"], "outcome": "sold", "buyerId": khalid["_id"], "soldFor": 18000}
    refused = await _results(client, admin, sale["event"], low)
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        f"The reserve of Lot {car['vehicleLotNumber']} was not met: AED 18,000.00 is below AED 20,000.00. "
        "Record the sale only when the seller accepts the bid."
    )
    accepted = await _results(client, admin, sale["event"], {**low, "sellerApproved": True})
    assert accepted.status_code == 200, accepted.text
    assert accepted.json()["runs"][0]["sellerApproved"] is True


async def test_a_buyer_cannot_buy_beyond_their_buying_power(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    khalid = await buyer(client, admin, buying_power=50000)
    first, second = sale["cars"][0], sale["cars"][1]
    both = await _results(
        client,
        admin,
        sale["event"],
        {"vehicleId": first["_id"], "outcome": "sold", "buyerId": khalid["_id"], "soldFor": 30000},
        {"vehicleId": second["_id"], "outcome": "sold", "buyerId": khalid["_id"], "soldFor": 24000},
    )
    assert both.status_code == 409
    assert both.json()["message"] == (
        "Khalid Buyer1's buying power falls short by AED 4,000.00: AED 20,000.00 is available."
    )
    nothing = (await client.get(f"/api/vehicles/{first['_id']}", headers=admin)).json()
    assert nothing["status"] == "approved", "a refused batch records nothing"
    buyers = await client.post("/api/auction-event/buyers", json={"search": "0554443301"}, headers=admin)
    assert [(b["name"], b["available"]) for b in buyers.json()["data"]] == [("Khalid Buyer1", 50000)]


@pytest.mark.parametrize(
    ("result", "status", "message"),
    [
        ({"outcome": "sold", "soldFor": 25000}, 422, "Choose the buyer of a sold vehicle."),
        ({"outcome": "sold", "buyerId": "x", "soldFor": 0}, 422, "Enter the hammer price in AED."),
        ({"outcome": "sold", "buyerId": "nobody", "soldFor": 25000}, 422, "The chosen buyer does not exist."),
        ({"outcome": "maybe"}, 422, "Input should be 'sold' or 'notSold'"),
    ],
)
async def test_bad_results_are_refused(
    client: AsyncClient,
    admin: dict[str, str],
    sale: dict[str, Any],
    result: dict[str, Any],
    status: int,
    message: str,
) -> None:
    answer = await _results(client, admin, sale["event"], {"vehicleId": sale["cars"][0]["_id"], **result})
    assert answer.status_code == status, answer.text
    assert answer.json()["message"] == message


async def test_a_seller_cannot_buy_their_own_vehicle(
    client: AsyncClient, app: Any, admin: dict[str, str], location: str
) -> None:
    trader = await buyer(client, admin, 7)
    widened = await client.put(
        f"/api/members/update-member/{trader['_id']}",
        json={**_editable(trader), "memberTypes": ["seller", "buyer"], "sellerType": "dealer"},
        headers=admin,
    )
    assert widened.status_code == 200, widened.text
    auction = (await create_auction(client, admin, location))["data"]
    event = (await events(client, admin, auction["_id"]))[0]["_id"]
    (car,) = await approved_vehicles(client, admin, 1, seller=trader, first=31)
    await client.post(
        f"/api/auction-event/add-vehicle/{event}",
        json={"vehicles": [{"vehicleId": car["_id"]}]},
        headers=admin,
    )
    await client.put(
        "/api/auctions/status", json={"auctionIds": [auction["_id"]], "status": "publish"}, headers=admin
    )
    moved_clock(app, SALE_START + timedelta(hours=1))
    answer = await _results(
        client,
        admin,
        event,
        {"vehicleId": car["_id"], "outcome": "sold", "buyerId": trader["_id"], "soldFor": 25000},
    )
    assert answer.status_code == 409
    assert answer.json()["message"] == f"Khalid Buyer7 sells Lot {car['vehicleLotNumber']} and cannot buy it."


def _editable(member: dict[str, Any]) -> dict[str, Any]:
    keep = ("firstName", "lastName", "memberIdentityNo", "memberEntity", "memberTypes", "memberProfile")
    body = {k: member[k] for k in keep}
    body["securityPlan"] = member["securityPlan"]["_id"] if member.get("securityPlan") else None
    body["memberProfile"] = {k: v for k, v in member["memberProfile"].items() if k not in ("_id",)}
    return body


async def test_results_wait_for_the_sale_day_and_a_published_event(
    client: AsyncClient, app: Any, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    moved_clock(app, SALE_START - timedelta(hours=17))  # the day before, in Dubai
    early = await _results(
        client, admin, sale["event"], {"vehicleId": sale["cars"][0]["_id"], "outcome": "notSold"}
    )
    assert early.status_code == 409
    assert early.json()["message"] == "Results are recorded from the sale day, 01/05/2031."
    second = sale["events"][1]["_id"]
    draft = await _results(client, admin, second, {"vehicleId": sale["cars"][0]["_id"], "outcome": "notSold"})
    assert draft.status_code == 409
    assert (
        draft.json()["message"]
        == "Results are recorded for published events only; publish the auction first."
    )
    elsewhere = await _results(client, admin, sale["event"], {"vehicleId": "nothing", "outcome": "notSold"})
    assert elsewhere.status_code in (404, 409)


async def test_an_event_completes_once_every_vehicle_has_a_result_and_the_last_completes_the_auction(
    client: AsyncClient, app: Any, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    khalid = await buyer(client, admin)
    cars = sale["cars"]
    await _results(
        client,
        admin,
        sale["event"],
        {"vehicleId": cars[0]["_id"], "outcome": "sold", "buyerId": khalid["_id"], "soldFor": 25000},
        {"vehicleId": cars[1]["_id"], "outcome": "notSold"},
    )
    early = await client.put(f"/api/auction-event/complete/{sale['event']}", headers=admin)
    assert early.status_code == 409
    assert early.json()["message"] == (
        f"1 vehicle of this event has no result yet (lots {cars[2]['vehicleLotNumber']}); "
        "record every result first."
    )
    await _results(client, admin, sale["event"], {"vehicleId": cars[2]["_id"], "outcome": "notSold"})
    done = await client.put(f"/api/auction-event/complete/{sale['event']}", headers=admin)
    assert done.status_code == 200, done.text
    assert done.json()["event"]["auctionEventStatus"] == "completed"
    late = await _results(client, admin, sale["event"], {"vehicleId": cars[2]["_id"], "outcome": None})
    assert late.status_code == 409
    assert late.json()["message"] == "This event is completed; its results can no longer change."

    for later in sale["events"][1:]:
        moved_clock(app, SALE_START + timedelta(weeks=3))
        closed = await client.put(f"/api/auction-event/complete/{later['_id']}", headers=admin)
        assert closed.status_code == 200, closed.text
    auction = (await client.post("/api/auctions/get", json={}, headers=admin)).json()
    assert auction["data"][0]["status"] == "completed"
    assert auction["totalCompleted"] == 1

    history = await client.get(f"/api/members/{khalid['_id']}/auction-history", headers=admin)
    assert [(h["role"], h["outcome"], h["soldFor"]) for h in history.json()["data"]] == [
        ("buyer", "sold", 25000)
    ]
    assert history.json()["data"][0]["buyer"] == {"_id": khalid["_id"], "name": "Khalid Buyer1"}
    seller = (await client.get(f"/api/vehicles/{cars[0]['_id']}", headers=admin)).json()["memberProfile"]
    sold_by = await client.get(f"/api/members/{seller['_id']}/auction-history", headers=admin)
    assert sorted(h["outcome"] for h in sold_by.json()["data"]) == ["notSold", "notSold", "sold"]
