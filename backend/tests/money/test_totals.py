"""document_total changes are kept in the session and written at commit, in one order: a read in the same
transaction sees them, a rollback (of the transaction or of a savepoint) forgets them."""

from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.invoices import totals
from gavel.invoices.models import DocumentTotal

KIND = "testKind"


async def _rows(db: async_sessionmaker[AsyncSession]) -> dict[str, tuple[int, Decimal]]:
    async with db() as session:
        found = await session.execute(
            select(DocumentTotal.status, DocumentTotal.count, DocumentTotal.amount).where(
                DocumentTotal.kind == KIND
            )
        )
        return {status: (count, amount) for status, count, amount in found.all()}


async def test_changes_are_written_at_commit_summed_per_row(db: async_sessionmaker[AsyncSession]) -> None:
    async with db() as session:
        await totals.move(session, KIND, None, "open", Decimal("0"), Decimal("10.50"))
        await totals.move(session, KIND, None, "open", Decimal("0"), Decimal("4.50"))
        await totals.move(session, KIND, "open", "done", Decimal("4.50"), Decimal("4.50"))
        assert await _rows(db) == {}  # nothing written yet (another session reads the same connection)
        await session.commit()
    assert await _rows(db) == {"open": (1, Decimal("10.50")), "done": (1, Decimal("4.50"))}


async def test_a_read_in_the_transaction_sees_its_own_changes(db: async_sessionmaker[AsyncSession]) -> None:
    async with db() as session:
        await totals.add(session, KIND, "open", 2, Decimal("7.00"))
        assert (await totals.of_kinds(session, [KIND]))[KIND] == {"open": (2, Decimal("7.00"))}
        await totals.add(session, KIND, "open", 1, Decimal("1.00"))
        await totals.apply(session)
        assert (await totals.of_kinds(session, [KIND]))[KIND] == {"open": (3, Decimal("8.00"))}
        await session.commit()
    assert await _rows(db) == {"open": (3, Decimal("8.00"))}


async def test_a_rollback_forgets_the_changes(db: async_sessionmaker[AsyncSession]) -> None:
    async with db() as session:
        await totals.add(session, KIND, "open", 1, Decimal("5.00"))
        await session.rollback()
        await totals.add(session, KIND, "open", 1, Decimal("2.00"))
        await session.commit()
    async with db() as session:
        await totals.add(session, KIND, "open", 1, Decimal("9.00"))  # closed without a commit
    assert await _rows(db) == {"open": (1, Decimal("2.00"))}


async def test_a_savepoint_rolled_back_forgets_only_its_own_changes(
    db: async_sessionmaker[AsyncSession],
) -> None:
    async with db() as session:
        await totals.add(session, KIND, "open", 1, Decimal("1.00"))
        savepoint = await session.begin_nested()
        await totals.add(session, KIND, "open", 1, Decimal("2.00"))
        await totals.add(session, KIND, "done", 1, Decimal("3.00"))
        await savepoint.rollback()
        async with session.begin_nested():  # released: its changes stay, written with the transaction
            await totals.add(session, KIND, "done", 1, Decimal("4.00"))
        assert await _rows(db) == {}
        await session.commit()
    assert await _rows(db) == {"open": (1, Decimal("1.00")), "done": (1, Decimal("4.00"))}
