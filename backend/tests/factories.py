"""Builders for records the tests need."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.core.passwords import hash_password
from gavel.permissions import Module, Privilege
from gavel.roles import repository as roles
from gavel.users.models import User

STAFF_PASSWORD = "Yard-Keeper-2026"


async def make_staff(
    db: async_sessionmaker[AsyncSession],
    email: str = "staff@example.com",
    *,
    grants: roles.Grants | None = None,
    role_name: str | None = None,
    status: str = "Active",
    password: str = STAFF_PASSWORD,
) -> User:
    async with db() as session:
        role = await roles.add(
            session, role_name or f"Role for {email}", grants or {Module.MEMBERS: {Privilege.VIEW}}
        )
        user = User(
            full_name="Test Staff",
            email=email,
            role_id=role.id,
            password_hash=hash_password(password),
            user_account_status=status,
        )
        session.add(user)
        await session.commit()
        return user


async def login(client: AsyncClient, email: str, password: str, **headers: str) -> Any:
    response = await client.post(
        "/api/auth/login", json={"email": email, "password": password, "rememberMe": False}, headers=headers
    )
    assert response.status_code == 200, response.text
    return response.json()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def admin_headers(client: AsyncClient) -> dict[str, str]:
    from tests.conftest import ADMIN_EMAIL, ADMIN_PASSWORD

    return bearer((await login(client, ADMIN_EMAIL, ADMIN_PASSWORD))["token"])


async def sign_in_new_staff(client: AsyncClient, email: str, initial_password: str) -> dict[str, str]:
    """Signs in a staff user an administrator created and, as the app makes them, chooses their own password
    first (the initial one stops working); answers the session's headers."""
    signed = await login(client, email, initial_password)
    headers = bearer(signed["token"])
    if signed["user"]["mustChangePassword"]:
        own = f"{initial_password}-Own"
        body = {"currentPassword": initial_password, "password": own, "confirmPassword": own}
        changed = await client.put("/api/auth/change-password", json=body, headers=headers)
        assert changed.status_code == 200, changed.text
    return headers
