"""Who may read the audit trail: all of it with the Audit log row's View; one record's history also with the
view privilege of that record's module (as its page)."""

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.access import Call, check_access
from tests.factories import STAFF_PASSWORD, bearer, login, make_staff

TRAIL_CALLS = [
    Call("GET", "/api/audit-events", None, Module.AUDIT_LOG, Privilege.VIEW),
    Call("GET", "/api/audit-events/export.csv", None, Module.AUDIT_LOG, Privilege.VIEW),
    Call("GET", "/api/audit-events/actions", None, Module.AUDIT_LOG, Privilege.VIEW),
    Call("GET", "/api/audit-events/staff", None, Module.AUDIT_LOG, Privilege.VIEW),
    Call("GET", "/api/audit-events?module=Members", None, Module.AUDIT_LOG, Privilege.VIEW),
]
HISTORY_OF = {
    "member": Module.MEMBERS,
    "vehicle": Module.VEHICLES,
    "auction": Module.AUCTIONS,
    "invoice": Module.PAYMENTS,
    "user": Module.USERS,
}


@pytest.mark.parametrize("call", TRAIL_CALLS, ids=str)
async def test_access_to_the_trail(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)


@pytest.mark.parametrize(("entity", "module"), HISTORY_OF.items())
async def test_access_to_a_records_history(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], entity: str, module: Module
) -> None:
    path = f"/api/audit-events?entity={entity}&entityId=abc"
    assert (await client.get(path)).status_code == 401

    neither = {m: set(Privilege) for m in Module if m not in (module, Module.AUDIT_LOG)}
    neither[module] = set(Privilege) - {Privilege.VIEW}
    neither[Module.AUDIT_LOG] = set(Privilege) - {Privilege.VIEW}
    await make_staff(db, "neither@example.com", grants=neither, role_name="Neither")
    refused = await client.get(
        path, headers=bearer((await login(client, "neither@example.com", STAFF_PASSWORD))["token"])
    )
    assert refused.status_code == 403
    assert (
        refused.json()["message"]
        == f"You do not have permission to view the audit log or view {module.value}."
    )

    await make_staff(db, "viewer@example.com", grants={module: {Privilege.VIEW}}, role_name="Viewer")
    allowed = await client.get(
        path, headers=bearer((await login(client, "viewer@example.com", STAFF_PASSWORD))["token"])
    )
    assert allowed.status_code == 200, allowed.text


async def test_a_module_view_reads_its_records_history_and_nothing_more(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    await make_staff(db, "desk@example.com", grants={Module.MEMBERS: {Privilege.VIEW}})
    desk = bearer((await login(client, "desk@example.com", STAFF_PASSWORD))["token"])

    own = await client.get("/api/audit-events", params={"entity": "member", "entityId": "m1"}, headers=desk)
    other = await client.get(
        "/api/audit-events", params={"entity": "vehicle", "entityId": "v1"}, headers=desk
    )
    every_member = await client.get("/api/audit-events", params={"entity": "member"}, headers=desk)
    export = await client.get(
        "/api/audit-events/export.csv", params={"entity": "member", "entityId": "m1"}, headers=desk
    )

    assert own.status_code == 200, own.text
    assert other.status_code == 403
    assert other.json()["message"] == "You do not have permission to view the audit log or view Vehicles."
    assert every_member.status_code == 403
    assert every_member.json()["message"] == "You do not have permission to view the audit log."
    assert export.status_code == 200
