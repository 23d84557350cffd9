"""Members by status, entity and type, roles and staff users on the dashboard, against hand counts."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from gavel.roles import repository as roles
from tests.dashboard_totals.support import totals_for
from tests.factories import admin_headers, make_staff
from tests.members.test_members import company, create, move, person


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


def individual(n: int, kinds: list[str]) -> dict[str, Any]:
    return person(
        email=f"member{n}@example.com", phone=f"05076543{n:02d}", memberIdentityNo=f"784-1985-76543{n:02d}-1",
        memberTypes=kinds, **({"sellerType": "individual"} if "seller" in kinds else {}),
    )  # fmt: skip


def organization(n: int, kinds: list[str]) -> dict[str, Any]:
    return company(
        email=f"fleet{n}@example.com", phone=f"+971 4 321 77{n:02d}", memberIdentityNo=f"P998877{n:02d}",
        memberTypes=kinds, companyName=f"Fleet {n} LLC",
    )  # fmt: skip


async def members(client: AsyncClient, admin: dict[str, str]) -> dict[str, str]:
    """Seven members, ids by name: four individuals and three organizations, at every status."""
    bodies = {
        "new_buyer": individual(1, ["buyer"]),
        "new_org": organization(2, ["seller", "buyer"]),
        "ok_seller": individual(3, ["seller"]),
        "ok_both": individual(4, ["seller", "buyer"]),
        "refused_org": organization(5, ["buyer"]),
        "dormant_org": organization(6, ["seller"]),
        "blocked_buyer": individual(7, ["buyer"]),
    }
    ids = {name: (await create(client, admin, body))["data"]["_id"] for name, body in bodies.items()}
    approved = [ids[n] for n in ("ok_seller", "ok_both", "dormant_org", "blocked_buyer")]
    assert (await move(client, admin, approved, "approved")).status_code == 200
    assert (await move(client, admin, [ids["refused_org"]], "rejected")).status_code == 200
    assert (await move(client, admin, [ids["dormant_org"]], "inActive")).status_code == 200
    assert (await move(client, admin, [ids["blocked_buyer"]], "deactivated")).status_code == 200
    return ids


async def test_members_by_status_entity_and_type(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    ids = await members(client, admin)
    assert (await totals_for(db))["members"] == {
        "totalMembers": 7,
        "totalSellers": 4,  # new_org, ok_seller, ok_both, dormant_org
        "totalBuyers": 5,  # new_buyer, new_org, ok_both, refused_org, blocked_buyer
        "totalIndividuals": 4,
        "totalOrginization": 3,
        "totalPending": 2,
        "totalApproved": 2,
        "totalRejected": 1,
        "totalInActive": 1,
        "totalDeactivated": 1,
    }
    assert (await move(client, admin, [ids["new_buyer"], ids["new_org"]], "approved")).status_code == 200
    back = [ids["dormant_org"], ids["blocked_buyer"]]
    assert (await move(client, admin, back, "approved")).status_code == 200
    assert (await move(client, admin, [ids["refused_org"]], "pending")).status_code == 200
    deleted = await client.request("DELETE", "/api/members/delete", json={"memberIds": [ids["refused_org"]]},
                                   headers=admin)  # fmt: skip
    assert deleted.status_code == 200, deleted.text
    after = (await totals_for(db))["members"]
    assert after["totalMembers"] == 6 and after["totalOrginization"] == 2 and after["totalBuyers"] == 4
    assert (after["totalPending"], after["totalApproved"], after["totalRejected"]) == (0, 6, 0)
    assert (after["totalInActive"], after["totalDeactivated"]) == (0, 0)


async def test_roles_and_staff_users(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    # The Super Admin role and the first administrator exist from the start.
    assert (await totals_for(db))["roles"] == {
        "totalRoles": 1, "totalActive": 1, "totalInactive": 0, "totalAssigned": 1, "totalUnassigned": 0,
    }  # fmt: skip
    assert (await totals_for(db))["users"] == {"totalUsers": 1, "activeUsers": 1, "inactiveUsers": 0}
    await make_staff(db, "clerk@example.com", role_name="Clerk")
    await make_staff(db, "away@example.com", role_name="Away", status="Suspended")
    async with db() as session:
        await roles.add(session, "Unused", {Module.VEHICLES: {Privilege.VIEW}}, is_active=False)
        await session.commit()
    assert (await totals_for(db))["roles"] == {
        "totalRoles": 4, "totalActive": 3, "totalInactive": 1, "totalAssigned": 3, "totalUnassigned": 1,
    }  # fmt: skip
    assert (await totals_for(db))["users"] == {"totalUsers": 3, "activeUsers": 2, "inactiveUsers": 1}
