import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.access import Call, check_access

M = Module.USERS
CALLS = [
    Call("POST", "/api/users/get", {}, M, Privilege.VIEW),
    Call("POST", "/api/users/create", {}, M, Privilege.ADD),
    Call("DELETE", "/api/users/delete", {"userIds": ["none"]}, M, Privilege.DELETE),
    Call(
        "PUT",
        "/api/users/update-account-status",
        {"userAccountStatus": "Active", "ids": ["none"]},
        M,
        Privilege.UPDATE_STATUS,
    ),
    Call("PUT", "/api/users/update-user/none", {}, M, Privilege.EDIT),
    Call("PUT", "/api/users/update-user-password/none", None, M, Privilege.EDIT),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_users_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)
