"""A user's density and columns: kept on the server per user, upserted, reset, and refused with a sentence."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.preferences.lists import LIST_KEYS
from gavel.preferences.models import ListLayout, UserPreference
from tests.conftest import ADMIN_EMAIL, ADMIN_PASSWORD
from tests.factories import admin_headers, bearer, login
from tests.preferences.helpers import field_error, signed_in

COLUMNS = [
    {"key": "number", "visible": True},
    {"key": "member", "visible": False},
    {"key": "actions", "visible": True},
]


async def test_the_defaults_of_a_user_who_changed_nothing(client: AsyncClient) -> None:
    response = await client.get("/api/me/preferences", headers=await admin_headers(client))
    assert response.status_code == 200
    assert response.json() == {"density": "comfortable", "lists": {}}


async def test_the_density_follows_the_user_to_a_second_session(client: AsyncClient) -> None:
    first = await admin_headers(client)
    changed = await client.put("/api/me/preferences/density", json={"density": "compact"}, headers=first)
    assert changed.status_code == 200
    assert changed.json() == {"density": "compact", "lists": {}}

    # One session at a time: the person signs out here and in on another machine.
    assert (await client.post("/api/auth/logout", headers=first)).status_code == 200
    second = bearer(
        (await login(client, ADMIN_EMAIL, ADMIN_PASSWORD, **{"user-agent": "Another machine"}))["token"]
    )
    assert second != first
    assert (await client.get("/api/me/preferences", headers=second)).json()["density"] == "compact"

    back = await client.put("/api/me/preferences/density", json={"density": "comfortable"}, headers=second)
    assert back.json()["density"] == "comfortable"
    assert (await client.get("/api/me/preferences", headers=second)).json()["density"] == "comfortable"


@pytest.mark.parametrize(
    "body",
    [
        {"density": "tiny"},
        {"density": ""},
        {"density": 1},
        {"density": None},
        {"density": {}},
        {"density": []},
    ],
)
async def test_a_density_other_than_the_two_is_refused(client: AsyncClient, body: dict[str, Any]) -> None:
    headers = await admin_headers(client)
    response = await client.put("/api/me/preferences/density", json=body, headers=headers)
    assert field_error(response) == (422, "density", "Density is comfortable or compact.")
    assert (await client.get("/api/me/preferences", headers=headers)).json()["density"] == "comfortable"


async def test_columns_are_kept_in_order_replaced_and_reset(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    headers = await admin_headers(client)
    put = await client.put("/api/me/lists/invoices/columns", json={"columns": COLUMNS}, headers=headers)
    assert put.status_code == 200
    assert put.json() == {"listKey": "invoices", "columns": COLUMNS}
    reordered = [COLUMNS[1] | {"visible": True}, COLUMNS[0], COLUMNS[2]]
    again = await client.put("/api/me/lists/invoices/columns", json={"columns": reordered}, headers=headers)
    assert again.json()["columns"] == reordered
    await client.put("/api/me/lists/audit-log/columns", json={"columns": COLUMNS[:1]}, headers=headers)

    preferences = (await client.get("/api/me/preferences", headers=headers)).json()
    assert preferences["lists"] == {"audit-log": {"columns": COLUMNS[:1]}, "invoices": {"columns": reordered}}

    reset = await client.delete("/api/me/lists/invoices/columns", headers=headers)
    assert reset.status_code == 200
    assert reset.json() == {"listKey": "invoices", "columns": []}
    assert (await client.delete("/api/me/lists/invoices/columns", headers=headers)).json()["columns"] == []
    preferences = (await client.get("/api/me/preferences", headers=headers)).json()
    assert preferences["lists"] == {"audit-log": {"columns": COLUMNS[:1]}}
    async with db() as session:
        assert await session.scalar(select(func.count()).select_from(ListLayout)) == 1


async def test_each_user_has_their_own_columns_and_density(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    admin = await admin_headers(client)
    aisha = await signed_in(client, db, "aisha@example.com", "Aisha Khan")
    await client.put("/api/me/lists/users/columns", json={"columns": COLUMNS}, headers=admin)
    await client.put("/api/me/preferences/density", json={"density": "compact"}, headers=admin)
    assert (await client.get("/api/me/preferences", headers=aisha)).json() == {
        "density": "comfortable",
        "lists": {},
    }
    await client.delete("/api/me/lists/users/columns", headers=aisha)  # her reset leaves the admin's alone
    assert (await client.get("/api/me/preferences", headers=admin)).json()["lists"] == {
        "users": {"columns": COLUMNS}
    }
    async with db() as session:
        assert await session.scalar(select(func.count()).select_from(UserPreference)) == 1


async def test_every_list_key_of_the_contract_is_accepted(client: AsyncClient) -> None:
    headers = await admin_headers(client)
    assert len(LIST_KEYS) == 30
    for key in sorted(LIST_KEYS):
        response = await client.put(
            f"/api/me/lists/{key}/columns", json={"columns": COLUMNS}, headers=headers
        )
        assert response.status_code == 200, key
    assert len((await client.get("/api/me/preferences", headers=headers)).json()["lists"]) == 30


@pytest.mark.parametrize("method", ["PUT", "DELETE"])
async def test_an_unknown_list_is_404(client: AsyncClient, method: str) -> None:
    headers = await admin_headers(client)
    body = {"columns": COLUMNS} if method == "PUT" else None
    response = await client.request(method, "/api/me/lists/Invoices/columns", json=body, headers=headers)
    assert response.status_code == 404
    assert response.json()["message"] == "There is no list called 'Invoices'."


@pytest.mark.parametrize(
    ("columns", "message"),
    [
        (
            [{"key": f"c{n}", "visible": True} for n in range(41)],
            "A list has at most 40 columns; 41 were sent.",
        ),
        ([{"key": "", "visible": True}], "A column's key is 1 to 60 letters, digits, '_', '.' or '-'."),
        ([{"key": "x" * 61, "visible": True}], "A column's key is 1 to 60 letters, digits, '_', '.' or '-'."),
        (
            [{"key": "amount due", "visible": True}],
            "A column's key is 1 to 60 letters, digits, '_', '.' or '-'.",
        ),
        ([{"key": 7, "visible": True}], "A column's key is 1 to 60 letters, digits, '_', '.' or '-'."),
        ([{"key": "a", "visible": "yes"}], "Column 'a': visible is true or false."),
        ([{"key": "a"}], 'Each column is {"key": ..., "visible": true or false}, and nothing else.'),
        (
            [{"key": "a", "visible": True, "width": 3}],
            'Each column is {"key": ..., "visible": true or false}, and nothing else.',
        ),
        ([{"key": "a", "visible": True}, {"key": "a", "visible": False}], "Column 'a' is listed twice."),
        ([{"key": "a", "visible": False}, {"key": "b", "visible": False}], "Show at least one column."),
        ([], "Show at least one column."),
        ("number,member", 'The columns are a list of {"key": ..., "visible": true or false}.'),
    ],
)
async def test_bad_columns_are_refused_at_columns(client: AsyncClient, columns: Any, message: str) -> None:
    headers = await admin_headers(client)
    await client.put("/api/me/lists/invoices/columns", json={"columns": COLUMNS}, headers=headers)
    response = await client.put("/api/me/lists/invoices/columns", json={"columns": columns}, headers=headers)
    assert field_error(response) == (422, "columns", message)
    kept = (await client.get("/api/me/preferences", headers=headers)).json()["lists"]["invoices"]["columns"]
    assert kept == COLUMNS  # nothing lost


async def test_the_longest_keys_and_forty_columns_are_accepted(client: AsyncClient) -> None:
    headers = await admin_headers(client)
    columns = [{"key": f"{'k' * 57}.{n:02d}", "visible": n == 0} for n in range(40)]
    response = await client.put(
        "/api/me/lists/members-review/columns", json={"columns": columns}, headers=headers
    )
    assert response.status_code == 200
    assert response.json()["columns"] == columns


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/me/preferences"),
        ("PUT", "/api/me/preferences/density"),
        ("PUT", "/api/me/lists/invoices/columns"),
        ("DELETE", "/api/me/lists/invoices/columns"),
        ("GET", "/api/saved-views?list=invoices"),
        ("POST", "/api/saved-views"),
        ("PUT", "/api/saved-views/x"),
        ("DELETE", "/api/saved-views/x"),
    ],
)
async def test_without_signing_in_every_route_is_401(client: AsyncClient, method: str, path: str) -> None:
    response = await client.request(method, path, json={} if method in ("PUT", "POST") else None)
    assert response.status_code == 401
    assert response.json()["message"] == "Please sign in to continue."
