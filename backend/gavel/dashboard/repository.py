"""Counts of what waits for review, for the top bar's badges."""

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.members.models import Member
from gavel.vehicles.models import Vehicle


async def members_pending(session: AsyncSession) -> int:
    return int(await session.scalar(select(func.count()).where(Member.status == "pending")) or 0)


async def vehicles_pending(session: AsyncSession) -> int:
    return int(await session.scalar(select(func.count()).where(Vehicle.status == "pending")) or 0)
