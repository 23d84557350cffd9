"""The document_total rows: counts and amounts per kind and state, moved with every change."""

from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.invoices.models import DocumentTotal

ZERO = Decimal("0.00")

# The kinds of document_total whose documents are rows of the invoice table: tax invoices, deposit and penalty
# invoices are counted as "invoice", then credit notes and sellers' settlements.
INVOICE_TABLE_KINDS = ("invoice", "creditNote", "settlement")
# The kinds counting rows of the payment table, per direction.
PAYMENT_TABLE_KINDS = {"inbound": ("payment",), "outbound": ("payout", "refund")}


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


async def of_kinds(session: AsyncSession, kinds: list[str]) -> dict[str, dict[str, tuple[int, Decimal]]]:
    """The rows of several kinds from one query: {kind: {status: (count, amount)}}."""
    rows = (
        await session.execute(
            select(DocumentTotal.kind, DocumentTotal.status, DocumentTotal.count, DocumentTotal.amount).where(
                DocumentTotal.kind.in_(kinds)
            )
        )
    ).all()
    found: dict[str, dict[str, tuple[int, Decimal]]] = {kind: {} for kind in kinds}
    for kind, status, count, amount in rows:
        found[kind][status] = (int(count), amount or ZERO)
    return found


def count_all(found: dict[str, dict[str, tuple[int, Decimal]]]) -> int:
    """How many documents the rows of `of_kinds` count, in every state."""
    return sum(count for states in found.values() for count, _ in states.values())
