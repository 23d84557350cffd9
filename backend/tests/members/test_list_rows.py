"""A list page is read as rows (repository.page, presenter.member_page): it answers every member exactly as
MemberOut answers the member's entity elsewhere: profile, plan or none, member types, money."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.members.models import Member
from gavel.members.schemas import MemberOut
from tests.factories import admin_headers
from tests.members.test_members import company, create, listing, move, person


async def _as_presented(session: AsyncSession, ids: list[str]) -> list[dict[str, Any]]:
    rows = {m.id: m for m in (await session.scalars(select(Member).where(Member.id.in_(ids)))).unique()}
    return [MemberOut.model_validate(rows[i]).model_dump(mode="json", by_alias=True) for i in ids]


async def test_every_list_answers_each_member_as_its_entity_does(
    client: AsyncClient, session: AsyncSession
) -> None:
    admin = await admin_headers(client)
    plan = await client.post(
        "/api/plan/create", json={"name": "Silver", "planAmount": 10000, "buyingPower": 120000}, headers=admin
    )
    with_plan = (await create(client, admin, person(securityPlan=plan.json()["_id"])))["data"]
    organisation = (await create(client, admin, company()))["data"]
    plain = (await create(client, admin, person(email="third@example.com", phone="+971501112299")))["data"]
    assert (await move(client, admin, [organisation["_id"]], "approved")).status_code == 200
    for status, expected in (
        ("pending", {with_plan["_id"], plain["_id"]}),
        ("approved", {organisation["_id"]}),
        (None, set()),
    ):
        page = await listing(client, admin, **({"status": status} if status else {}))
        listed = page["members"]
        assert {m["_id"] for m in listed} == expected
        session.expunge_all()
        assert listed == await _as_presented(session, [m["_id"] for m in listed])
    pending = {m["_id"]: m for m in (await listing(client, admin, status="pending"))["members"]}
    assert pending[with_plan["_id"]]["securityPlan"]["name"] == "Silver"
    assert pending[plain["_id"]]["securityPlan"] is None
