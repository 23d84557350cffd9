"""A bid holds its lot's row lock from its first statement to its commit, and every bid on the lot waits
behind it: the statements it sends meanwhile are counted here. A maximum the rules take reads its bidder's
standing (approved buyer, overdue invoice, unpaid purchases) and what the lots they lead take of it in one
statement, after locking the member's row. What it then writes to its lot (the log's rows, the maxima, the
lot's row and its event) goes to PostgreSQL in one statement."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event

from gavel.bidding import service
from gavel.config import Settings
from tests.bidding.test_lot_service import NOW, sale


@contextmanager
def recorded(engine: Any) -> Iterator[list[str]]:
    """The statements the engine sends meanwhile, each on one line."""
    statements: list[str] = []

    def record(conn: object, cursor: object, statement: str, *_: object) -> None:
        statements.append(" ".join(statement.split()))

    event.listen(engine.sync_engine, "before_cursor_execute", record)
    try:
        yield statements
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", record)


async def test_a_maximum_decides_with_four_reads_under_its_lots_lock(
    settings: Settings, tmp_path: Path
) -> None:
    async with sale(settings, tmp_path) as s:
        (lot,) = await s.lots()
        await s.opened(lot.id)
        await s.bid(lot.id, s.absentee(s.buyers[0], 16000))  # a maximum to outbid: the proxy answers
        async with s.sessions() as session:
            engine = session.bind
            dialect = engine.dialect.name
            with recorded(engine) as statements:
                bid = s.absentee(s.buyers[1], 18000)
                row, outcome = await service.placed_bid(session, lot.id, bid, NOW)
                await session.commit()
        assert outcome.accepted
        assert row.leader_member_id == s.buyers[1]
        first_write = next(
            n for n, text in enumerate(statements) if text.startswith(("INSERT", "UPDATE", "WITH"))
        )
        reads = [text for text in statements[:first_write] if text.startswith("SELECT")]
        # The lot (locked), its maxima, the member (locked, the eight values its checks read: not the whole
        # member with its profile and security plan), then one statement for the rest of the decision.
        starts = ("SELECT lot.run_id, ", "SELECT lot_maximum.id, ", "SELECT member.id, member.status, ")
        assert len(reads) == 4, reads
        assert all(text.startswith(start) for text, start in zip(reads, starts, strict=False)), reads
        assert "member_profile" not in reads[2] and "security_plan" not in reads[2], reads[2]
        if dialect == "postgresql":
            assert reads[2].endswith("FOR NO KEY UPDATE OF member"), reads[2]
        standing = reads[3]
        for part in ("sum(vehicle.sold_for)", "invoice.number", "sum(lot_maximum.amount)", "sum(lot.price)"):
            assert part in standing, (part, standing)

        # The lot's writes: one statement on PostgreSQL, then the 'outbid' notice's reads and the commit.
        lot_writes = (
            "INSERT INTO lot_bid ",
            "INSERT INTO lot_maximum ",
            "INSERT INTO lot_event ",
            "UPDATE lot SET ",
        )
        if dialect == "postgresql":
            writes = statements[first_write]
            assert writes.startswith("WITH write_0 AS"), writes
            assert all(part in writes for part in lot_writes), writes
            assert not any(text.startswith(lot_writes) for text in statements), statements
        else:  # one after another
            sent = statements[first_write : first_write + len(lot_writes)]
            assert all(any(text.startswith(part) for text in sent) for part in lot_writes), sent


async def test_opening_and_closing_write_the_lots_row_and_event_together(
    settings: Settings, tmp_path: Path
) -> None:
    """Every move writes its lot through LotWrites: opening and closing too send the lot's row and its
    numbered event as one statement on PostgreSQL (one after another on SQLite), and a close writes them
    before the results path's statements."""
    async with sale(settings, tmp_path) as s:
        (lot,) = await s.lots()
        async with s.sessions() as session:
            engine = session.bind
            dialect = engine.dialect.name
            with recorded(engine) as opening:
                await service.open_lot(session, lot.id, NOW)
                await session.commit()
            with recorded(engine) as statements:
                closed = await service.close_lot(session, lot.id, NOW, s.actor)  # no bid: no sale
                await session.commit()
        assert closed.result == "no_sale"
        for sent, kind in ((opening, "opened"), (statements, "closed")):
            writes = [n for n, text in enumerate(sent) if text.startswith(("INSERT", "UPDATE", "WITH"))]
            first = sent[writes[0]]
            if dialect == "postgresql":
                assert first.startswith("WITH write_0 AS"), (kind, first)
                assert "INSERT INTO lot_event " in first and "UPDATE lot SET " in first, (kind, first)
                lot_writes = ("INSERT INTO lot_event ", "UPDATE lot SET ")
                assert not any(text.startswith(lot_writes) for text in sent), (kind, sent)
            else:
                assert sent[writes[0]].startswith("INSERT INTO lot_event "), (kind, sent)
                assert sent[writes[1]].startswith("UPDATE lot SET "), (kind, sent)
