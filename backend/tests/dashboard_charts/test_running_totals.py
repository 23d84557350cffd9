"""The charts read running totals kept by database triggers: every later change of a vehicle or a run moves
them, whichever module makes it (here straight in the database, as any module's write would)."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import delete, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.auctions.models import Run
from gavel.vehicles.models import Vehicle
from tests.dashboard_charts.data import Business
from tests.factories import admin_headers


async def charts(client: AsyncClient, *names: str) -> dict[str, Any]:
    headers = await admin_headers(client)
    found = {}
    for name in names:
        response = await client.get(f"/api/dashboard/charts/{name}?period=month", headers=headers)
        assert response.status_code == 200, response.text
        found[name] = response.json()
    return found


async def test_taken_back_paid_and_deleted_move_the_totals(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], business: Business
) -> None:
    v = business.vehicles
    async with db() as session:
        # v4's sale is taken back: the vehicle is approved and waits for an event again.
        await session.execute(
            update(Vehicle)
            .where(Vehicle.id == v["v4"].id)
            .values(status="approved", sold_for=None, buyer_member_id=None, event_id=None, event_date=None)
        )
        await session.execute(
            update(Run).where(Run.vehicle_id == v["v4"].id).values(outcome=None, buyer_id=None, sold_for=None)
        )
        await session.execute(update(Vehicle).where(Vehicle.id == v["v5"].id).values(is_paid=True))
        await session.execute(delete(Vehicle).where(Vehicle.id == v["p1"].id))
        await session.execute(delete(Run).where(Run.vehicle_id == v["v3"].id))  # E1's vehicle not sold
        await session.commit()

    body = await charts(
        client, "sales-per-week", "hammer-vs-reserve", "pipeline", "top-members", "sell-through"
    )
    assert (body["sales-per-week"]["totalCount"], body["sales-per-week"]["totalAmount"]) == (4, 74000)
    bands = {b["band"]: b["count"] for b in body["hammer-vs-reserve"]["bands"]}
    assert bands == {"noReserve": 1, "below": 1, "met": 1, "above10": 1, "above25": 0}
    stages = {s["stage"]: s["count"] for s in body["pipeline"]["stages"]}
    assert (stages["review"], stages["approved"], stages["sold"], stages["paid"]) == (1, 3, 1, 2)
    assert body["pipeline"]["submitted"] == 11
    buyers = [(m["name"], m["count"], m["amount"]) for m in body["top-members"]["buyers"]]
    assert buyers == [("Omar Al Nuaimi", 2, 45000), ("Khalid Al Suwaidi", 2, 29000)]
    events = [(e["auctionTitle"], e["run"], e["sold"]) for e in body["sell-through"]["events"]]
    assert events == [("Sale E2", 2, 2), ("Sale E1", 2, 2)]


async def test_dates_asked_for_and_the_named_period_agree(client: AsyncClient, business: Business) -> None:
    """Top members of a named period come from the totals, of dates from the vehicles: the same figures."""
    headers = await admin_headers(client)
    named = await client.get("/api/dashboard/charts/top-members?period=quarter", headers=headers)
    dates = await client.get(
        "/api/dashboard/charts/top-members?from=2031-04-01&to=2031-06-30", headers=headers
    )
    assert named.status_code == dates.status_code == 200
    assert named.json()["sellers"] == dates.json()["sellers"]
    assert named.json()["buyers"] == dates.json()["buyers"]
    assert [m["amount"] for m in named.json()["sellers"]] == [77000, 59000]
