"""A role sees only the charts of the modules it may view: each chart is guarded by one module's view."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.access import Call, check_access
from tests.factories import STAFF_PASSWORD, bearer, login, make_staff

CHARTS = {
    "sales-per-week": Module.AUCTIONS,
    "sell-through": Module.AUCTIONS,
    "hammer-vs-reserve": Module.AUCTIONS,
    "pipeline": Module.VEHICLES,
    "receivables": Module.PAYMENTS,
    "top-members": Module.MEMBERS,
}


@pytest.mark.parametrize(("name", "module"), CHARTS.items())
async def test_each_chart_needs_its_module_s_view(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], name: str, module: Module
) -> None:
    call = Call("GET", f"/api/dashboard/charts/{name}?period=month", None, module, Privilege.VIEW)
    await check_access(client, db, call)


async def test_a_payments_clerk_sees_only_receivables(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], app: Any
) -> None:
    await make_staff(db, "clerk@example.com", grants={Module.PAYMENTS: {Privilege.VIEW}})
    clerk = bearer((await login(client, "clerk@example.com", STAFF_PASSWORD))["token"])
    answers = {
        name: (await client.get(f"/api/dashboard/charts/{name}", headers=clerk)).status_code
        for name in CHARTS
    }
    assert answers == {name: 200 if name == "receivables" else 403 for name in CHARTS}
    refused = await client.get("/api/dashboard/charts/top-members", headers=clerk)
    assert refused.json()["message"] == "You do not have permission to view Members."
