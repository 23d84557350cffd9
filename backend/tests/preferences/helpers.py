"""Staff users who sign in for the preferences' tests, and the calls they make."""

from typing import Any

from httpx import AsyncClient, Response
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from gavel.users.models import User
from tests.factories import STAFF_PASSWORD, bearer, login, make_staff


async def signed_in(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], email: str, full_name: str
) -> dict[str, str]:
    """A staff user with a narrow role (preferences need no privilege), signed in: their headers."""
    user = await make_staff(
        db, email, grants={Module.MEMBERS: {Privilege.VIEW}}, role_name=f"Role of {email}"
    )
    async with db() as session:
        await session.execute(update(User).where(User.id == user.id).values(full_name=full_name))
        await session.commit()
    return bearer((await login(client, email, STAFF_PASSWORD))["token"])


def view_body(name: str, list_key: str = "invoices", **fields: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "list": list_key,
        "name": name,
        "shared": False,
        "search": "",
        "sortBy": None,
        "sortOrder": None,
        "filters": {},
        "columns": None,
    }
    body.update(fields)
    return body


async def save_view(client: AsyncClient, headers: dict[str, str], name: str, **fields: Any) -> dict[str, Any]:
    response = await client.post("/api/saved-views", json=view_body(name, **fields), headers=headers)
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def field_error(response: Response) -> tuple[int, str, str]:
    """(status, the first error's field, its message)."""
    (error,) = response.json()["errors"]
    return response.status_code, error["field"], error["message"]
