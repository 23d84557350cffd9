"""Lookups: the names a screen needs for its labels, allowed by the privilege of the screen's own module."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from gavel.users.models import User
from tests.conftest import ADMIN_EMAIL
from tests.factories import STAFF_PASSWORD, admin_headers, bearer, login, make_staff

M, P = Module, Privilege
# path, the privileges that each let it through, the 403 for a role with none of them
LOOKUPS: list[tuple[str, list[tuple[Module, Privilege]], str]] = [
    (
        "/api/lookups/plans",
        [(M.MEMBERS, P.VIEW), (M.SETTINGS, P.VIEW), (M.ALERTS, P.VIEW)],
        "You do not have permission to view Members, view Settings or view Alerts.",
    ),
    (
        "/api/lookups/roles",
        [(M.USERS, P.ADD), (M.USERS, P.EDIT), (M.USERS, P.VIEW), (M.ROLES, P.VIEW)],
        "You do not have permission to add to Users, edit Users, view Users or view Roles.",
    ),
    (
        "/api/lookups/staff",
        [(M.SETTINGS, P.VIEW), (M.USERS, P.VIEW)],
        "You do not have permission to view Settings or view Users.",
    ),
    (
        "/api/lookups/locations",
        [(M.AUCTIONS, P.VIEW), (M.AUCTIONS, P.ADD), (M.CALENDER, P.VIEW), (M.SETTINGS, P.VIEW)],
        "You do not have permission to view Auctions, add to Auctions, view Calender or view Settings.",
    ),
]
ALLOWED = [(path, grant) for path, grants, _ in LOOKUPS for grant in grants]


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


async def staff_with(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], grants: Any
) -> dict[str, str]:
    await make_staff(db, "lookup@example.com", grants=grants, role_name="Lookup role")
    return bearer((await login(client, "lookup@example.com", STAFF_PASSWORD))["token"])


@pytest.mark.parametrize(
    ("path", "grant"), ALLOWED, ids=[f"{p} {m.value} {v.value}" for p, (m, v) in ALLOWED]
)
async def test_each_listed_privilege_lets_the_lookup_through(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], path: str, grant: tuple[Module, Privilege]
) -> None:
    module, privilege = grant
    headers = await staff_with(client, db, {module: {privilege}})
    response = await client.get(path, headers=headers)
    assert response.status_code == 200, response.text
    assert isinstance(response.json(), list)


@pytest.mark.parametrize(("path", "grants", "message"), LOOKUPS, ids=[path for path, _, _ in LOOKUPS])
async def test_every_other_privilege_is_refused(
    client: AsyncClient,
    db: async_sessionmaker[AsyncSession],
    path: str,
    grants: list[tuple[Module, Privilege]],
    message: str,
) -> None:
    assert (await client.get(path)).status_code == 401
    everything_else = {m: {p for p in Privilege if (m, p) not in grants} for m in Module}
    headers = await staff_with(client, db, everything_else)
    response = await client.get(path, headers=headers)
    assert response.status_code == 403
    assert response.json() == {"message": message, "errors": []}


async def test_plans_by_name(client: AsyncClient, admin: dict[str, str]) -> None:
    for name, power in (("Silver", 120000), ("bronze", 50000), ("Gold", 400000)):
        body = {"name": name, "planAmount": power / 10, "buyingPower": power}
        assert (await client.post("/api/plan/create", json=body, headers=admin)).status_code == 201
    plans = (await client.get("/api/lookups/plans", headers=admin)).json()
    assert [(p["name"], p["buyingPower"]) for p in plans] == [
        ("bronze", 50000),
        ("Gold", 400000),
        ("Silver", 120000),
    ]
    assert set(plans[0]) == {"_id", "name", "buyingPower"}


async def test_roles_by_name_with_their_switch_and_privileges(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], admin: dict[str, str]
) -> None:
    await make_staff(db, "cashier@example.com", grants={M.PAYMENTS: {P.VIEW}}, role_name="cashiers")
    roles = (await client.get("/api/lookups/roles", headers=admin)).json()
    names = [r["name"] for r in roles]
    assert names == sorted(names, key=str.lower) and "cashiers" in names
    cashiers = next(r for r in roles if r["name"] == "cashiers")
    assert set(cashiers) == {"_id", "name", "isActive", "permissions"}
    assert cashiers["isActive"] is True
    payments = next(p for p in cashiers["permissions"] if p["module"] == "Payments")
    assert payments == {
        "module": "Payments",
        "add": False,
        "view": True,
        "edit": False,
        "delete": False,
        "updateStatus": False,
    }


async def test_staff_are_the_active_users_by_name(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], admin: dict[str, str]
) -> None:
    for email, status in (
        ("zayed@example.com", "Active"),
        ("badr@example.com", "Active"),
        ("away@example.com", "Suspended"),
        ("gone@example.com", "inActive"),
    ):
        await make_staff(db, email, status=status)
    async with db() as session:
        for email, name in (("zayed@example.com", "Zayed Al Nuaimi"), ("badr@example.com", "Badr Al Ali")):
            await session.execute(update(User).where(User.email == email).values(full_name=name))
        await session.commit()
    staff = (await client.get("/api/lookups/staff", headers=admin)).json()
    assert [(s["fullName"], s["email"]) for s in staff if s["email"] != ADMIN_EMAIL] == [
        ("Badr Al Ali", "badr@example.com"),
        ("Zayed Al Nuaimi", "zayed@example.com"),
    ]
    assert ADMIN_EMAIL in [s["email"] for s in staff]
    assert all(set(s) == {"_id", "fullName", "email"} for s in staff)


async def test_locations_by_title_with_their_city_and_status(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    from tests.auctions.factory import yard

    await yard(client, admin, "Mussafah Yard")
    await yard(client, admin, "Al Quoz Yard")
    places = (await client.get("/api/lookups/locations", headers=admin)).json()
    assert [(p["title"], p["city"], p["status"]) for p in places] == [
        ("Al Quoz Yard", "Al Quoz", "active"),
        ("Mussafah Yard", "Al Quoz", "active"),
    ]
