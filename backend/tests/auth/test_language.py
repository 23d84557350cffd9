"""A staff user's own language (issue 27): kept on the user, answered at sign-in and by /auth/me."""

import asyncio

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from tests.factories import STAFF_PASSWORD, bearer, login, make_staff


async def _signed_in(client: AsyncClient, db: async_sessionmaker[AsyncSession]) -> dict[str, str]:
    await make_staff(db, "me@example.com")
    return bearer((await login(client, "me@example.com", STAFF_PASSWORD))["token"])


async def test_english_until_the_user_chooses(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    token = await _signed_in(client, db)
    assert (await client.get("/api/auth/me", headers=token)).json()["user"]["language"] == "en"


async def test_the_choice_is_kept_and_given_at_the_next_sign_in(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    token = await _signed_in(client, db)
    response = await client.put("/api/auth/language", json={"language": "ar"}, headers=token)
    assert response.status_code == 200
    assert response.json()["language"] == "ar"
    assert response.json()["email"] == "me@example.com"
    assert (await client.get("/api/auth/me", headers=token)).json()["user"]["language"] == "ar"
    await client.post("/api/auth/logout", headers=token)
    assert (await login(client, "me@example.com", STAFF_PASSWORD))["user"]["language"] == "ar"


@pytest.mark.parametrize("value", ["fr", "AR", "", None, 1, ["ar"], {"language": "ar"}])
async def test_only_english_or_arabic(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], value: object
) -> None:
    token = await _signed_in(client, db)
    response = await client.put("/api/auth/language", json={"language": value}, headers=token)
    assert response.status_code == 422
    assert response.json()["errors"] == [
        {"field": "language", "message": "The language is en (English) or ar (Arabic)."}
    ]
    assert (await client.get("/api/auth/me", headers=token)).json()["user"]["language"] == "en"


async def test_a_missing_language_is_required(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    token = await _signed_in(client, db)
    response = await client.put("/api/auth/language", json={}, headers=token)
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "language"


async def test_signed_out_is_refused(client: AsyncClient) -> None:
    response = await client.put("/api/auth/language", json={"language": "ar"})
    assert response.status_code == 401


async def test_two_changes_at_once_leave_one_of_them(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    token = await _signed_in(client, db)
    answers = await asyncio.gather(
        client.put("/api/auth/language", json={"language": "ar"}, headers=token),
        client.put("/api/auth/language", json={"language": "en"}, headers=token),
    )
    assert [answer.status_code for answer in answers] == [200, 200]
    assert (await client.get("/api/auth/me", headers=token)).json()["user"]["language"] in {"en", "ar"}
