"""One number, one meaning: the top bar's badges, the Review lists' cards and the dashboard agree, at every
stage of review (docs/decisions.md, issue 15)."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from tests.dashboard_totals.support import review_badges, totals_for
from tests.factories import admin_headers
from tests.members.test_members import listing as member_listing
from tests.members.test_members import person
from tests.vehicles.factory import approved_seller, vehicle
from tests.vehicles.test_vehicles import create, listing, progress


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


async def three_ways(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Vehicles and members waiting for review, each as: the badge, the Review list's card, the rows of the
    Review list, the dashboard's totals and the dashboard's Today figure."""
    badges = await review_badges(client, admin)
    review = await listing(client, admin, status="pending")
    members_list = await member_listing(client, admin, status="pending")
    totals = await totals_for(db)
    summary = await client.get("/api/dashboard/summary", headers=admin)
    assert summary.status_code == 200, summary.text
    assert summary.json()["totals"] == totals  # the dashboard page shows the service's figures
    today = summary.json()["today"]
    vehicles = (
        badges["vehiclesReview"], review["reviewTotal"], review["totalMatching"],
        totals["vehicles"]["reviewTotal"], today["vehiclesReview"],
    )  # fmt: skip
    members = (
        badges["membersPending"], members_list["totalPending"], members_list["totalMatching"],
        totals["members"]["totalPending"], today["membersReview"],
    )  # fmt: skip
    return vehicles, members


async def test_badge_card_list_and_dashboard_say_the_same(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    assert await three_ways(client, admin, db) == ((0,) * 5, (0,) * 5)
    seller = await approved_seller(client, admin)
    made = [await create(client, admin, vehicle(seller["_id"], n)) for n in range(1, 5)]
    ids: list[Any] = [body["data"]["_id"] for body in made]
    for vehicle_id in ids[1:]:
        assert (await progress(client, admin, vehicle_id, isReceived=True)).status_code == 200
    assert (await progress(client, admin, ids[2], isInspection="inInspection")).status_code == 200
    assert (await progress(client, admin, ids[3], isInspection="completed")).status_code == 200
    await client.post("/api/members/create", json=person(), headers=admin)
    # One vehicle at each stage of review: the inspected one waits for its decision and is counted too.
    assert await three_ways(client, admin, db) == ((4,) * 5, (1,) * 5)
    stages = await listing(client, admin, status="pending")
    assert (stages["pending"], stages["received"], stages["inInspection"], stages["inspectionCompleted"]) == (
        1, 1, 1, 1,
    )  # fmt: skip
