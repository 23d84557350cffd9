"""Racing requests whose bands overlap: the band lock lets exactly one through, on PostgreSQL and SQLite
(where transactions begin IMMEDIATE, so writers take turns from their first statement)."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient, Response

from gavel.charges import repository
from gavel.config import Settings
from tests.committing import committing_app
from tests.factories import admin_headers


@pytest.fixture
async def committing_client(settings: Settings, tmp_path: Path) -> AsyncIterator[AsyncClient]:
    async with committing_app(settings, tmp_path) as (_, client):
        yield client


@pytest.fixture(autouse=True)
def slow_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """Holds each request for a moment between its band check and its write, so that without the lock every
    racer would check before any has written: on PostgreSQL the race shows on every run, not only on an
    unlucky one (checked by taking the lock out: both tests fail there)."""
    check = repository.active_overlapping

    async def checked_then_held(*args: Any, **kwargs: Any) -> Any:
        found = await check(*args, **kwargs)
        await asyncio.sleep(0.05)
        return found

    monkeypatch.setattr(repository, "active_overlapping", checked_then_held)


def charge(title: str, low: int, high: int, is_active: bool = True) -> dict[str, Any]:
    return {
        "title": title,
        "charges": 350,
        "appliesTo": "buyer",
        "minPrice": low,
        "maxPrice": high,
        "isActive": is_active,
    }


RACERS = (("Fee A", 0, 10000), ("Fee B", 5000, 20000), ("Fee C", 8000, 30000), ("Fee D", 9000, 9500))


def one_through(answers: list[Response], ok: int) -> list[Response]:
    """The refused answers, after checking that exactly one request went through."""
    assert sorted(a.status_code for a in answers) == [ok] + [409] * (len(answers) - 1), [
        a.text for a in answers
    ]
    return [a for a in answers if a.status_code == 409]


async def active_titles(client: AsyncClient, admin: dict[str, str]) -> list[str]:
    listed = await client.post("/api/charge/get", json={"isActive": True}, headers=admin)
    return sorted(c["title"] for c in listed.json()["data"])


async def test_two_racing_creates_of_overlapping_bands_give_one_charge(
    committing_client: AsyncClient,
) -> None:
    admin = await admin_headers(committing_client)

    async def create(title: str, low: int, high: int) -> Response:
        return await committing_client.post(
            "/api/charge/create", json=charge(title, low, high), headers=admin
        )

    answers = await asyncio.gather(*(create(*racer) for racer in RACERS))
    refused = one_through(answers, 201)
    winner = next(
        racer[0] for racer, answer in zip(RACERS, answers, strict=True) if answer.status_code == 201
    )
    assert all(a.json()["message"].startswith(f'The price band overlaps "{winner}"') for a in refused)
    assert await active_titles(committing_client, admin) == [winner]


async def test_two_racing_switches_of_overlapping_charges_switch_one_on(
    committing_client: AsyncClient,
) -> None:
    admin = await admin_headers(committing_client)
    ids = []
    for title, low, high in RACERS:
        created = await committing_client.post(
            "/api/charge/create", json=charge(title, low, high, is_active=False), headers=admin
        )
        assert created.status_code == 201, created.text
        ids.append(created.json()["_id"])

    async def switch_on(charge_id: str) -> Response:
        return await committing_client.put(
            "/api/charge/update-charge-status", json={"ids": [charge_id], "isActive": True}, headers=admin
        )

    answers = await asyncio.gather(*(switch_on(charge_id) for charge_id in ids))
    refused = one_through(answers, 200)
    assert all(a.json()["message"].startswith("Switching on") for a in refused)
    assert len(await active_titles(committing_client, admin)) == 1
