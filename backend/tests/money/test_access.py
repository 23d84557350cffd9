import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.access import Call, check_access

P, V, S = Module.PAYMENTS, Module.VEHICLES, Module.SETTINGS
CALLS = [
    Call("GET", "/api/business/settings", None, S, Privilege.VIEW),
    Call("PUT", "/api/business/settings", {}, S, Privilege.EDIT),
    Call("POST", "/api/invoices/get", {}, P, Privilege.VIEW),
    Call("GET", "/api/invoices/none", None, P, Privilege.VIEW),
    Call("GET", "/api/invoices/none/pdf", None, P, Privilege.VIEW),
    Call("PUT", "/api/invoices/none/void", {"reason": "Buyer withdrew"}, P, Privilege.DELETE),
    Call("POST", "/api/payment/get-payments", {}, P, Privilege.VIEW),
    Call("POST", "/api/payments/inbound", {}, P, Privilege.ADD),
    Call("GET", "/api/payments/none", None, P, Privilege.VIEW),
    Call("PUT", "/api/payments/none/verify", None, P, Privilege.UPDATE_STATUS),
    Call("PUT", "/api/payments/none/reject", {"reason": "Not received"}, P, Privilege.UPDATE_STATUS),
    Call("POST", "/api/gate-passes/issue", {"vehicleId": "none"}, V, Privilege.UPDATE_STATUS),
    Call("GET", "/api/gate-passes/vehicle/none", None, V, Privilege.VIEW),
    Call("GET", "/api/gate-passes/none/pdf", None, V, Privilege.VIEW),
    Call("PUT", "/api/gate-passes/none/cancel", None, V, Privilege.UPDATE_STATUS),
    Call("POST", "/api/gate/scan", {"token": "x"}, V, Privilege.UPDATE_STATUS),
    Call("POST", "/api/gate/pick-up", {}, V, Privilege.UPDATE_STATUS),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_money_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)
