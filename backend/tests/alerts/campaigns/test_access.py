"""The access matrix of the campaigns: no token 401, without the Alerts privilege 403, with it allowed (add to
write and send, view to read and count, updateStatus to cancel)."""

import pytest
from fastapi.routing import iter_route_contexts
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.config import Settings
from gavel.main import create_app
from gavel.permissions import Module, Privilege
from tests.access import Call, check_access

A = Module.ALERTS
DRAFT = {"channel": "sms", "name": "Classic cars", "bodyEn": "Hello", "bodyAr": "مرحباً"}
CALLS = [
    Call("POST", "/api/alerts/campaigns/get", {"channel": "sms"}, A, Privilege.VIEW),
    Call("POST", "/api/alerts/campaigns/audience-count", {"channel": "sms"}, A, Privilege.VIEW),
    Call("GET", "/api/alerts/campaigns/options", None, A, Privilege.VIEW),
    Call("GET", "/api/alerts/campaigns/none", None, A, Privilege.VIEW),
    Call("POST", "/api/alerts/campaigns", DRAFT, A, Privilege.ADD),
    Call("POST", "/api/alerts/campaigns/send", DRAFT, A, Privilege.ADD),
    Call("PUT", "/api/alerts/campaigns/none", DRAFT, A, Privilege.ADD),
    Call("PUT", "/api/alerts/campaigns/none/send", {}, A, Privilege.ADD),
    Call("PUT", "/api/alerts/campaigns/none/cancel", None, A, Privilege.UPDATE_STATUS),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_campaigns_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)


def test_every_campaigns_route_is_in_the_matrix(settings: Settings) -> None:
    routes = {
        (method, str(route.path).replace("{id}", "none"))
        for route in iter_route_contexts(create_app(settings).routes)
        if str(route.path).startswith("/api/alerts/campaigns")
        for method in route.methods or ()
    }
    assert routes == {(c.method, c.path) for c in CALLS}
