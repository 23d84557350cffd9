from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.factories import STAFF_PASSWORD, admin_headers, bearer, login, make_staff
from tests.vehicles.factory import approved_seller, vehicle


async def test_badges_count_what_waits_for_review(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    empty = (await client.get("/api/dashboard/review-badges", headers=admin)).json()
    assert empty == {"membersPending": 0, "vehiclesReview": 0}
    seller = await approved_seller(client, admin)  # created pending, then approved
    await client.post("/api/vehicles/create", json=vehicle(seller["_id"]), headers=admin)
    body = (await client.get("/api/dashboard/review-badges", headers=admin)).json()
    assert body == {"membersPending": 0, "vehiclesReview": 1}


async def test_badges_hide_modules_the_role_may_not_view(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    await make_staff(db, "members.only@example.com", grants={Module.MEMBERS: {Privilege.VIEW}})
    token = bearer((await login(client, "members.only@example.com", STAFF_PASSWORD))["token"])
    body = (await client.get("/api/dashboard/review-badges", headers=token)).json()
    assert body == {"membersPending": 0, "vehiclesReview": None}
    assert (await client.get("/api/dashboard/review-badges")).status_code == 401
