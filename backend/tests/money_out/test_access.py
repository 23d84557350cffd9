import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.access import Call, check_access

P = Module.PAYMENTS
COMPLETE = {"paymentMethod": "cash", "paymentDateAndTime": "2030-01-01T10:00:00"}
CALLS = [
    Call("POST", "/api/payment/get-payments", {"direction": "outbound"}, P, Privilege.VIEW),
    Call("POST", "/api/payments/refunds", {}, P, Privilege.ADD),
    Call("PUT", "/api/payments/none/complete", COMPLETE, P, Privilege.UPDATE_STATUS),
    Call("PUT", "/api/payments/none/cancel", {"reason": "Seller asked to wait"}, P, Privilege.UPDATE_STATUS),
    Call("GET", "/api/payments/none/pdf", None, P, Privilege.VIEW),
    Call("GET", "/api/invoices/none/pdf", None, P, Privilege.VIEW),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_money_out_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)
