"""Every query of the increment table: one row, its bands in order, and the save that holds its version."""

from datetime import datetime
from decimal import Decimal

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.bidding.increment_tables.models import TABLE_ID, IncrementBand, IncrementTable


async def table(session: AsyncSession) -> IncrementTable | None:
    """The table's row as stored now (read again, never an older copy of this session's)."""
    found = await session.execute(
        select(IncrementTable).where(IncrementTable.id == TABLE_ID).execution_options(populate_existing=True)
    )
    return found.scalar_one_or_none()


async def bands(session: AsyncSession) -> list[tuple[Decimal, Decimal]]:
    """The bands as `(from_price, step)`, lowest first; empty when there is no table."""
    found = await session.execute(
        select(IncrementBand.from_price, IncrementBand.step)
        .where(IncrementBand.table_id == TABLE_ID)
        .order_by(IncrementBand.position)
    )
    return [(from_price, step) for from_price, step in found.all()]


async def take_version(
    session: AsyncSession, seen: int, *, at: datetime, by_id: str | None, by_name: str | None
) -> bool:
    """Move the table from version `seen` to the next, with who and when, in one statement: False (nothing
    written) when the table is at another version. On PostgreSQL a save that runs beside another waits for the
    row and then finds the version moved; SQLite has one writer."""
    moved = await session.execute(
        update(IncrementTable)
        .where(IncrementTable.id == TABLE_ID, IncrementTable.version == seen)
        .values(
            version=IncrementTable.version + 1, updated_at=at, updated_by_id=by_id, updated_by_name=by_name
        )
        .execution_options(synchronize_session=False)
    )
    return int(getattr(moved, "rowcount", 0) or 0) == 1


async def replace_bands(session: AsyncSession, new: list[tuple[Decimal, Decimal]]) -> None:
    """The table's bands become `new`, in this order (the caller holds the version)."""
    await session.execute(delete(IncrementBand).where(IncrementBand.table_id == TABLE_ID))
    session.add_all(
        IncrementBand(table_id=TABLE_ID, position=position, from_price=from_price, step=step)
        for position, (from_price, step) in enumerate(new)
    )
    await session.flush()
