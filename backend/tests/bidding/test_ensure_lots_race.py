"""A lot's snapshot (prices, steps) is refreshed only while nothing is in its log, checked under the lot's
own lock: ensure_lots holds the event, not the lots, so an absentee bid can commit between its read of the
lots and its refresh. The bid's lot keeps the steps its log was written with (the log still replays); a lot
still without a bid takes the new steps.

On PostgreSQL the bid really commits from another session in that moment. On SQLite it cannot (every
transaction begins with the write lock, so the bid would wait for ensure_lots), so the moment is stood for by
an UPDATE of the lot's row through ensure_lots' own connection, behind the back of the rows it has read (and
taken back after, so that the lot's log and its row agree again)."""

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from gavel.bidding import repository, service
from gavel.bidding.increments import Band, Increments
from gavel.bidding.models import LotRow
from gavel.config import Settings
from tests.bidding.test_lot_service import AED, Sale, replays_into_the_stored_lot, sale, stored

NEW_STEPS = Increments.flat(250 * AED)


def bid_in_the_gap(monkeypatch: pytest.MonkeyPatch, s: Sale, lot_id: str, postgres: bool) -> list[bool]:
    """ensure_lots' steps are NEW_STEPS, and just before it takes them (its lots read, none refreshed yet) the
    member's absentee bid on `lot_id` commits. The list tells whether that moment came."""
    came: list[bool] = []

    async def steps_after_a_bid(session: Any, flat_step: Any) -> Increments:
        if not came:
            came.append(True)
            if postgres:
                assert (await s.bid(lot_id, s.absentee(s.buyers[0], 16000))).accepted
            else:
                behind = update(LotRow).where(LotRow.id == lot_id).values(last_bid_sequence=1)
                await session.execute(behind.execution_options(synchronize_session=False))
        return NEW_STEPS

    monkeypatch.setattr(service, "increments_for", steps_after_a_bid)
    return came


async def test_a_bid_committed_while_the_lots_are_refreshed_keeps_its_lots_steps(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with sale(settings, tmp_path, cars=2) as s:
        first, second = await s.lots()
        was = repository.increments_of(first)
        assert was == repository.increments_of(second) != NEW_STEPS
        async with s.sessions() as session:
            postgres = session.get_bind().dialect.name == "postgresql"
        came = bid_in_the_gap(monkeypatch, s, first.id, postgres)

        first, second = await s.lots()

        assert came == [True]
        assert first.last_bid_sequence == 1
        assert repository.increments_of(first) == was, "the bid's lot keeps the steps of its log"
        assert repository.increments_of(second) == NEW_STEPS, "a lot without a bid takes the new steps"
        if postgres:
            _, lot, log = await stored(s.sessions, first.id)
            assert [row.source for row in log] == ["absentee"]
            assert lot.increments.bands == (Band(0, 500 * AED),)
            await replays_into_the_stored_lot(s.sessions, first.id)
        else:
            async with s.sessions() as session:
                await session.execute(update(LotRow).where(LotRow.id == first.id).values(last_bid_sequence=0))
                await session.commit()
