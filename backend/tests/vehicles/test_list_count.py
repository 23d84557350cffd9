"""vehicle_list_count (migration 0007) stays equal to a count of the vehicles through every kind of write."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.vehicles.models import Vehicle, VehicleListCount
from tests.factories import admin_headers
from tests.vehicles.factory import approved_seller, vehicle
from tests.vehicles.test_vehicles import approve, create, listing, move, progress, sell


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


def _key(row: Any) -> tuple[Any, ...]:
    return tuple(x if isinstance(x, str) else bool(x) for x in row)


async def assert_exact(session: AsyncSession) -> dict[tuple[Any, ...], int]:
    """The table, zero rows left out, equals the grouped count of the vehicles; returns it."""
    c, v = VehicleListCount, Vehicle
    table = (c.status, c.is_received, c.is_inspection, c.assigned, c.is_paid, c.is_released, c.is_returned)
    kept = {_key(k): n for *k, n in await session.execute(select(*table, c.vehicles)) if n}
    keys = (v.status, v.is_received, v.is_inspection, v.event_id.is_not(None), v.is_paid, v.is_released,
            v.is_returned)  # fmt: skip
    counted = {_key(k): n for *k, n in await session.execute(select(*keys, func.count()).group_by(*keys))}
    assert kept == counted
    return kept


async def test_every_write_keeps_the_counts_exact(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession, db: async_sessionmaker[AsyncSession]
) -> None:
    seller = await approved_seller(client, admin)
    buyer = await approved_seller(client, admin, 2)
    a, b, c = [(await create(client, admin, vehicle(seller["_id"], n)))["data"] for n in (1, 2, 3)]
    assert await assert_exact(session) == {("pending", False, "pending", False, False, False, False): 3}
    assert (await progress(client, admin, a["_id"], isReceived=True)).status_code == 200
    assert (await progress(client, admin, a["_id"], isInspection="inInspection")).status_code == 200
    await assert_exact(session)
    page = await listing(client, admin, status="pending")
    assert (page["pending"], page["received"], page["inInspection"], page["reviewTotal"]) == (2, 0, 1, 3)
    await approve(client, admin, a["_id"])
    assert (await move(client, admin, [b["_id"]], "rejected")).status_code == 200
    await assert_exact(session)
    deleted = await client.request("DELETE", "/api/vehicles", json={"vehiclesIds": [c["_id"]]}, headers=admin)
    assert deleted.status_code == 200
    await assert_exact(session)
    await sell(db, a["_id"], buyer["_id"], is_paid=True)
    assert await assert_exact(session) == {
        ("sold", True, "completed", False, True, False, False): 1,
        ("rejected", False, "pending", False, False, False, False): 1,
    }
    page = await listing(client, admin, status="sold", isPaid=True)
    assert (page["sold"], page["paid"], page["unpaid"], page["rejected"], page["pending"]) == (1, 1, 0, 1, 0)
    assert page["totalMatching"] == 1


async def test_assignment_and_bulk_statements(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    seller = await approved_seller(client, admin)
    ids = [(await create(client, admin, vehicle(seller["_id"], n)))["data"]["_id"] for n in (1, 2)]
    for vehicle_id in ids:
        await approve(client, admin, vehicle_id)
    await session.execute(update(Vehicle).where(Vehicle.id == ids[0]).values(event_id="e1"))
    await session.execute(update(Vehicle).values(description="touches no key"))
    assert await assert_exact(session) == {
        ("approved", True, "completed", True, False, False, False): 1,
        ("approved", True, "completed", False, False, False, False): 1,
    }
    page = await listing(client, admin, status="approved", assigned=False)
    assert (page["assigned"], page["unassigned"], page["totalMatching"]) == (1, 1, 1)
    unassigned = await client.post("/api/vehicles/get-unassigned-approved-vehicles", json={}, headers=admin)
    assert unassigned.json()["data"]["totalMatching"] == 1
    await session.execute(update(Vehicle).values(status="cancelled", event_id=None))
    await session.execute(update(Vehicle).where(Vehicle.id == ids[1]).values(is_returned=True))
    page = await listing(client, admin, status="cancelled")
    assert (page["cancelled"], page["returned"], page["unreturned"], page["approved"]) == (2, 1, 1, 0)
    await session.execute(Vehicle.__table__.delete())
    assert await assert_exact(session) == {}
