"""The lots' routes and the access matrix: module Auctions, VIEW to see lots, logs and maxima, EDIT to enter
and withdraw absentee bids, UPDATE_STATUS for the clerk's moves. No token 401, a role without the box 403."""

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.access import Call, check_access

A = Module.AUCTIONS
CALLS = [
    Call("GET", "/api/auction-events/none/lots", None, A, Privilege.VIEW),
    Call("GET", "/api/lots/none", None, A, Privilege.VIEW),
    Call("GET", "/api/lots/none/events?after=0", None, A, Privilege.VIEW),
    Call("GET", "/api/vehicles/none/lots", None, A, Privilege.VIEW),
    Call("GET", "/api/members/none/absentee-bids", None, A, Privilege.VIEW),
    Call("POST", "/api/lots/none/absentee-bids", {"memberId": "x", "maximum": "18000"}, A, Privilege.EDIT),
    Call("POST", "/api/lots/none/absentee-bids/x/withdraw", {"reason": "Called"}, A, Privilege.EDIT),
    Call("POST", "/api/lots/none/floor-bids", {}, A, Privilege.UPDATE_STATUS),
    Call("POST", "/api/lots/none/open", None, A, Privilege.UPDATE_STATUS),
    Call("POST", "/api/lots/none/withdraw", None, A, Privilege.UPDATE_STATUS),
    Call("POST", "/api/lots/none/close", {"intent": "auto"}, A, Privilege.UPDATE_STATUS),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_access(client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call) -> None:
    await check_access(client, db, call)


def test_every_lots_route_is_in_the_matrix() -> None:
    from gavel.bidding.router import router

    def generic(path: str) -> str:
        for name in ("{eventId}", "{lotId}", "{vehicleId}", "{memberId}"):
            path = path.replace(name, "{id}")
        return path

    routes = {(m, "/api" + generic(r.path)) for r in router.routes for m in r.methods}  # type: ignore[attr-defined]
    called = {
        (c.method, c.path.split("?")[0].replace("/none", "/{id}").replace("/x/", "/{id}/")) for c in CALLS
    }
    assert routes == called
