"""Voiding an invoice needs its own box, Payments Delete: Edit no longer suffices."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.factories import STAFF_PASSWORD, admin_headers, bearer, login, make_staff
from tests.money.conftest import fees, sell

REASON = {"reason": "Buyer withdrew before paying"}


async def _as(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], email: str, boxes: set[Privilege]
) -> Any:
    await make_staff(db, email, grants={Module.PAYMENTS: boxes}, role_name=f"Role of {email}")
    return bearer((await login(client, email, STAFF_PASSWORD))["token"])


async def test_only_the_void_box_voids(
    client: AsyncClient, app: Any, db: async_sessionmaker[AsyncSession]
) -> None:
    admin = await admin_headers(client)
    await fees(client, admin)
    invoice = (await sell(client, app, admin))["invoice"]
    path = f"/api/invoices/{invoice['_id']}/void"

    editor = await _as(
        client, db, "editor@example.com", {Privilege.VIEW, Privilege.EDIT, Privilege.UPDATE_STATUS}
    )
    refused = await client.put(path, json=REASON, headers=editor)
    assert refused.status_code == 403
    assert refused.json()["message"] == "You do not have permission to delete from Payments."

    voider = await _as(client, db, "voider@example.com", {Privilege.DELETE})
    voided = await client.put(path, json=REASON, headers=voider)
    assert voided.status_code == 200, voided.text
    assert voided.json()["invoice"]["status"] == "cancelled"
