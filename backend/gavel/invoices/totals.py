"""The document_total rows: count and amount per kind and state, summed per transaction, written at commit."""

from decimal import Decimal
from typing import Any

from sqlalchemy import event, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session, SessionTransaction

from gavel.invoices.models import DocumentTotal

ZERO = Decimal("0.00")

# The kinds of document_total whose documents are rows of the invoice table: tax invoices, deposit and penalty
# invoices are counted as "invoice", then credit notes and sellers' settlements.
INVOICE_TABLE_KINDS = ("invoice", "creditNote", "settlement")
# The kinds counting rows of the payment table, per direction.
PAYMENT_TABLE_KINDS = {"inbound": ("payment",), "outbound": ("payout", "refund")}


PENDING = "document_total.pending"  # session.info: {(kind, status): [count, amount]} not yet written
SAVED = "document_total.saved"  # session.info: {savepoint: the pending deltas when it began}


def _pending(session: Session) -> dict[tuple[str, str], list[Any]]:
    found: dict[tuple[str, str], list[Any]] = session.info.setdefault(PENDING, {})
    return found


async def add(session: AsyncSession, kind: str, status: str, count: int, amount: Decimal) -> None:
    """Adds to one row, at the end of the transaction.

    Every flow touches a few of these rows, which every other flow touches too. Written at once, a row stays
    locked from the write to the commit, and two flows that lock members' rows and these rows in different
    orders deadlock on PostgreSQL. So the change is kept in the session, summed per (kind, state), and written
    just before the commit (`_write_at_commit`), in one order (kind, then state): the rows are locked last,
    briefly and always in the same order. `of_kinds` writes the pending changes first, so a read in
    the same transaction sees them.
    """
    if count == 0 and amount == 0:
        return
    if not session.in_transaction():
        await session.connection()  # the change belongs to a transaction: its rollback forgets it
    delta = _pending(session.sync_session).setdefault((kind, status), [0, ZERO])
    delta[0] += count
    delta[1] += amount


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


def _write(session: Session) -> None:
    """Writes the pending changes, one upsert per row in (kind, state) order, made at zero the first time."""
    if not session.info.get(PENDING):
        return
    session.flush()  # the flow's own rows first: the shared rows are the last locks of the transaction
    pending: dict[tuple[str, str], list[Any]] = session.info.pop(PENDING)
    insert = postgresql_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    for (kind, status), (count, amount) in sorted(pending.items()):
        if count == 0 and amount == 0:
            continue
        statement = insert(DocumentTotal).values(kind=kind, status=status, count=count, amount=amount)
        statement = statement.on_conflict_do_update(
            index_elements=[DocumentTotal.kind, DocumentTotal.status],
            set_={
                "count": DocumentTotal.count + statement.excluded.count,
                "amount": DocumentTotal.amount + statement.excluded.amount,
            },
        )
        session.execute(statement)


async def apply(session: AsyncSession) -> None:
    """Writes the pending changes now (the commit otherwise does)."""
    if session.info.get(PENDING):
        await session.run_sync(_write)


# The events are registered with this module: a session can only hold pending changes once it is imported.
# An AsyncSession's events run on its sync Session inside its greenlet, so they may execute statements.


@event.listens_for(Session, "before_commit")
def _write_at_commit(session: Session) -> None:
    savepoint = session.get_nested_transaction()
    if savepoint is not None:  # a savepoint released: its changes are written with the transaction's commit
        session.info.get(SAVED, {}).pop(savepoint, None)
        return
    _write(session)


@event.listens_for(Session, "after_transaction_create")
def _remember_at_savepoint(session: Session, transaction: SessionTransaction) -> None:
    if transaction.nested:
        pending = {key: list(delta) for key, delta in session.info.get(PENDING, {}).items()}
        session.info.setdefault(SAVED, {})[transaction] = pending


@event.listens_for(Session, "after_soft_rollback")
def _forget_at_rollback(session: Session, previous_transaction: SessionTransaction) -> None:
    if previous_transaction.nested:  # back to what was pending when the savepoint began
        saved = session.info.get(SAVED, {}).pop(previous_transaction, None)
        if saved is not None:
            session.info[PENDING] = saved
        return
    session.info.pop(PENDING, None)
    session.info.pop(SAVED, None)


@event.listens_for(Session, "after_transaction_end")
def _forget_at_end(session: Session, transaction: SessionTransaction) -> None:
    if transaction.parent is None:
        # Committed (the changes were written first), rolled back or closed: nothing stays for the next one.
        session.info.pop(PENDING, None)
        session.info.pop(SAVED, None)


async def of_kinds(session: AsyncSession, kinds: list[str]) -> dict[str, dict[str, tuple[int, Decimal]]]:
    """The rows of several kinds from one query: {kind: {status: (count, amount)}}."""
    await apply(session)
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
