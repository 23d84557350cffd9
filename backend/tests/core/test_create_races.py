"""Three identical creates sent at the same moment (a double click, two staff users): exactly one is created
and the others answer 409 naming the field, on SQLite and PostgreSQL alike. The unique indexes decide."""

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient, Response

from gavel.config import Settings
from tests.committing import committing_app
from tests.factories import admin_headers

Body = dict[str, Any]


@pytest.fixture
async def racing(settings: Settings, tmp_path: Path) -> AsyncIterator[tuple[AsyncClient, dict[str, str]]]:
    async with committing_app(settings, tmp_path) as (_, client):
        yield client, await admin_headers(client)


async def _race(client: AsyncClient, path: str, body: Body, headers: dict[str, str]) -> list[Response]:
    return list(await asyncio.gather(*(client.post(path, json=body, headers=headers) for _ in range(3))))


def _one_created(responses: list[Response], field: str) -> None:
    codes = sorted(r.status_code for r in responses)
    assert codes == [201, 409, 409], [r.text for r in responses]
    for refused in (r for r in responses if r.status_code == 409):
        body = refused.json()
        assert body["message"]
        assert field in [e["field"] for e in body["errors"]], body


async def _role(client: AsyncClient, admin: dict[str, str]) -> str:
    created = await client.post(
        "/api/role/create",
        json={"name": "Clerks", "permissions": [{"module": "Members", "view": True}]},
        headers=admin,
    )
    assert created.status_code == 201, created.text
    return str(created.json()["_id"])


async def _user(client: AsyncClient, admin: dict[str, str]) -> Body:
    return {
        "fullName": "Hamdan Al Nuaimi",
        "email": "hamdan@example.com",
        "phone": "050 123 9876",
        "dob": "1990-03-15",
        "gender": "M",
        "emiratesId": "784-1990-1234567-6",
        "rolePermission": await _role(client, admin),
        "password": "Falcon-Desert-2026",
    }


async def _fixed(body: Body) -> Body:
    return body


CASES: dict[str, tuple[str, str, Callable[[AsyncClient, dict[str, str]], Awaitable[Body]]]] = {
    "role": ("/api/role/create", "name", lambda c, a: _fixed({"name": "Yard crew", "permissions": []})),
    "user": ("/api/users/create", "email", _user),
    "plan": (
        "/api/plan/create",
        "name",
        lambda c, a: _fixed({"name": "Silver", "planAmount": 5000, "buyingPower": 50000}),
    ),
    "charge": (
        "/api/charge/create",
        "title",
        lambda c, a: _fixed({"title": "Gate pass", "charges": 100, "appliesTo": "seller"}),
    ),
    "location": (
        "/api/locations/create",
        "title",
        lambda c, a: _fixed(
            {
                "title": "Al Quoz Yard",
                "physical_address": "Street 18, Al Quoz Industrial Area 3",
                "phone_number": "04 321 5555",
                "country": "United Arab Emirates",
                "state": "Dubai",
                "city": "Al Quoz",
            }
        ),
    ),
    "member": (
        "/api/members/create",
        "email",
        lambda c, a: _fixed(
            {
                "firstName": "Majid",
                "lastName": "Buyer",
                "email": "majid@example.com",
                "phone": "0502223301",
                "memberIdentityNo": "784-1980-1234501-1",
                "memberTypes": ["buyer"],
                "memberEntity": "individual",
                "memberProfile": {
                    "identityType": "passport",
                    "identityExpiry": "2031-01-01",
                    "emirate": "Dubai",
                    "city": "Dubai",
                },
            }
        ),
    ),
}


@pytest.mark.parametrize("kind", list(CASES))
async def test_three_identical_creates_make_one_record(
    racing: tuple[AsyncClient, dict[str, str]], kind: str
) -> None:
    client, admin = racing
    path, field, make_body = CASES[kind]
    body = await make_body(client, admin)
    _one_created(await _race(client, path, body, admin), field)
