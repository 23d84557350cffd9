"""Reports, the audit log and the staff sessions are guarded by rows of their own: a role with every other
box is refused, a role with only that box gets through (tests/access.py)."""

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.access import Call, check_access

PERIOD = {"dateFrom": "2026-01-01", "dateTo": "2026-01-31"}
CALLS = [
    Call("POST", "/api/reports/sales-by-event", PERIOD, Module.REPORTS, Privilege.VIEW),
    Call("POST", "/api/reports/vat", PERIOD, Module.REPORTS, Privilege.VIEW),
    Call("GET", "/api/audit-events", None, Module.AUDIT_LOG, Privilege.VIEW),
    Call("GET", "/api/audit-events/export.csv", None, Module.AUDIT_LOG, Privilege.VIEW),
    Call("POST", "/api/staff-sessions/get", {}, Module.SESSIONS, Privilege.VIEW),
    Call("PUT", "/api/staff-sessions/none/end", None, Module.SESSIONS, Privilege.DELETE),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_new_rows_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)


async def test_the_refusal_names_the_row_in_words(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    from tests.factories import STAFF_PASSWORD, bearer, login, make_staff

    await make_staff(db, "clerk@example.com", grants={Module.ROLES: {Privilege.VIEW}})
    token = (await login(client, "clerk@example.com", STAFF_PASSWORD))["token"]
    refused = await client.get("/api/audit-events", headers=bearer(token))
    assert refused.status_code == 403
    assert refused.json()["message"] == "You do not have permission to view the audit log."
