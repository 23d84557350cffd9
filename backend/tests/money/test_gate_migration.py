"""Migration 0028 on passes and vehicles made before it: every pass gets a valid gate code, a vehicle that
holds two live passes keeps its newest, and a vehicle picked up but never released is released as of its
pick-up."""

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import anyio
import pytest
from alembic import command
from httpx import AsyncClient
from sqlalchemy import create_engine, text

from gavel.config import Settings
from gavel.gatepass.code import is_valid
from gavel.migrate import alembic_config, sync_url
from gavel.permissions import Module, Privilege
from tests.committing import committing_app
from tests.factories import STAFF_PASSWORD, admin_headers, bearer, login, make_staff
from tests.money.conftest import fees, sell
from tests.money.gate_factory import DRIVER, issue
from tests.money.test_payments import payment, record

COPY = (
    "INSERT INTO gate_pass (id, created_at, updated_at, vehicle_id, invoice_id, member_id, issued_at, "
    "valid_until, status) SELECT :id, created_at, updated_at, :vehicle, :invoice, member_id, :issued, "
    "valid_until, 'Generated' FROM gate_pass WHERE id = :source"
)


@pytest.fixture
async def committing(settings: Settings, tmp_path: Path) -> AsyncIterator[tuple[Any, AsyncClient]]:
    async with committing_app(settings, tmp_path) as (app, client):
        yield app, client


async def test_passes_and_pick_ups_made_before_0028(committing: tuple[Any, AsyncClient]) -> None:
    app, client = committing
    admin = await admin_headers(client)
    await fees(client, admin)
    sale = await sell(client, app, admin, count=2)
    grants = {Module.PAYMENTS: set(Privilege), Module.VEHICLES: set(Privilege)}
    await make_staff(app.state.sessionmaker, "cashier@example.com", grants=grants, role_name="Cashiers")
    cashier = bearer((await login(client, "cashier@example.com", STAFF_PASSWORD))["token"])
    for invoice in sale["invoices"]:
        paid = await record(client, admin, payment(invoice, 25472.5))
        assert (await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)).status_code == 200
    first, second = sale["cars"]
    taken = (await issue(client, admin, first["_id"])).json()["data"]
    picked = await client.post("/api/gate/pick-up", json={"token": taken["token"], **DRIVER}, headers=admin)
    assert picked.status_code == 200, picked.text
    await app.state.engine.dispose()

    url = app.state.settings.database_url
    config = alembic_config(url)
    await anyio.to_thread.run_sync(command.downgrade, config, "0027")
    engine = create_engine(sync_url(url))
    try:
        with engine.begin() as conn:
            # Before 0028: a pick-up left the vehicle unreleased, and a vehicle could hold two live passes.
            conn.execute(
                text("UPDATE vehicle SET is_released = :no, release_date = NULL WHERE id = :id"),
                {"no": False, "id": first["_id"]},
            )
            invoice = sale["invoices"][1]["_id"]
            issued = sale["clock"].now() + timedelta(hours=1)
            for pass_id, hours in (("older", 0), ("newer", 2)):
                conn.execute(
                    text(COPY),
                    {"id": pass_id, "vehicle": second["_id"], "invoice": invoice, "source": taken["_id"]}
                    | {"issued": issued + timedelta(hours=hours)},
                )
        await anyio.to_thread.run_sync(command.upgrade, config, "0028")
        with engine.connect() as conn:
            codes: dict[str, str] = dict(conn.execute(text("SELECT id, code FROM gate_pass")).all())
            statuses: dict[str, str] = dict(conn.execute(text("SELECT id, status FROM gate_pass")).all())
            released, release_date = conn.execute(
                text("SELECT is_released, release_date FROM vehicle WHERE id = :id"), {"id": first["_id"]}
            ).one()
            picked_up_at = conn.execute(
                text("SELECT picked_up_at FROM gate_pass WHERE id = :id"), {"id": taken["_id"]}
            ).scalar_one()
            others = conn.execute(
                text("SELECT is_released FROM vehicle WHERE id = :id"), {"id": second["_id"]}
            ).scalar_one()
    finally:
        engine.dispose()
    assert len(codes) == 3 and len(set(codes.values())) == 3
    assert all(is_valid(code) for code in codes.values())
    assert (statuses["older"], statuses["newer"], statuses[taken["_id"]]) == (
        "Canceled",
        "Generated",
        "Picked Up",
    )
    assert bool(released) is True and release_date == picked_up_at
    assert bool(others) is False
