"""Queries of the installation facts table."""

from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
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
    """The next value of a counter, `start` the first time.

    One upsert: concurrent callers wait on the row lock of the conflicting row, and two first callers cannot
    both insert it (the later one takes the update path).
    """
    insert = postgresql_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    statement = (
        insert(Counter)
        .values(name=name, value=start)
        .on_conflict_do_update(index_elements=[Counter.name], set_={"value": Counter.value + 1})
        .returning(Counter.value)
    )
    return int((await session.execute(statement)).scalar_one())
