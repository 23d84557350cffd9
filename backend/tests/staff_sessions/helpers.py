"""Staff users who sign in, and sessions aged in the database as the idle and absolute limits see them."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.auth.models import UserSession
from gavel.db import utcnow
from gavel.roles.repository import Grants
from gavel.users.models import User
from tests.factories import STAFF_PASSWORD, bearer, login, make_staff

EXPLORER = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/120.0.0.0 Safari/537.36"
)


async def signed_in_staff(
    client: AsyncClient,
    db: async_sessionmaker[AsyncSession],
    email: str,
    full_name: str,
    *,
    grants: Grants | None = None,
) -> dict[str, Any]:
    """A staff user with a role of their own, signed in from Chrome on Windows: id, token and headers."""
    user = await make_staff(db, email, grants=grants, role_name=f"Role of {full_name}")
    async with db() as session:
        await session.execute(update(User).where(User.id == user.id).values(full_name=full_name))
        await session.commit()
    token = (await login(client, email, STAFF_PASSWORD, **{"user-agent": EXPLORER}))["token"]
    return {"id": user.id, "token": token, "headers": bearer(token), "name": full_name}


async def age_session(db: async_sessionmaker[AsyncSession], user_id: str, **ago: timedelta) -> None:
    """Moves a user's session back in time: `last_active_at=timedelta(minutes=31)` makes it idle-expired."""
    async with db() as session:
        values = {column: utcnow() - delta for column, delta in ago.items()}
        await session.execute(update(UserSession).where(UserSession.user_id == user_id).values(**values))
        await session.commit()


async def live_sessions(client: AsyncClient, headers: dict[str, str], **query: Any) -> dict[str, Any]:
    response = await client.post("/api/staff-sessions/get", json=query, headers=headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body
