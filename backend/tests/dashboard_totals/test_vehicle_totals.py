"""The vehicle totals of the dashboard against a hand-counted set of vehicles, before and after changes."""

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.vehicles.models import Vehicle
from tests.dashboard_totals.support import place_in_event, totals_for
from tests.factories import admin_headers
from tests.vehicles.factory import approved_seller, vehicle
from tests.vehicles.test_vehicles import approve, create, move, progress, sell

ZERO = dict.fromkeys(
    (
        "pending", "received", "inInspection", "inspectionCompleted", "reviewTotal", "approved", "assigned",
        "unassigned", "sold", "paid", "unpaid", "released", "unreleased", "rejected", "cancelled", "returned",
        "unreturned",
    ),
    0,
)  # fmt: skip


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


async def fleet(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> dict[str, str]:
    """Twelve vehicles, one or two at each stage; returns their ids by name."""
    seller = await approved_seller(client, admin)
    buyer = await approved_seller(client, admin, 2)
    names = [
        "waiting", "at_yard", "inspecting", "inspected", "free_1", "free_2", "in_event", "refused",
        "withdrawn", "back_home", "paid_out", "owing",
    ]  # fmt: skip
    made = {name: await create(client, admin, vehicle(seller["_id"], n)) for n, name in enumerate(names, 1)}
    ids = {name: body["data"]["_id"] for name, body in made.items()}
    assert (await progress(client, admin, ids["at_yard"], isReceived=True)).status_code == 200
    for name in ("inspecting", "inspected"):
        assert (await progress(client, admin, ids[name], isReceived=True)).status_code == 200
    assert (await progress(client, admin, ids["inspecting"], isInspection="inInspection")).status_code == 200
    assert (await progress(client, admin, ids["inspected"], isInspection="completed")).status_code == 200
    for name in ("free_1", "free_2", "in_event", "withdrawn", "back_home", "paid_out", "owing"):
        await approve(client, admin, ids[name])
    await place_in_event(db, ids["in_event"])
    assert (await move(client, admin, [ids["refused"]], "rejected")).status_code == 200
    assert (await move(client, admin, [ids["withdrawn"], ids["back_home"]], "cancelled")).status_code == 200
    assert (await progress(client, admin, ids["back_home"], isReturned=True)).status_code == 200
    await sell(db, ids["paid_out"], buyer["_id"], is_paid=True)
    await sell(db, ids["owing"], buyer["_id"])
    return ids


async def test_every_vehicle_figure_is_the_hand_count(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    assert (await totals_for(db))["vehicles"] == ZERO
    await fleet(client, admin, db)
    assert (await totals_for(db))["vehicles"] == ZERO | {
        "pending": 1,
        "received": 1,
        "inInspection": 1,
        "inspectionCompleted": 1,
        "reviewTotal": 4,
        "approved": 3,
        "assigned": 1,
        "unassigned": 2,
        "sold": 2,
        "paid": 1,
        "unpaid": 1,
        "released": 0,
        "unreleased": 2,
        "rejected": 1,
        "cancelled": 2,
        "returned": 1,
        "unreturned": 1,
    }


async def release(db: async_sessionmaker[AsyncSession], vehicle_id: str) -> None:
    """A paid and picked-up vehicle released, as the gate flow leaves it (it has its own tests)."""
    async with db() as session:
        row = await session.get(Vehicle, vehicle_id)
        assert row is not None
        row.gate_pass_status, row.is_released = "Picked Up", True
        await session.commit()


async def test_the_figures_follow_every_status_change(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    ids = await fleet(client, admin, db)
    assert (await move(client, admin, [ids["inspected"]], "approved")).status_code == 200
    assert (await move(client, admin, [ids["waiting"]], "rejected")).status_code == 200
    assert (await move(client, admin, [ids["refused"]], "pending")).status_code == 200  # resubmitted
    assert (await progress(client, admin, ids["withdrawn"], isReturned=True)).status_code == 200
    await release(db, ids["paid_out"])
    deleted = await client.request(
        "DELETE", "/api/vehicles", json={"vehiclesIds": [ids["at_yard"]]}, headers=admin
    )
    assert deleted.status_code == 200, deleted.text
    assert (await totals_for(db))["vehicles"] == ZERO | {
        "pending": 1,  # refused, back for review
        "received": 0,
        "inInspection": 1,
        "inspectionCompleted": 0,
        "reviewTotal": 2,
        "approved": 4,
        "assigned": 1,
        "unassigned": 3,
        "sold": 2,
        "paid": 1,
        "unpaid": 1,
        "released": 1,
        "unreleased": 1,
        "rejected": 1,  # waiting
        "cancelled": 2,
        "returned": 2,
        "unreturned": 0,
    }
