"""Two people save the increment table at the same moment, each from the version they read, on an app whose
requests really commit (PostgreSQL with TEST_DATABASE_URL, else SQLite): one save is taken, the other is told
that someone else changed the table, and the table is the first one's whole (never a mix, never the last
write silently winning)."""

import asyncio
import contextlib
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from gavel.audit.models import AuditEvent
from gavel.bidding.increment_tables import repository
from gavel.config import Settings
from gavel.permissions import Module, Privilege
from tests.committing import committing_app
from tests.factories import STAFF_PASSWORD, admin_headers, bearer, login, make_staff

URL = "/api/increment-table"


class HeldSaves:
    """Holds each save between its read of the table and its write until the other save has read it too, so
    that both were made from version 0 however loaded the machine. At most 2 s: on SQLite the first writer
    keeps the other back at its BEGIN until it commits."""

    def __init__(self) -> None:
        self.read = 0
        self.both = asyncio.Event()


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> HeldSaves:
    saves = HeldSaves()
    take = repository.take_version

    async def held_then_taken(*args: Any, **kwargs: Any) -> bool:
        saves.read += 1
        if saves.read >= 2:
            saves.both.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(saves.both.wait(), 2)
        return await take(*args, **kwargs)

    monkeypatch.setattr(repository, "take_version", held_then_taken)
    return saves


async def test_two_saves_at_once_one_is_taken_the_other_refused(
    settings: Settings, tmp_path: Path, held: HeldSaves
) -> None:
    async with committing_app(settings, tmp_path) as (app, client):
        admin = await admin_headers(client)
        await make_staff(
            app.state.sessionmaker, "pricing@example.com", grants={Module.SETTINGS: {Privilege.EDIT}}
        )
        pricing = bearer((await login(client, "pricing@example.com", STAFF_PASSWORD))["token"])
        tables = {
            "admin": [{"fromPrice": "0.00", "step": "250.00"}, {"fromPrice": "10000.00", "step": "500.00"}],
            "pricing": [{"fromPrice": "0.00", "step": "100.00"}],
        }

        answers = await asyncio.gather(
            client.put(URL, json={"bands": tables["admin"], "version": 0}, headers=admin),
            client.put(URL, json={"bands": tables["pricing"], "version": 0}, headers=pricing),
        )

        assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
        assert held.read == 2
        taken = next(a.json() for a in answers if a.status_code == 200)
        refusal = next(a.json() for a in answers if a.status_code == 409)
        assert refusal["message"].startswith("Someone else changed the table since you opened it")
        assert refusal["version"] == 1
        stored = (await client.get(URL, headers=admin)).json()
        assert stored == taken and stored["version"] == 1
        assert stored["bands"] in (tables["admin"], tables["pricing"])
        async with app.state.sessionmaker() as session:
            audited = await session.scalar(
                select(func.count()).select_from(AuditEvent).where(AuditEvent.entity == "increment_table")
            )
        assert audited == 1
