import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.access import Call, check_access

M = Module.ROLES
CALLS = [
    Call("POST", "/api/role/create", {"name": "Yard crew", "permissions": []}, M, Privilege.ADD),
    Call("POST", "/api/role/get", {}, M, Privilege.VIEW),
    Call("PUT", "/api/role/toggle-active-role/none", {"isActive": False}, M, Privilege.UPDATE_STATUS),
    Call("DELETE", "/api/role/delete", {"roleIds": ["none"]}, M, Privilege.DELETE),
    Call("PUT", "/api/role/update/none", {"name": "Yard crew", "permissions": []}, M, Privilege.EDIT),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_roles_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)
