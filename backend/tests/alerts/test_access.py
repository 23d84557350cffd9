"""The access matrix of the alerts routes: no token 401, without the Alerts privilege 403, with it allowed."""

import pytest
from fastapi.routing import iter_route_contexts
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.config import Settings
from gavel.main import create_app
from gavel.permissions import Module, Privilege
from tests.access import Call, check_access
from tests.alerts.test_promotion_templates import CALLS as PROMOTION_TEMPLATE_CALLS

A = Module.ALERTS
SWITCH = {"event": "memberApproved", "channel": "sms", "enabled": True}
TEMPLATE = {"name": "Approved", "bodyEn": "Hello", "bodyAr": "مرحباً"}
CALLS = [
    Call("POST", "/api/alerts/messages", {}, A, Privilege.VIEW),
    Call("GET", "/api/alerts/messages/none", None, A, Privilege.VIEW),
    Call("PUT", "/api/alerts/messages/retry", {"ids": ["none"]}, A, Privilege.UPDATE_STATUS),
    Call("PUT", "/api/alerts/messages/cancel", {"ids": ["none"]}, A, Privilege.UPDATE_STATUS),
    Call("POST", "/api/alerts/templates/get", {"channel": "sms"}, A, Privilege.VIEW),
    Call("PUT", "/api/alerts/templates/none", TEMPLATE, A, Privilege.EDIT),
    Call("POST", "/api/alerts/templates/preview", {"channel": "sms", "body": "Hi"}, A, Privilege.VIEW),
    Call("GET", "/api/alerts/switches", None, A, Privilege.VIEW),
    Call("PUT", "/api/alerts/switches", SWITCH, A, Privilege.EDIT),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_alerts_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)


def test_every_alerts_route_is_in_the_matrix(settings: Settings) -> None:
    routes = {
        (method, str(route.path).replace("{id}", "none"))
        for route in iter_route_contexts(create_app(settings).routes)
        if str(route.path).startswith("/api/alerts")
        and not str(route.path).startswith("/api/alerts/campaigns")  # tests/alerts/campaigns/test_access.py
        for method in route.methods or ()
    }
    assert routes == {(c.method, c.path) for c in CALLS + PROMOTION_TEMPLATE_CALLS}
