"""Every query of the users module."""

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.users.models import User


async def count(session: AsyncSession) -> int:
    return int(await session.scalar(select(func.count()).select_from(User)) or 0)


async def by_email(session: AsyncSession, email: str) -> User | None:
    return await session.scalar(select(User).where(func.lower(User.email) == email.strip().lower()))
