"""The access matrix of the ledger, buying power, default and plan subscriber routes."""

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.access import Call, check_access

M, P, S = Module.MEMBERS, Module.PAYMENTS, Module.SETTINGS
CALLS = [
    Call("POST", "/api/members/none/ledger", {}, P, Privilege.VIEW),
    Call("POST", "/api/members/none/ledger/export", {}, P, Privilege.VIEW),
    Call("GET", "/api/members/none/statement.pdf", None, P, Privilege.VIEW),
    Call("GET", "/api/members/none/buying-power", None, M, Privilege.VIEW),
    Call(
        "PUT", "/api/invoices/none/cancel-default", {"reason": "Buyer defaulted"}, P, Privilege.UPDATE_STATUS
    ),
    Call("POST", "/api/plan/none/subscribers", {}, S, Privilege.VIEW),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_money_out_ledger_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)
