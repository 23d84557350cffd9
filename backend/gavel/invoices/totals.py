"""The document_total rows: counts and amounts per kind and state, moved with every change."""

from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.invoices.models import DocumentTotal

ZERO = Decimal("0.00")


async def add(session: AsyncSession, kind: str, status: str, count: int, amount: Decimal) -> None:
    """Adds to one row (made at zero the first time) in one upsert; concurrent writers queue on its lock."""
    if count == 0 and amount == 0:
        return
    insert = postgresql_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    statement = insert(DocumentTotal).values(kind=kind, status=status, count=count, amount=amount)
    statement = statement.on_conflict_do_update(
        index_elements=[DocumentTotal.kind, DocumentTotal.status],
        set_={
            "count": DocumentTotal.count + statement.excluded.count,
            "amount": DocumentTotal.amount + statement.excluded.amount,
        },
    )
    await session.execute(statement)


async def move(
    session: AsyncSession,
    kind: str,
    old: str | None,
    new: str | None,
    old_amount: Decimal,
    new_amount: Decimal,
) -> None:
    """A document went from (old state, old amount) to (new state, new amount); None is 'not there'."""
    if old == new:
        if new is not None:
            await add(session, kind, new, 0, new_amount - old_amount)
        return
    if old is not None:
        await add(session, kind, old, -1, -old_amount)
    if new is not None:
        await add(session, kind, new, 1, new_amount)


async def of_kind(session: AsyncSession, kind: str) -> dict[str, tuple[int, Decimal]]:
    rows = (
        await session.execute(
            select(DocumentTotal.status, DocumentTotal.count, DocumentTotal.amount).where(
                DocumentTotal.kind == kind
            )
        )
    ).all()
    return {status: (int(count), amount or ZERO) for status, count, amount in rows}
