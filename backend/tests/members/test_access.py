import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.access import Call, check_access

M = Module.MEMBERS
CALLS = [
    Call("POST", "/api/members/get", {}, M, Privilege.VIEW),
    Call("POST", "/api/members/export", {}, M, Privilege.VIEW),
    Call("GET", "/api/members/none", None, M, Privilege.VIEW),
    Call("POST", "/api/members/create", {}, M, Privilege.ADD),
    Call(
        "PUT",
        "/api/members/update-status",
        {"ids": ["none"], "status": "approved"},
        M,
        Privilege.UPDATE_STATUS,
    ),
    Call("DELETE", "/api/members/delete", {"memberIds": ["none"]}, M, Privilege.DELETE),
    Call("PUT", "/api/members/update-member/none", {}, M, Privilege.EDIT),
    Call("PUT", "/api/members/update-member-password/none", None, M, Privilege.EDIT),
    Call(
        "PUT",
        "/api/members/update-account-status",
        {"ids": ["none"], "isTrustedSeller": True},
        M,
        Privilege.UPDATE_STATUS,
    ),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_members_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)
