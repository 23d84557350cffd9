import pytest
from fastapi.routing import iter_route_contexts
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.config import Settings
from gavel.main import create_app
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
    # Consent to promotions (members/consents)
    Call("GET", "/api/members/consent-options", None, M, Privilege.VIEW),
    Call("GET", "/api/members/none/consents", None, M, Privilege.VIEW),
    Call("POST", "/api/members/none/consents", {}, M, Privilege.EDIT),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_members_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)


def test_every_members_route_is_in_the_matrix(settings: Settings) -> None:
    """Members' own routes (others under /api/members, a member's ledger, are in their modules')."""
    routes = {
        (method, str(route.path).replace("{id}", "none"))
        for route in iter_route_contexts(create_app(settings).routes)
        if str(route.path).startswith("/api/members/")
        and getattr(route.endpoint, "__module__", "").startswith("gavel.members.")
        for method in route.methods or ()
    }
    assert routes == {(c.method, c.path) for c in CALLS}
