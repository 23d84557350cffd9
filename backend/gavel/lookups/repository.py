"""Every query of the lookups: names of plans, roles and active staff, sorted for a picker."""

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.locations.models import Location
from gavel.plans.models import SecurityPlan
from gavel.roles.models import Role
from gavel.users.models import User


async def plans(session: AsyncSession) -> list[SecurityPlan]:
    return list((await session.scalars(select(SecurityPlan).order_by(SecurityPlan.name_key))).all())


async def roles(session: AsyncSession) -> list[Role]:
    return list((await session.scalars(select(Role).order_by(func.lower(Role.name), Role.id))).all())


async def locations(session: AsyncSession) -> list[Location]:
    query = select(Location).order_by(Location.title_key, Location.city, Location.id)
    return list((await session.scalars(query)).unique().all())


async def active_staff(session: AsyncSession) -> list[User]:
    query = (
        select(User)
        .where(User.user_account_status == "Active")
        .order_by(func.lower(User.full_name), User.email)
    )
    return list((await session.scalars(query)).unique().all())
