from typing import Any

import pytest
from httpx import AsyncClient

from tests.auctions.factory import yard
from tests.factories import admin_headers


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


@pytest.fixture
async def location(client: AsyncClient, admin: dict[str, str]) -> str:
    return await yard(client, admin)


@pytest.fixture
def clock_app(app: Any) -> Any:
    return app
