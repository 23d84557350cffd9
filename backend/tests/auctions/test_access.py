import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.access import Call, check_access

A = Module.AUCTIONS
CALLS = [
    Call("POST", "/api/auctions/preview", {}, A, Privilege.ADD),
    Call("POST", "/api/auctions/create", {}, A, Privilege.ADD),
    Call("POST", "/api/auctions/get", {}, A, Privilege.VIEW),
    Call(
        "PUT",
        "/api/auctions/status",
        {"auctionIds": ["none"], "status": "publish"},
        A,
        Privilege.UPDATE_STATUS,
    ),
    Call("DELETE", "/api/auctions/delete", {"auctionIds": ["none"]}, A, Privilege.DELETE),
    Call("GET", "/api/auction-event/all-auction-events/none", None, A, Privilege.VIEW),
    Call("POST", "/api/auction-event/getById/none", {}, A, Privilege.VIEW),
    Call("POST", "/api/auction-event/get-lane-vehicle/none/lane/A", {}, A, Privilege.VIEW),
    Call(
        "POST", "/api/auction-event/add-vehicle/none", {"vehicles": [{"vehicleId": "x"}]}, A, Privilege.EDIT
    ),
    Call(
        "POST",
        "/api/auction-event/remove-vehicle/none",
        {"vehicles": [{"vehicleId": "x"}]},
        A,
        Privilege.EDIT,
    ),
    Call(
        "PUT",
        "/api/auction-event/transfer-vehicle",
        {"sourceEventId": "a", "targetEventId": "b", "vehicles": [{"vehicleId": "x"}]},
        A,
        Privilege.EDIT,
    ),
    Call(
        "PUT",
        "/api/auction-event/results/none",
        {"results": [{"vehicleId": "x", "outcome": "notSold"}]},
        A,
        Privilege.UPDATE_STATUS,
    ),
    Call("PUT", "/api/auction-event/complete/none", None, A, Privilege.UPDATE_STATUS),
    Call("POST", "/api/auction-event/buyers", {}, A, Privilege.UPDATE_STATUS),
    Call(
        "POST",
        "/api/auction-event/calendar",
        {"dateFrom": "2031-05-01", "dateTo": "2031-05-31"},
        Module.CALENDER,
        Privilege.VIEW,
    ),
    Call("GET", "/api/members/none/auction-history", None, Module.MEMBERS, Privilege.VIEW),
    Call("GET", "/api/auction-event/vehicle-history/none", None, Module.VEHICLES, Privilege.VIEW),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_auctions_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)
