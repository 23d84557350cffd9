"""'Generate gate pass' gives one pass per click: a vehicle has one live pass, a second request is refused
with 409 and writes no mail, and two requests racing on a really committing app (PostgreSQL included) give
one pass and one mail, the database's partial unique index deciding."""

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.models import AlertMessage
from gavel.config import Settings
from gavel.gatepass import repository
from gavel.gatepass.models import GatePass
from gavel.permissions import Module, Privilege
from tests.committing import committing_app
from tests.factories import STAFF_PASSWORD, admin_headers, bearer, login, make_staff
from tests.money.conftest import fees, sell
from tests.money.gate_factory import issue, pay
from tests.money.test_payments import payment, record

RACED = "This vehicle got a gate pass at the same moment: reload to see it, and replace it if needed."


@pytest.fixture
async def paid(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> Any:
    return await pay(client, admin, cashier, sale)


async def passes_and_mails(db: async_sessionmaker[AsyncSession], vehicle_id: str) -> tuple[list[str], int]:
    """The statuses of the vehicle's passes, and how many gate pass emails the outbox holds."""
    async with db() as session:
        statuses = list(
            await session.scalars(select(GatePass.status).where(GatePass.vehicle_id == vehicle_id))
        )
        mails = await session.scalar(
            select(func.count())
            .select_from(AlertMessage)
            .where(AlertMessage.event == "gatePassIssued", AlertMessage.channel == "email")
        )
    return sorted(statuses), int(mails or 0)


async def test_a_second_click_is_refused_and_mails_nothing(
    client: AsyncClient, admin: dict[str, str], paid: dict[str, Any], db: async_sessionmaker[AsyncSession]
) -> None:
    car = paid["cars"][0]
    first = await issue(client, admin, car["_id"])
    assert first.status_code == 201, first.text
    again = await issue(client, admin, car["_id"])
    assert again.status_code == 409
    code, until = first.json()["data"]["code"], "03/05/2031 17:00"
    message = (
        f"Lot {car['vehicleLotNumber']} already has a gate pass ({code}, valid until {until}): "
        "use it, or replace it with a new one."
    )
    assert again.json()["message"] == message
    assert again.json()["errors"] == [{"field": "vehicleId", "message": message}]
    assert await passes_and_mails(db, car["_id"]) == (["Generated"], 1)

    # Replacing names the pass replaced: a double click on the confirmation replaces it once.
    replaced = await issue(client, admin, car["_id"], replaces=first.json()["data"]["_id"])
    assert replaced.status_code == 201, replaced.text
    twice = await issue(client, admin, car["_id"], replaces=first.json()["data"]["_id"])
    assert twice.status_code == 409
    assert await passes_and_mails(db, car["_id"]) == (["Canceled", "Generated"], 2)


async def test_the_database_holds_one_live_pass_per_vehicle(
    client: AsyncClient, admin: dict[str, str], paid: dict[str, Any], db: async_sessionmaker[AsyncSession]
) -> None:
    from sqlalchemy.exc import IntegrityError

    issued = (await issue(client, admin, paid["cars"][0]["_id"])).json()["data"]
    async with db() as session:
        kept = await session.get_one(GatePass, issued["_id"])
        twin = GatePass(
            vehicle_id=kept.vehicle_id,
            invoice_id=kept.invoice_id,
            member_id=kept.member_id,
            issued_at=kept.issued_at,
            valid_until=kept.valid_until,
            status="Scanned",
            code="ABCDEFGH",
        )
        session.add(twin)
        with pytest.raises(IntegrityError):
            await session.flush()


@pytest.fixture
async def racing(
    settings: Settings, tmp_path: Path
) -> AsyncIterator[tuple[Any, AsyncClient, dict[str, str]]]:
    async with committing_app(settings, tmp_path) as (app, client):
        yield app, client, await admin_headers(client)


class HeldChecks:
    """Once armed, holds each request between its look for a live pass and its write until the other
    request has looked too, so that without the index both racers would find none and write one each: on
    PostgreSQL the race shows on every run, however loaded the machine (a fixed pause of 50 ms let a late
    second request find the first one's pass). At most 2 s: on SQLite a writer may keep the other back."""

    def __init__(self) -> None:
        self.armed = False
        self.looked = 0
        self.both = asyncio.Event()

    def arm(self) -> None:
        self.armed = True


@pytest.fixture
def slow_check(monkeypatch: pytest.MonkeyPatch) -> HeldChecks:
    held = HeldChecks()
    check = repository.live_of_vehicle

    async def checked_then_held(*args: Any, **kwargs: Any) -> Any:
        found = await check(*args, **kwargs)
        if held.armed:
            held.looked += 1
            if held.looked >= 2:
                held.both.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(held.both.wait(), 2)
        return found

    monkeypatch.setattr(repository, "live_of_vehicle", checked_then_held)
    return held


async def test_two_racing_requests_give_one_pass_and_one_mail(
    racing: tuple[Any, AsyncClient, dict[str, str]], slow_check: HeldChecks
) -> None:
    app, client, admin = racing
    await fees(client, admin)
    sale = await sell(client, app, admin)
    recorded = await record(client, admin, payment(sale["invoice"], 25472.5))
    grants = {Module.PAYMENTS: set(Privilege), Module.VEHICLES: set(Privilege)}
    await make_staff(app.state.sessionmaker, "cashier@example.com", grants=grants, role_name="Cashiers")
    cashier = bearer((await login(client, "cashier@example.com", STAFF_PASSWORD))["token"])
    verified = await client.put(f"/api/payments/{recorded['_id']}/verify", headers=cashier)
    assert verified.status_code == 200, verified.text
    car = sale["cars"][0]

    slow_check.arm()
    answers = await asyncio.gather(issue(client, admin, car["_id"]), issue(client, cashier, car["_id"]))

    assert sorted(a.status_code for a in answers) == [201, 409], [a.text for a in answers]
    refused = next(a for a in answers if a.status_code == 409).json()
    assert refused["errors"][0]["field"] == "vehicleId"
    if app.state.engine.dialect.name == "postgresql":
        # Both found no live pass: the index refused the second write, before its mail.
        assert refused["message"] == RACED
    assert await passes_and_mails(app.state.sessionmaker, car["_id"]) == (["Generated"], 1)
