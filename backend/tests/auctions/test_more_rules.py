"""More rules of auctions and events: what cannot leave or enter an event, publishing back and forth,
completing, the event pages' search and paging, the schedule's limits, and a placement the unique index on
current runs decides."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import Run
from tests.auctions.factory import (
    SALE_START,
    approved_vehicles,
    auction_body,
    buyer,
    create_auction,
    events,
    moved_clock,
)


async def _add(
    client: AsyncClient, admin: dict[str, str], event_id: str, placements: list[dict[str, Any]]
) -> Any:
    return await client.post(
        f"/api/auction-event/add-vehicle/{event_id}", json={"vehicles": placements}, headers=admin
    )


async def _status(client: AsyncClient, admin: dict[str, str], auction_id: str, status: str) -> Any:
    return await client.put(
        "/api/auctions/status", json={"auctionIds": [auction_id], "status": status}, headers=admin
    )


async def _results(client: AsyncClient, admin: dict[str, str], event: str, *results: dict[str, Any]) -> Any:
    return await client.put(
        f"/api/auction-event/results/{event}", json={"results": list(results)}, headers=admin
    )


async def _statuses(client: AsyncClient, admin: dict[str, str], auction_id: str) -> list[str]:
    return [e["auctionEventStatus"] for e in await events(client, admin, auction_id)]


def _counts(answer: Any) -> tuple[int, int, int, int]:
    body = answer.json()
    return (body["totalDraft"], body["totalUnpublished"], body["totalPublish"], body["totalCompleted"])


# ------------------------------------------------------------------------------------------ removing


async def test_a_vehicle_with_a_result_cannot_be_removed(
    client: AsyncClient, app: Any, admin: dict[str, str], location: str
) -> None:
    auction = (await create_auction(client, admin, location))["data"]
    first = (await events(client, admin, auction["_id"]))[0]["_id"]
    sold, unsold, waiting = await approved_vehicles(client, admin, 3)
    added = await _add(client, admin, first, [{"vehicleId": c["_id"]} for c in (sold, unsold, waiting)])
    assert added.status_code == 200, added.text
    assert (await _status(client, admin, auction["_id"], "publish")).status_code == 200
    moved_clock(app, SALE_START + timedelta(minutes=30))
    khalid = await buyer(client, admin)
    recorded = await _results(
        client,
        admin,
        first,
        {"vehicleId": sold["_id"], "outcome": "sold", "buyerId": khalid["_id"], "soldFor": 25000},
        {"vehicleId": unsold["_id"], "outcome": "notSold"},
    )
    assert recorded.status_code == 200, recorded.text

    async def remove(*cars: dict[str, Any]) -> Any:
        return await client.post(
            f"/api/auction-event/remove-vehicle/{first}",
            json={"vehicles": [{"vehicleId": c["_id"]} for c in cars]},
            headers=admin,
        )

    refused = await remove(sold)
    assert refused.status_code == 409, refused.text
    assert refused.json()["message"] == f"Lot {sold['vehicleLotNumber']} has a result."
    assert refused.json()["errors"] == [
        {"field": "vehicles", "message": f"Lot {sold['vehicleLotNumber']} has a result."}
    ]
    together = await remove(waiting, sold)
    assert together.status_code == 409, "all or nothing"
    assert together.json()["message"] == f"Lot {sold['vehicleLotNumber']} has a result."
    # Not sold: the vehicle already went back to the unassigned; its run stays as history.
    gone = await remove(unsold)
    assert gone.status_code == 404
    assert gone.json()["message"] == "1 vehicle of the selection is not in this event."

    vehicle = (await client.get(f"/api/vehicles/{sold['_id']}", headers=admin)).json()
    assert (vehicle["status"], vehicle["eventId"]) == ("sold", first)
    still = (await client.get(f"/api/vehicles/{waiting['_id']}", headers=admin)).json()
    assert still["eventId"] == first, "the refused batch removed nothing"
    removed = await remove(waiting)
    assert removed.status_code == 200, removed.text
    assert removed.json()["message"] == "1 vehicle removed from the event."


# ------------------------------------------------------------------------------------------ transferring


async def test_a_transfer_into_a_started_or_completed_event_is_refused(
    client: AsyncClient, app: Any, admin: dict[str, str], location: str
) -> None:
    auction = (await create_auction(client, admin, location))["data"]
    first, _, third = await events(client, admin, auction["_id"])
    (car,) = await approved_vehicles(client, admin, 1)
    assert (await _add(client, admin, third["_id"], [{"vehicleId": car["_id"]}])).status_code == 200

    async def transfer() -> Any:
        return await client.put(
            "/api/auction-event/transfer-vehicle",
            json={
                "sourceEventId": third["_id"],
                "targetEventId": first["_id"],
                "vehicles": [{"vehicleId": car["_id"]}],
            },
            headers=admin,
        )

    moved_clock(app, SALE_START + timedelta(minutes=1))
    started = await transfer()
    assert started.status_code == 409, started.text
    assert (
        started.json()["message"]
        == "This event started on 01/05/2031; vehicles are placed only before it starts."
    )
    closed = await client.put(f"/api/auction-event/complete/{first['_id']}", headers=admin)
    assert closed.status_code == 200, closed.text
    completed = await transfer()
    assert completed.status_code == 409, completed.text
    assert completed.json()["message"] == "This event is completed; its vehicles can no longer change."

    vehicle = (await client.get(f"/api/vehicles/{car['_id']}", headers=admin)).json()
    assert vehicle["eventId"] == third["_id"], "a refused transfer leaves the vehicle where it was"
    assert [e["vehicleCount"] for e in await events(client, admin, auction["_id"])] == [0, 0, 1]


# ------------------------------------------------------------------------------------------ publishing


async def test_an_unpublished_auction_is_published_again_and_the_counts_follow(
    client: AsyncClient, admin: dict[str, str], location: str
) -> None:
    auction = (await create_auction(client, admin, location))["data"]
    first = (await events(client, admin, auction["_id"]))[0]["_id"]
    cars = await approved_vehicles(client, admin, 2)
    await _add(client, admin, first, [{"vehicleId": c["_id"]} for c in cars])

    published = await _status(client, admin, auction["_id"], "publish")
    assert published.status_code == 200, published.text
    assert _counts(published) == (0, 0, 1, 0)
    taken_back = await _status(client, admin, auction["_id"], "unpublished")
    assert taken_back.status_code == 200, taken_back.text
    assert taken_back.json()["message"] == "1 auction unpublished."
    assert _counts(taken_back) == (0, 1, 0, 0)
    assert await _statuses(client, admin, auction["_id"]) == ["unpublished", "draft", "draft"]
    listed = await client.post("/api/auctions/get", json={"status": "unpublished"}, headers=admin)
    assert [a["_id"] for a in listed.json()["data"]] == [auction["_id"]]

    again = await _status(client, admin, auction["_id"], "publish")
    assert again.status_code == 200, again.text
    assert again.json()["message"] == "1 auction published."
    assert _counts(again) == (0, 0, 1, 0)
    assert again.json()["totalAuctions"] == 1
    assert await _statuses(client, admin, auction["_id"]) == ["publish", "draft", "draft"]
    listed = await client.post("/api/auctions/get", json={"status": "publish"}, headers=admin)
    assert [a["status"] for a in listed.json()["data"]] == ["publish"]


async def test_an_auction_is_completed_only_when_every_event_is(
    client: AsyncClient, app: Any, admin: dict[str, str], location: str
) -> None:
    auction = (await create_auction(client, admin, location))["data"]
    listed = await events(client, admin, auction["_id"])
    (car,) = await approved_vehicles(client, admin, 1)
    await _add(client, admin, listed[0]["_id"], [{"vehicleId": car["_id"]}])
    assert (await _status(client, admin, auction["_id"], "publish")).status_code == 200

    early = await _status(client, admin, auction["_id"], "completed")
    assert early.status_code == 409, early.text
    assert early.json()["message"] == "Dubai Thursday Live Sale: 3 events not completed yet."
    assert early.json()["errors"] == [
        {"field": "auctions", "message": "Dubai Thursday Live Sale: 3 events not completed yet."}
    ]

    moved_clock(app, SALE_START + timedelta(hours=1))
    await _results(client, admin, listed[0]["_id"], {"vehicleId": car["_id"], "outcome": "notSold"})
    done = await client.put(f"/api/auction-event/complete/{listed[0]['_id']}", headers=admin)
    assert done.status_code == 200, done.text
    still = await _status(client, admin, auction["_id"], "completed")
    assert still.status_code == 409
    assert still.json()["message"] == "Dubai Thursday Live Sale: 2 events not completed yet."
    moved_clock(app, SALE_START + timedelta(weeks=1, hours=1))
    await client.put(f"/api/auction-event/complete/{listed[1]['_id']}", headers=admin)
    last = await _status(client, admin, auction["_id"], "completed")
    assert last.status_code == 409
    assert last.json()["message"] == "Dubai Thursday Live Sale: 1 event not completed yet."
    listed_now = (await client.post("/api/auctions/get", json={}, headers=admin)).json()
    assert listed_now["data"][0]["status"] == "publish" and listed_now["totalCompleted"] == 0


async def test_two_blocked_auctions_are_each_named(
    client: AsyncClient, admin: dict[str, str], location: str
) -> None:
    one = (await create_auction(client, admin, location))["data"]
    other = (await create_auction(client, admin, location, auctionTitle="Sharjah Online Sale"))["data"]
    refused = await client.put(
        "/api/auctions/status",
        json={"auctionIds": [one["_id"], other["_id"]], "status": "unpublished"},
        headers=admin,
    )
    assert refused.status_code == 409
    reasons = {
        "Dubai Thursday Live Sale: only a published auction can be unpublished.",
        "Sharjah Online Sale: only a published auction can be unpublished.",
    }
    message = refused.json()["message"]
    assert message.startswith("2 auctions cannot: ")
    assert {r for r in reasons if r in message} == reasons
    assert {e["message"] for e in refused.json()["errors"]} == reasons
    assert {e["field"] for e in refused.json()["errors"]} == {"auctions"}


async def test_unpublishing_leaves_events_that_have_started_published(
    client: AsyncClient, app: Any, admin: dict[str, str], location: str
) -> None:
    auction = (await create_auction(client, admin, location))["data"]
    first, second, _ = await events(client, admin, auction["_id"])
    cars = await approved_vehicles(client, admin, 2)
    await _add(client, admin, first["_id"], [{"vehicleId": cars[0]["_id"]}])
    await _add(client, admin, second["_id"], [{"vehicleId": cars[1]["_id"]}])
    assert (await _status(client, admin, auction["_id"], "publish")).status_code == 200
    assert await _statuses(client, admin, auction["_id"]) == ["publish", "publish", "draft"]

    moved_clock(app, SALE_START + timedelta(minutes=10))  # the first event is running
    taken_back = await _status(client, admin, auction["_id"], "unpublished")
    assert taken_back.status_code == 200, taken_back.text
    assert await _statuses(client, admin, auction["_id"]) == ["publish", "unpublished", "draft"]
    # The running event stays with its bidders: its results are still recorded.
    recorded = await _results(
        client, admin, first["_id"], {"vehicleId": cars[0]["_id"], "outcome": "notSold"}
    )
    assert recorded.status_code == 200, recorded.text

    again = await _status(client, admin, auction["_id"], "publish")
    assert again.status_code == 200, again.text
    assert await _statuses(client, admin, auction["_id"]) == ["publish", "publish", "draft"]


# ------------------------------------------------------------------------------------------ event pages


async def test_the_event_page_and_a_lane_search_and_page_their_vehicles(
    client: AsyncClient, admin: dict[str, str], location: str
) -> None:
    auction = (await create_auction(client, admin, location))["data"]
    event = (await events(client, admin, auction["_id"]))[0]["_id"]
    cars = await approved_vehicles(client, admin, 4)
    (patrol,) = await approved_vehicles(
        client, admin, 1, first=52, title="2020 Nissan Patrol LE", make="Nissan", model="Patrol"
    )
    cars.append(patrol)
    # Each joins the emptiest lane: A gets the 1st, 3rd and 5th, B the 2nd and 4th.
    added = await _add(client, admin, event, [{"vehicleId": c["_id"]} for c in cars])
    assert added.status_code == 200, added.text
    in_order = [cars[0], cars[2], cars[4], cars[1], cars[3]]

    async def page(**body: Any) -> Any:
        answer = await client.post(f"/api/auction-event/getById/{event}", json=body, headers=admin)
        assert answer.status_code == 200, answer.text
        return answer.json()["data"]

    whole = await page()
    assert [r["vehicleId"] for r in whole["vehicles"]] == [c["_id"] for c in in_order]
    second = await page(pageNo=2, limit=2)
    assert [(r["vehicleId"], r["lane"], r["runNumber"]) for r in second["vehicles"]] == [
        (cars[4]["_id"], "A", 3),
        (cars[1]["_id"], "B", 1),
    ]
    assert (second["totalPages"], second["currentPage"], second["totalMatching"]) == (3, 2, 5)
    assert second["event"]["vehicleCount"] == 5, "the event's counts are not those of the page"
    last = await page(pageNo=3, limit=2)
    assert [r["vehicleId"] for r in last["vehicles"]] == [cars[3]["_id"]]
    beyond = await page(pageNo=4, limit=2)
    assert (beyond["vehicles"], beyond["totalPages"], beyond["currentPage"]) == ([], 3, 4)

    by_lot = await page(search=f" {cars[3]['vehicleLotNumber']} ")
    assert [(r["vehicleId"], r["lane"], r["runNumber"]) for r in by_lot["vehicles"]] == [
        (cars[3]["_id"], "B", 2)
    ]
    assert (by_lot["totalMatching"], by_lot["totalPages"]) == (1, 1)
    by_title = await page(search="PATROL")
    assert [r["vehicle"]["title"] for r in by_title["vehicles"]] == ["2020 Nissan Patrol LE"]
    toyotas = await page(search="land cruiser", limit=3)
    assert [r["vehicleId"] for r in toyotas["vehicles"]] == [c["_id"] for c in (cars[0], cars[2], cars[1])]
    assert (toyotas["totalMatching"], toyotas["totalPages"]) == (4, 2)
    nothing = await page(search="100%")
    assert (nothing["vehicles"], nothing["totalMatching"], nothing["totalPages"]) == ([], 0, 1)

    async def lane(letter: str, **body: Any) -> Any:
        answer = await client.post(
            f"/api/auction-event/get-lane-vehicle/{event}/lane/{letter}", json=body, headers=admin
        )
        assert answer.status_code == 200, answer.text
        return answer.json()

    lane_a = await lane("A", pageNo=2, limit=2)
    assert [(r["vehicleId"], r["runNumber"]) for r in lane_a["data"]] == [(cars[4]["_id"], 3)]
    assert (lane_a["totalPages"], lane_a["currentPage"], lane_a["totalMatching"]) == (2, 2, 3)
    assert (lane_a["lane"]["vehicleCount"], lane_a["lane"]["minRange"], lane_a["lane"]["maxRange"]) == (
        3,
        1,
        3,
    )
    patrol_in_a = await lane("A", search="patrol")
    assert [r["vehicleId"] for r in patrol_in_a["data"]] == [patrol["_id"]]
    patrol_in_b = await lane("B", search="patrol")
    assert (patrol_in_b["data"], patrol_in_b["totalMatching"]) == ([], 0)
    lot_in_b = await lane("B", search=str(cars[1]["vehicleLotNumber"]))
    assert [(r["vehicleId"], r["lane"], r["runNumber"]) for r in lot_in_b["data"]] == [
        (cars[1]["_id"], "B", 1)
    ]
    by_id = await lane(whole["event"]["lanes"][1]["_id"], limit=1)
    assert [r["vehicleId"] for r in by_id["data"]] == [cars[1]["_id"]]
    assert (by_id["totalPages"], by_id["totalMatching"]) == (2, 2)

    no_lane = await client.post(f"/api/auction-event/get-lane-vehicle/{event}/lane/C", json={}, headers=admin)
    assert no_lane.status_code == 404
    assert no_lane.json()["message"] == "This lane does not exist in the event."
    no_event = await client.post("/api/auction-event/getById/nothing", json={}, headers=admin)
    assert no_event.status_code == 404
    assert no_event.json()["message"] == "This auction event does not exist."
    too_many = await client.post(f"/api/auction-event/getById/{event}", json={"limit": 101}, headers=admin)
    assert too_many.status_code == 422
    assert too_many.json()["errors"][0]["field"] == "limit"


# ------------------------------------------------------------------------------------------ the schedule


async def test_exactly_52_events_are_accepted(
    client: AsyncClient, admin: dict[str, str], location: str
) -> None:
    created = await create_auction(client, admin, location, repeatType="Daily", repeatUntil="2031-06-21")
    assert created["data"]["eventCount"] == 52
    assert len(created["events"]) == 52
    listed = await events(client, admin, created["data"]["_id"])
    assert (listed[0]["saleDate"], listed[-1]["saleDate"], len(listed)) == ("2031-05-01", "2031-06-21", 52)
    weekly = await create_auction(
        client,
        admin,
        location,
        auctionTitle="A year of Thursdays",
        repeatUntil=(SALE_START + timedelta(weeks=51)).date().isoformat(),
    )
    assert weekly["data"]["eventCount"] == 52


async def test_an_end_before_the_start_is_refused(
    client: AsyncClient, admin: dict[str, str], location: str
) -> None:
    body = auction_body(location, endDate=(SALE_START - timedelta(hours=1)).isoformat())
    refused = await client.post("/api/auctions/create", json=body, headers=admin)
    assert refused.status_code == 422, refused.text
    assert refused.json()["errors"] == [{"field": "endDate", "message": "The end must be after the start."}]
    preview = await client.post(
        "/api/auctions/preview",
        json={"startDate": body["startDate"], "endDate": body["endDate"], "repeatType": "None"},
        headers=admin,
    )
    assert preview.status_code == 422
    assert preview.json()["errors"] == [{"field": "endDate", "message": "The end must be after the start."}]
    listed = await client.post("/api/auctions/get", json={}, headers=admin)
    assert listed.json()["totalAuctions"] == 0


# ------------------------------------------------------------------------------------------ the unique index


async def _placed_elsewhere_unseen(
    session: AsyncSession, event: dict[str, Any], vehicle: dict[str, Any]
) -> None:
    """What a request sees when another one placed the vehicle in `event` at the same moment: a current run
    there, while the vehicle it read still shows no event."""
    session.add(
        Run(event_id=event["_id"], lane_id=event["lanes"][0]["_id"], vehicle_id=vehicle["_id"], run_number=1)
    )
    await session.commit()


async def test_a_placement_the_unique_index_refuses_names_the_lot(
    client: AsyncClient, admin: dict[str, str], location: str, session: AsyncSession
) -> None:
    auction = (await create_auction(client, admin, location))["data"]
    first, second, _ = await events(client, admin, auction["_id"])
    free, taken = await approved_vehicles(client, admin, 2)
    await _placed_elsewhere_unseen(session, second, taken)

    refused = await _add(
        client, admin, first["_id"], [{"vehicleId": free["_id"]}, {"vehicleId": taken["_id"]}]
    )
    assert refused.status_code == 409, refused.text
    message = f"Lot {taken['vehicleLotNumber']} is already in an auction event."
    assert refused.json()["message"] == message
    assert refused.json()["errors"] == [{"field": "vehicles", "message": message}]
    assert [e["vehicleCount"] for e in await events(client, admin, auction["_id"])] == [0, 1, 0]
    vehicle = (await client.get(f"/api/vehicles/{free['_id']}", headers=admin)).json()
    assert vehicle["eventId"] is None, "all or nothing: the vehicle placed before the refusal is not"

    placed = await _add(client, admin, first["_id"], [{"vehicleId": free["_id"]}])
    assert placed.status_code == 200, placed.text


async def test_a_result_cleared_after_the_vehicle_was_placed_again_names_the_lot(
    client: AsyncClient, app: Any, admin: dict[str, str], location: str, session: AsyncSession
) -> None:
    auction = (await create_auction(client, admin, location))["data"]
    first, second, _ = await events(client, admin, auction["_id"])
    (car,) = await approved_vehicles(client, admin, 1)
    await _add(client, admin, first["_id"], [{"vehicleId": car["_id"]}])
    assert (await _status(client, admin, auction["_id"], "publish")).status_code == 200
    moved_clock(app, SALE_START + timedelta(minutes=30))
    unsold = await _results(client, admin, first["_id"], {"vehicleId": car["_id"], "outcome": "notSold"})
    assert unsold.status_code == 200, unsold.text
    await _placed_elsewhere_unseen(session, second, car)

    cleared = await _results(client, admin, first["_id"], {"vehicleId": car["_id"], "outcome": None})
    assert cleared.status_code == 409, cleared.text
    assert cleared.json()["message"] == (
        f"Lot {car['vehicleLotNumber']} has been placed in another event since; its result stays."
    )
    page = await client.post(f"/api/auction-event/getById/{first['_id']}", json={}, headers=admin)
    assert [(r["outcome"], r["isCurrent"]) for r in page.json()["data"]["vehicles"]] == [("notSold", False)]
