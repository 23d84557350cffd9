import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.access import Call, check_access

V = Module.VEHICLES
CALLS = [
    Call("POST", "/api/vehicles/get", {}, V, Privilege.VIEW),
    Call("POST", "/api/vehicles/get-unassigned-approved-vehicles", {}, V, Privilege.VIEW),
    Call("POST", "/api/vehicles/export", {}, V, Privilege.VIEW),
    Call("POST", "/api/vehicles/decode-vin", {"vinNumber": "1HGCM82633A004352"}, V, Privilege.VIEW),
    Call("GET", "/api/vehicles/none", None, V, Privilege.VIEW),
    Call("GET", "/api/vehicles/seller-counts/none", None, V, Privilege.VIEW),
    Call("POST", "/api/vehicles/create", {}, V, Privilege.ADD),
    Call(
        "PUT",
        "/api/vehicles/update-status",
        {"ids": ["none"], "status": "approved"},
        V,
        Privilege.UPDATE_STATUS,
    ),
    Call("PUT", "/api/vehicles/update-vehicle-status/none", {"isReceived": True}, V, Privilege.UPDATE_STATUS),
    Call("DELETE", "/api/vehicles", {"vehiclesIds": ["none"]}, V, Privilege.DELETE),
    Call("PUT", "/api/vehicles/none", {}, V, Privilege.EDIT),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_vehicles_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)
