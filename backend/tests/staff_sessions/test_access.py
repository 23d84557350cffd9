import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.access import Call, check_access

# The console has a row of its own: View lists every colleague's device and address, Delete ends a session.
M = Module.SESSIONS
CALLS = [
    Call("POST", "/api/staff-sessions/get", {}, M, Privilege.VIEW),
    Call("PUT", "/api/staff-sessions/none/end", None, M, Privilege.DELETE),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_staff_sessions_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)
