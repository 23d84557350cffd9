"""Every test of the bid engine ends with every lot it left replayed: each lot's stored bid log goes through
the rules again (`gavel.bidding.replay`) and must give the lot as stored (its state, price, leader, source,
last row and maxima), with its log rows and its events numbered from 1 without gaps. Lots waiting, open,
closed (sold, on approval, no sale) or withdrawn alike.

Two kinds of database are checked: the rolled-back transaction of the `db` fixture (and of the `app` and
`client` built on it), before it is rolled back; and each database of a committing app
(tests/committing.py), before it is dropped. A test that failed leaves its committing database unchecked
(its own failure is the one to read)."""

from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import Session

import tests.committing
from gavel.bidding import repository
from gavel.bidding.models import LotBid, LotEvent, LotMaximum, LotRow
from gavel.bidding.replay import replay
from gavel.migrate import sync_url


def replay_every_lot(session: Session) -> int:
    """Every lot of the database replayed from its log; an AssertionError names the first that differs. The
    number of lots checked."""
    if not inspect(session.connection()).has_table(LotRow.__tablename__):
        return 0
    rows = session.execute(select(LotRow).order_by(LotRow.id)).scalars().all()
    for row in rows:
        maxima = session.execute(
            select(LotMaximum).where(LotMaximum.lot_id == row.id).order_by(LotMaximum.sequence)
        ).scalars()
        log = [
            repository.log_row(bid)
            for bid in session.execute(
                select(LotBid).where(LotBid.lot_id == row.id).order_by(LotBid.sequence)
            ).scalars()
        ]
        events = session.execute(
            select(LotEvent.sequence).where(LotEvent.lot_id == row.id).order_by(LotEvent.sequence)
        ).scalars()
        lot = repository.engine_lot(row, list(maxima))
        where = f"lot {row.id} ({row.state}, result {row.result})"
        assert [r.sequence for r in log] == list(range(1, row.last_bid_sequence + 1)), f"{where}: log rows"
        assert list(events) == list(range(1, row.last_event_sequence + 1)), f"{where}: event numbers"
        replayed = replay(lot.opening_price, lot.increments, log, state=lot.state)
        assert replayed == lot, f"{where}: its log replays into {replayed}, but {lot} is stored"
    return len(rows)


def _replay_database(url: str) -> None:
    engine = create_engine(sync_url(url))
    try:
        with Session(engine) as session:
            replay_every_lot(session)
    finally:
        engine.dispose()


@pytest.fixture(autouse=True)
def replay_committed_lots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each committing app's database replayed before it is dropped."""
    made = tests.committing.migrated_database

    @contextmanager
    def replayed_at_the_end(folder: Path, *, seeded: str | None = None) -> Iterator[str]:
        with made(folder, seeded=seeded) as url:
            yield url
            _replay_database(url)

    monkeypatch.setattr(tests.committing, "migrated_database", replayed_at_the_end)


@pytest.fixture
async def db(
    db: async_sessionmaker[AsyncSession],
) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    """The test's rolled-back transaction (tests/conftest.py), its lots replayed before the rollback."""
    yield db
    async with db() as session:
        await session.run_sync(replay_every_lot)
