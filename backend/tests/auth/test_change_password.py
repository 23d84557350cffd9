from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from tests.factories import STAFF_PASSWORD, bearer, login, make_staff

NEW = "Palm-Jumeirah-2026"


async def _two_sessions(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> tuple[dict[str, str], dict[str, str]]:
    await make_staff(db, "me@example.com")
    first = bearer((await login(client, "me@example.com", STAFF_PASSWORD))["token"])
    second = await client.post(
        "/api/auth/logout-session", json={"email": "me@example.com", "password": STAFF_PASSWORD}
    )
    return first, bearer(second.json()["token"])


async def test_change_own_password_ends_other_sessions(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    await make_staff(db, "me@example.com")
    token = bearer((await login(client, "me@example.com", STAFF_PASSWORD))["token"])
    body = {"currentPassword": STAFF_PASSWORD, "password": NEW, "confirmPassword": NEW}
    response = await client.put("/api/auth/change-password", json=body, headers=token)
    assert response.status_code == 200
    assert response.json() == {"message": "Your password has been changed."}
    assert (await client.get("/api/auth/me", headers=token)).status_code == 200
    await client.post("/api/auth/logout", headers=token)
    await login(client, "me@example.com", NEW)


async def test_wrong_current_password_is_refused(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    await make_staff(db, "me@example.com")
    token = bearer((await login(client, "me@example.com", STAFF_PASSWORD))["token"])
    body = {"currentPassword": "not-mine-at-all", "password": NEW, "confirmPassword": NEW}
    response = await client.put("/api/auth/change-password", json=body, headers=token)
    assert response.status_code == 422
    assert response.json()["errors"] == [
        {"field": "currentPassword", "message": "The current password is not correct."}
    ]


async def test_new_password_rules(client: AsyncClient, db: async_sessionmaker[AsyncSession]) -> None:
    await make_staff(db, "me@example.com")
    token = bearer((await login(client, "me@example.com", STAFF_PASSWORD))["token"])
    cases = [
        (
            {"password": "abc", "confirmPassword": "abc"},
            "password",
            "Password must be at least 8 characters long.",
        ),
        ({"password": NEW, "confirmPassword": NEW + "!"}, "confirmPassword", "The passwords do not match."),
        (
            {"password": STAFF_PASSWORD, "confirmPassword": STAFF_PASSWORD},
            "password",
            "The new password must be different from the current one.",
        ),
    ]
    for extra, field, message in cases:
        response = await client.put(
            "/api/auth/change-password", json={"currentPassword": STAFF_PASSWORD, **extra}, headers=token
        )
        assert response.status_code == 422
        assert response.json()["errors"] == [{"field": field, "message": message}]
