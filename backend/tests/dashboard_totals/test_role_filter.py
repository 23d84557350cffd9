"""A staff user sees only the totals of the modules their role may view; the rest is null."""

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from gavel.roles.models import Role
from gavel.users.models import User
from tests.dashboard_totals.support import totals_for
from tests.factories import make_staff

PARTS = ("vehicles", "members", "roles", "users")


def shown(totals: dict[str, object]) -> set[str]:
    return {part for part in PARTS if totals[part] is not None}


@pytest.mark.usefixtures("app")  # the first administrator, with the Super Admin role
async def test_each_part_needs_the_view_privilege_of_its_module(db: async_sessionmaker[AsyncSession]) -> None:
    view = {Privilege.VIEW}
    cases = {
        "vehicles@example.com": ({Module.VEHICLES: view}, {"vehicles"}),
        "members@example.com": ({Module.MEMBERS: {Privilege.VIEW, Privilege.EDIT}}, {"members"}),
        "people@example.com": ({Module.ROLES: view, Module.USERS: view}, {"roles", "users"}),
        # Adding without viewing shows nothing; other modules' privileges show nothing here.
        "blind@example.com": ({Module.VEHICLES: {Privilege.ADD}, Module.PAYMENTS: view}, set()),
    }  # fmt: skip
    for email, (grants, parts) in cases.items():
        await make_staff(db, email, grants=grants)
        assert shown(await totals_for(db, email)) == parts, email
    assert shown(await totals_for(db)) == set(PARTS)  # the Super Admin


async def test_a_switched_off_role_or_no_role_shows_nothing(db: async_sessionmaker[AsyncSession]) -> None:
    everything = {module: {Privilege.VIEW} for module in Module}
    off = await make_staff(db, "off@example.com", grants=everything)
    none = await make_staff(db, "none@example.com", grants=everything)
    async with db() as session:
        role = await session.get(Role, off.role_id)
        user = await session.get(User, none.id)
        assert role is not None and user is not None
        role.is_active, user.role_id = False, None
        await session.commit()
    assert await totals_for(db, "off@example.com") == dict.fromkeys(PARTS)
    assert await totals_for(db, "none@example.com") == dict.fromkeys(PARTS)
