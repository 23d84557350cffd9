"""The auctions list is read as rows (list_page.page, presenter.auction_page): it answers every auction
exactly as auctions_out answers its entity elsewhere (yard, creator, vehicles held, next event), and its
total is right whether it comes from the counts (status, type) or is counted (yard, search, dates)."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import Auction
from gavel.auctions.presenter import auctions_out
from tests.auctions.factory import SALE_START, approved_vehicles, create_auction, events, moved_clock, yard


async def _as_presented(session: AsyncSession, app: Any, ids: list[str]) -> list[dict[str, Any]]:
    session.expunge_all()
    found = {a.id: a for a in (await session.scalars(select(Auction).where(Auction.id.in_(ids)))).unique()}
    answers = await auctions_out(session, [found[i] for i in ids], app.state.clock.now())
    return [a.model_dump(mode="json", by_alias=True) for a in answers]


async def test_every_list_answers_each_auction_as_its_entity_does(
    app: Any, client: AsyncClient, session: AsyncSession, admin: dict[str, str], location: str
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
        assert listed["data"] == await _as_presented(session, app, expected), body
        matching = len(expected) if "limit" not in body else 2
        assert listed["totalMatching"] == matching, body

    row = {
        a["_id"]: a for a in (await client.post("/api/auctions/get", json={}, headers=admin)).json()["data"]
    }
    assert row[live["_id"]]["totalVehicleCount"] == 2
    assert row[live["_id"]]["nextEventDate"] != row[live["_id"]]["firstEventDate"]
    assert row[online["_id"]]["location"]["title"] == "Sharjah Yard"
    assert row[online["_id"]]["createdBy"]["fullName"]
