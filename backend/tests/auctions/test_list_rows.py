"""The auctions list is read as rows (repository.page, presenter.auction_answers): every field of every
auction as it stands (yard, creator, vehicles its events hold now, next event not over), and a total that is
right whether it comes from the counts (status, type) or is counted (yard, search, dates)."""

from datetime import datetime, timedelta
from typing import Any

from httpx import AsyncClient

from tests.auctions.factory import SALE_START, approved_vehicles, create_auction, events, moved_clock, yard

DATES = ("firstEventDate", "lastEventDate", "nextEventDate", "createdAt")


def _read(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer with its moments as datetimes (compared as moments, whatever their offset)."""
    return {k: datetime.fromisoformat(v) if k in DATES and v else v for k, v in answer.items()}


async def test_every_list_answers_each_auction_as_it_stands(
    app: Any, client: AsyncClient, admin: dict[str, str], location: str
) -> None:
    live = (await create_auction(client, admin, location))["data"]
    other_yard = await yard(client, admin, "Sharjah Yard")
    online = (
        await create_auction(
            client,
            admin,
            other_yard,
            auctionTitle="Sharjah Online Sale",
            auctionType="Online",
            repeatType="None",
            repeatUntil=None,
            startDate=(SALE_START + timedelta(days=60)).isoformat(),
            endDate=(SALE_START + timedelta(days=61)).isoformat(),
        )
    )["data"]
    first = (await events(client, admin, live["_id"]))[0]
    cars = await approved_vehicles(client, admin, 2)
    added = await client.post(
        f"/api/auction-event/add-vehicle/{first['_id']}",
        json={"vehicles": [{"vehicleId": v["_id"]} for v in cars]},
        headers=admin,
    )
    assert added.status_code == 200, added.text
    # The first weekly event is over: the next one is a week later.
    moved_clock(app, SALE_START + timedelta(days=1))
    me = (await client.get("/api/auth/me", headers=admin)).json()["user"]
    creator = {"_id": me["_id"], "fullName": me["fullName"]}
    common = {"status": "draft", "bidIncrementAmount": 500.0, "counterBidTime": 10, "createdBy": creator}
    answers = {
        live["_id"]: {
            **common,
            "_id": live["_id"],
            "auctionTitle": "Dubai Thursday Live Sale",
            "auctionType": "Live",
            "location": {"_id": location, "title": "Al Quoz Yard", "city": "Al Quoz"},
            "lanes": 2,
            "laneCount": 2,
            "repeatType": "Weekly",
            "repeatUntil": (SALE_START + timedelta(weeks=2)).date().isoformat(),
            "eventCount": 3,
            "totalVehicleCount": 2,
            "firstEventDate": SALE_START,
            "lastEventDate": SALE_START + timedelta(weeks=2),
            "nextEventDate": SALE_START + timedelta(weeks=1),
            "createdAt": datetime.fromisoformat(live["createdAt"]),
        },
        online["_id"]: {
            **common,
            "_id": online["_id"],
            "auctionTitle": "Sharjah Online Sale",
            "auctionType": "Online",
            "location": {"_id": other_yard, "title": "Sharjah Yard", "city": "Al Quoz"},
            "lanes": 2,
            "laneCount": 2,
            "repeatType": "None",
            "repeatUntil": None,
            "eventCount": 1,
            "totalVehicleCount": 0,
            "firstEventDate": SALE_START + timedelta(days=60),
            "lastEventDate": SALE_START + timedelta(days=60),
            "nextEventDate": SALE_START + timedelta(days=60),
            "createdAt": datetime.fromisoformat(online["createdAt"]),
        },
    }

    for body, expected in (
        ({}, [online["_id"], live["_id"]]),
        ({"auctionType": "Live"}, [live["_id"]]),
        ({"status": "draft", "auctionType": "Online"}, [online["_id"]]),
        ({"status": "publish"}, []),
        ({"location": other_yard}, [online["_id"]]),
        ({"search": "thursday"}, [live["_id"]]),
        ({"dateFrom": "2031-05-08", "dateTo": "2031-05-08"}, [live["_id"]]),
        ({"sortBy": "auctionTitle", "sortOrder": "asc"}, [live["_id"], online["_id"]]),
        ({"limit": 1, "pageNo": 2}, [live["_id"]]),
    ):
        answer = await client.post("/api/auctions/get", json=body, headers=admin)
        assert answer.status_code == 200, answer.text
        listed = answer.json()
        assert [a["_id"] for a in listed["data"]] == expected, body
        assert [_read(a) for a in listed["data"]] == [answers[i] for i in expected], body
        matching = len(expected) if "limit" not in body else 2
        assert listed["totalMatching"] == matching, body
