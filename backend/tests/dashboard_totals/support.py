"""The dashboard's totals as the service computes them for a staff user, and the data the tests count."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.auth.models import UserSession
from gavel.auth.service import Client
from gavel.dashboard.totals.service import dashboard_totals
from gavel.guards import Principal
from gavel.users.models import User
from gavel.vehicles.models import Vehicle
from tests.conftest import ADMIN_EMAIL


async def totals_for(db: async_sessionmaker[AsyncSession], email: str = ADMIN_EMAIL) -> dict[str, Any]:
    """What GET /api/dashboard/summary carries as `totals` for this user, as JSON (camelCase)."""
    async with db() as session:
        user = (await session.scalars(select(User).where(User.email == email))).one()
        principal = Principal(
            user=user,
            session=UserSession(user_id=user.id, token_hash="-"),
            client=Client(ip="127.0.0.1", user_agent="pytest"),
        )
        totals = await dashboard_totals(session, principal)
        return totals.model_dump(by_alias=True)


async def place_in_event(db: async_sessionmaker[AsyncSession], vehicle_id: str) -> None:
    """An approved vehicle placed in an auction event, as the auctions module does (it has its own tests)."""
    async with db() as session:
        row = await session.get(Vehicle, vehicle_id)
        assert row is not None
        row.event_id = "event-of-the-test"
        await session.commit()


async def review_badges(client: AsyncClient, headers: dict[str, str]) -> dict[str, Any]:
    response = await client.get("/api/dashboard/review-badges", headers=headers)
    assert response.status_code == 200, response.text
    return dict(response.json())
