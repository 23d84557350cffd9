"""Queries of the installation facts table."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.models import AppState


async def get(session: AsyncSession, key: str) -> str | None:
    row = await session.get(AppState, key)
    return row.value if row else None


async def put(session: AsyncSession, key: str, value: str) -> None:
    row = await session.get(AppState, key)
    if row is None:
        session.add(AppState(key=key, value=value))
    else:
        row.value = value
