"""What the console shows before the clerk acts is what the server then applies: a buyer's verdict (buying
power available, or blocked by an overdue invoice) and the event's sale day come from the functions that
refuse a result."""

from datetime import timedelta
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.jobs.clock_jobs import run_once
from tests.auctions.factory import SALE_START, approved_vehicles, buyer, create_auction, events, moved_clock
from tests.money.conftest import sell


@pytest.fixture
async def sale(client: AsyncClient, app: Any, admin: dict[str, str], location: str) -> dict[str, Any]:
    """A published auction whose first event holds three vehicles (reserve 20,000 AED); the clock stands
    the day before its sale day."""
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
    moved_clock(app, SALE_START - timedelta(hours=17))
    return {"events": listed, "event": listed[0]["_id"], "cars": cars}


async def _record(client: AsyncClient, admin: dict[str, str], event: str, **result: Any) -> Any:
    return await client.put(f"/api/auction-event/results/{event}", json={"results": [result]}, headers=admin)


async def _looked_up(client: AsyncClient, admin: dict[str, str], search: str) -> dict[str, Any]:
    answer = await client.post("/api/auction-event/buyers", json={"search": search}, headers=admin)
    assert answer.status_code == 200, answer.text
    (found,) = answer.json()["data"]
    return dict(found)


async def _sale_day(client: AsyncClient, admin: dict[str, str], event: str) -> Any:
    detail = await client.post(f"/api/auction-event/getById/{event}", json={}, headers=admin)
    assert detail.status_code == 200, detail.text
    lane = await client.post(f"/api/auction-event/get-lane-vehicle/{event}/lane/A", json={}, headers=admin)
    assert lane.status_code == 200, lane.text
    return detail.json()["data"]["event"]["saleDay"]


async def test_the_sale_day_the_event_shows_is_the_one_results_are_refused_by(
    client: AsyncClient, app: Any, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    car = sale["cars"][0]["_id"]
    early = await _sale_day(client, admin, sale["event"])
    assert early == {
        "open": False,
        "reason": "Results are recorded from the sale day, 01/05/2031.",
        "today": "2031-04-30",
    }
    refused = await _record(client, admin, sale["event"], vehicleId=car, outcome="notSold")
    assert (refused.status_code, refused.json()["message"]) == (409, early["reason"])

    draft = sale["events"][1]["_id"]
    unpublished = await _sale_day(client, admin, draft)
    assert unpublished == {
        "open": False,
        "reason": "Results are recorded for published events only; publish the auction first.",
        "today": "2031-04-30",
    }
    listed = await events(client, admin, sale["events"][0]["auctionId"])
    assert [e["saleDay"]["open"] for e in listed] == [False, False, False]

    moved_clock(app, SALE_START + timedelta(minutes=30))
    on_the_day = {"open": True, "reason": None, "today": "2031-05-01"}
    assert await _sale_day(client, admin, sale["event"]) == on_the_day
    recorded = await _record(client, admin, sale["event"], vehicleId=car, outcome="notSold")
    assert recorded.status_code == 200, recorded.text
    assert recorded.json()["event"]["saleDay"] == on_the_day


async def test_the_buying_power_the_look_up_shows_is_the_one_a_sale_is_checked_with(
    client: AsyncClient, app: Any, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    moved_clock(app, SALE_START + timedelta(minutes=30))
    khalid = await buyer(client, admin, buying_power=50000)
    first, second, third = (c["_id"] for c in sale["cars"])
    before = await _looked_up(client, admin, khalid["phone"])
    assert (before["available"], before["blockedReason"], before["overdueInvoice"]) == (50000, None, None)

    sold = await _record(
        client, admin, sale["event"], vehicleId=first, outcome="sold", buyerId=khalid["_id"], soldFor=30000
    )
    assert sold.status_code == 200, sold.text
    assert (await _looked_up(client, admin, khalid["phone"]))["available"] == 20000

    beyond = await _record(
        client,
        admin,
        sale["event"],
        vehicleId=second,
        outcome="sold",
        buyerId=khalid["_id"],
        soldFor="20000.01",
    )
    assert beyond.status_code == 409
    assert beyond.json()["message"] == (
        "Khalid Buyer1's buying power falls short by AED 0.01: AED 20,000.00 is available."
    )
    exactly = await _record(
        client, admin, sale["event"], vehicleId=second, outcome="sold", buyerId=khalid["_id"], soldFor=20000
    )
    assert exactly.status_code == 200, exactly.text
    spent = await _looked_up(client, admin, khalid["phone"])
    assert (spent["available"], spent["blockedReason"]) == (0, None)
    none_left = await _record(
        client, admin, sale["event"], vehicleId=third, outcome="sold", buyerId=khalid["_id"], soldFor=20000
    )
    assert none_left.status_code == 409, "the look-up never shows an amount the server then refuses"


async def test_a_buyer_with_an_overdue_invoice_is_blocked_alike_in_the_look_up_and_the_sale(
    client: AsyncClient, app: Any, db: async_sessionmaker[AsyncSession], admin: dict[str, str]
) -> None:
    sold = await sell(client, app, admin)
    khalid = sold["buyer"]
    detail = await client.post(f"/api/auction-event/getById/{sold['event']}", json={}, headers=admin)
    next_week = (await events(client, admin, detail.json()["data"]["event"]["auctionId"]))[1]["_id"]
    (car,) = await approved_vehicles(client, admin, 1, first=12)
    added = await client.post(
        f"/api/auction-event/add-vehicle/{next_week}",
        json={"vehicles": [{"vehicleId": car["_id"]}]},
        headers=admin,
    )
    assert added.status_code == 200, added.text
    assert (await _looked_up(client, admin, khalid["phone"]))["blockedReason"] is None

    clock = moved_clock(app, SALE_START + timedelta(weeks=1, hours=1))  # the invoice's 48 hours long passed
    await run_once(db, clock)
    blocked = await _looked_up(client, admin, khalid["phone"])
    number = sold["invoice"]["invoiceNo"]
    assert (blocked["available"], blocked["overdueInvoice"]) == (0, number)
    assert blocked["blockedReason"] == (
        f"Khalid Buyer1 has an overdue invoice ({number}): no buying power until it is paid."
    )
    refused = await _record(
        client, admin, next_week, vehicleId=car["_id"], outcome="sold", buyerId=khalid["_id"], soldFor=25000
    )
    assert (refused.status_code, refused.json()["message"]) == (409, blocked["blockedReason"])
