import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from tests.access import Call, check_access
from tests.settings_access import SETTINGS_CALLS


@pytest.mark.parametrize("call", SETTINGS_CALLS, ids=str)
async def test_settings_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)
