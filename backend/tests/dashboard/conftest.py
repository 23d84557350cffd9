"""Staff for the dashboard tests: the administrator and a second person who verifies payments."""

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.factories import STAFF_PASSWORD, admin_headers, bearer, login, make_staff


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


@pytest.fixture
async def cashier(client: AsyncClient, db: async_sessionmaker[AsyncSession]) -> dict[str, str]:
    """A second staff user who verifies payments and issues gate passes."""
    grants = {Module.PAYMENTS: set(Privilege), Module.VEHICLES: set(Privilege)}
    await make_staff(db, "cashier@example.com", grants=grants, role_name="Cashiers")
    return bearer((await login(client, "cashier@example.com", STAFF_PASSWORD))["token"])
