"""First start: Super Admin role, first administrator (given or generated password) and the demo data."""

from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.bootstrap import SUPER_ADMIN, BootstrapError, ensure_first_admin
from gavel.charges.models import Charge
from gavel.config import Settings
from gavel.core.passwords import verify_password
from gavel.demo.loader import load_demo
from gavel.locations.models import Location
from gavel.members.models import Member
from gavel.permissions import Module, Privilege, offered
from gavel.plans.models import SecurityPlan
from gavel.roles.models import Role
from gavel.users.models import User
from gavel.users.passwords import password_problem
from gavel.vehicles.models import Vehicle, VehicleImage


async def test_first_admin_is_created_once_with_the_given_password(
    session: AsyncSession, settings: Settings
) -> None:
    # the app fixture is not used here, so the database has no users yet
    created = await ensure_first_admin(session, settings)
    assert created is not None and created.generated_password is None
    admin = await session.scalar(select(User).where(User.email == settings.admin_email))
    assert admin is not None and verify_password(admin.password_hash, settings.admin_password)
    assert admin.role is not None and admin.role.name == SUPER_ADMIN
    # every box that allows something (gavel/permissions.py MEANINGS; the others are never stored)
    assert all(admin.role.allows(m.value, p) for m in Module for p in Privilege if offered(m, p))
    assert await ensure_first_admin(session, settings) is None


async def test_without_a_password_one_is_generated(session: AsyncSession, settings: Settings) -> None:
    created = await ensure_first_admin(session, settings.model_copy(update={"admin_password": ""}))
    assert created is not None and created.generated_password
    assert password_problem(created.generated_password) is None


async def test_a_weak_admin_password_is_refused(session: AsyncSession, settings: Settings) -> None:
    with pytest.raises(BootstrapError, match="GAVEL_ADMIN_PASSWORD is not acceptable"):
        await ensure_first_admin(session, settings.model_copy(update={"admin_password": "password"}))


async def test_demo_data_loads_once(session: AsyncSession, tmp_path: Path) -> None:
    assert await load_demo(session, tmp_path / "public") is True
    roles = set((await session.scalars(select(Role.name))).all())
    assert {"Operations", "Finance", "Viewer"} <= roles
    staff = await session.scalar(select(func.count()).select_from(User))
    assert staff == 5
    for model, count in ((Location, 3), (SecurityPlan, 3), (Charge, 8), (Member, 300), (Vehicle, 600)):
        assert await session.scalar(select(func.count()).select_from(model)) == count
    managed = await session.scalar(select(func.count()).where(Location.general_manager_id.is_not(None)))
    assert managed == 3
    statuses = set((await session.scalars(select(Vehicle.status).distinct())).all())
    assert statuses == {"pending", "approved", "rejected", "sold", "cancelled"}
    sold = (await session.scalars(select(Vehicle).where(Vehicle.status == "sold").limit(1))).unique().one()
    assert sold.buyer_member_id and sold.sold_for
    photo = (await session.scalars(select(VehicleImage.url).limit(1))).first()
    assert photo is not None and (tmp_path / photo.removeprefix("/")).is_file()

    assert await load_demo(session, tmp_path / "public") is False
    assert await session.scalar(select(func.count()).select_from(User)) == 5
