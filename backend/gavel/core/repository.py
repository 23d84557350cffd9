"""Queries of the installation facts table."""

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.models import AppState, Counter


async def get(session: AsyncSession, key: str) -> str | None:
    row = await session.get(AppState, key)
    return row.value if row else None


async def put(session: AsyncSession, key: str, value: str) -> None:
    row = await session.get(AppState, key)
    if row is None:
        session.add(AppState(key=key, value=value))
    else:
        row.value = value


async def next_number(session: AsyncSession, name: str, start: int = 1) -> int:
    """The next value of a counter; the row lock of the UPDATE makes concurrent callers wait their turn."""
    result = await session.execute(
        update(Counter).where(Counter.name == name).values(value=Counter.value + 1).returning(Counter.value)
    )
    value = result.scalar_one_or_none()
    if value is None:
        session.add(Counter(name=name, value=start))
        await session.flush()
        return start

    return int(value)
