"""Requests at the same moment, on an app whose requests really commit (run on PostgreSQL as on SQLite): the
upserts of density and columns never collide, the unique index decides between two views of one name, and
the owner's row lock keeps two creations from passing the cap of 50 together."""

import asyncio
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import func, select

from gavel.config import Settings
from gavel.preferences import repository
from gavel.preferences.models import ListLayout, SavedView, UserPreference
from gavel.preferences.service import MAX_VIEWS
from gavel.users.models import User
from tests.committing import committing_app
from tests.conftest import ADMIN_EMAIL
from tests.factories import admin_headers
from tests.preferences.helpers import view_body


async def _count(app: Any, model: Any) -> int:
    async with app.state.sessionmaker() as session:
        return int(await session.scalar(select(func.count()).select_from(model)) or 0)


async def _views(client: AsyncClient, headers: dict[str, str]) -> list[str]:
    response = await client.get("/api/saved-views?list=invoices", headers=headers)
    return [view["name"] for view in response.json()["items"]]


async def test_two_views_of_one_name_at_once(settings: Settings, tmp_path: Path) -> None:
    async with committing_app(settings, tmp_path) as (app, client):
        headers = await admin_headers(client)
        answers = await asyncio.gather(
            client.post("/api/saved-views", json=view_body("Unpaid"), headers=headers),
            client.post("/api/saved-views", json=view_body("UNPAID", shared=True), headers=headers),
        )
        assert sorted(answer.status_code for answer in answers) == [201, 409], [a.text for a in answers]
        (refused,) = [answer for answer in answers if answer.status_code == 409]
        (saved,) = [answer for answer in answers if answer.status_code == 201]
        name = saved.json()["name"]
        other = "UNPAID" if name == "Unpaid" else "Unpaid"
        message = f"You already have a view called '{other}' on this list."
        assert refused.json() == {"message": message, "errors": [{"field": "name", "message": message}]}
        assert await _views(client, headers) == [name]
        assert await _count(app, SavedView) == 1


def _count_together(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each creation waits (at most a second) after it counted for the other one to count too: without the
    owner's row lock both would count 49 and both insert; with it the second counts only after the first
    committed."""
    arrived: list[int] = []
    both = asyncio.Event()
    count = repository.count_views

    async def counted_together(*args: Any) -> int:
        found = await count(*args)
        arrived.append(found)
        if len(arrived) == 2:
            both.set()
        with suppress(TimeoutError):
            await asyncio.wait_for(both.wait(), 1.0)
        return found

    monkeypatch.setattr(repository, "count_views", counted_together)


async def test_two_views_at_once_on_the_forty_ninth_stop_at_fifty(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _count_together(monkeypatch)
    async with committing_app(settings, tmp_path) as (app, client):
        headers = await admin_headers(client)
        async with app.state.sessionmaker() as session:
            admin_id = await session.scalar(select(User.id).where(User.email == ADMIN_EMAIL))
            assert admin_id is not None
            session.add_all(
                SavedView(owner_id=admin_id, list_key="invoices", name=f"View {n}")
                for n in range(MAX_VIEWS - 1)
            )
            await session.commit()
        answers = await asyncio.gather(
            client.post("/api/saved-views", json=view_body("Fiftieth A"), headers=headers),
            client.post("/api/saved-views", json=view_body("Fiftieth B"), headers=headers),
        )
        assert sorted(answer.status_code for answer in answers) == [201, 409], [a.text for a in answers]
        (refused,) = [answer for answer in answers if answer.status_code == 409]
        assert refused.json()["message"] == "You have 50 views on this list; delete one to save another."
        assert await _count(app, SavedView) == MAX_VIEWS
        # The lock's upsert left the defaults: the density is still the one nobody chose.
        assert (await client.get("/api/me/preferences", headers=headers)).json()["density"] == "comfortable"


async def test_two_density_changes_at_once_keep_one_row(settings: Settings, tmp_path: Path) -> None:
    async with committing_app(settings, tmp_path) as (app, client):
        headers = await admin_headers(client)
        answers = await asyncio.gather(
            client.put("/api/me/preferences/density", json={"density": "compact"}, headers=headers),
            client.put("/api/me/preferences/density", json={"density": "comfortable"}, headers=headers),
            client.put("/api/me/preferences/density", json={"density": "compact"}, headers=headers),
        )
        assert [answer.status_code for answer in answers] == [200, 200, 200], [a.text for a in answers]
        assert await _count(app, UserPreference) == 1
        density = (await client.get("/api/me/preferences", headers=headers)).json()["density"]
        assert density in ("compact", "comfortable")


async def test_two_column_changes_at_once_keep_one_row_the_last_wins(
    settings: Settings, tmp_path: Path
) -> None:
    async with committing_app(settings, tmp_path) as (app, client):
        headers = await admin_headers(client)
        first = [{"key": "number", "visible": True}, {"key": "member", "visible": True}]
        second = [{"key": "member", "visible": True}, {"key": "number", "visible": False}]
        answers = await asyncio.gather(
            client.put("/api/me/lists/invoices/columns", json={"columns": first}, headers=headers),
            client.put("/api/me/lists/invoices/columns", json={"columns": second}, headers=headers),
        )
        assert [answer.status_code for answer in answers] == [200, 200], [a.text for a in answers]
        assert await _count(app, ListLayout) == 1
        kept = (await client.get("/api/me/preferences", headers=headers)).json()["lists"]["invoices"][
            "columns"
        ]
        assert kept in (first, second)
