"""Bids at the same moment, each in a transaction of its own that commits (PostgreSQL with TEST_DATABASE_URL,
else SQLite, whose writers take turns): one member's buying power is never taken twice by two lots, and fifty
bids on one lot leave a log without gaps whose replay is the stored lot."""

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from gavel.bidding import repository, service
from gavel.bidding.bids import FloorBid, MaximumBid, Refusal
from gavel.config import Settings
from tests.bidding.test_lot_service import AED, NOW, Sale, replays_into_the_stored_lot, sale, stored


@pytest.fixture
def slow_buying_power(monkeypatch: pytest.MonkeyPatch) -> None:
    """Holds each bid for a moment after it read what the member leads elsewhere and before it writes: without
    the member's row lock both bids would read 'nothing led' before either wrote, and both would be taken."""
    read = repository.led_elsewhere

    async def read_then_held(*args: Any, **kwargs: Any) -> Any:
        found = await read(*args, **kwargs)
        await asyncio.sleep(0.05)
        return found

    monkeypatch.setattr(repository, "led_elsewhere", read_then_held)


async def placed(s: Sale, lot_id: str, bid: FloorBid | MaximumBid, offset: int) -> Any:
    async with s.sessions() as session:
        outcome = await service.place_bid(session, lot_id, bid, NOW + timedelta(milliseconds=offset))
        await session.commit()
        return outcome


@pytest.mark.usefixtures("slow_buying_power")
async def test_two_lots_at_once_never_take_the_same_buying_power(settings: Settings, tmp_path: Path) -> None:
    async with sale(settings, tmp_path, cars=2, buying_powers=(100000,)) as s:
        first, second = await s.lots()
        (khalid,) = s.buyers
        for lot in (first, second):
            await s.opened(lot.id)

        outcomes = await asyncio.gather(
            *(placed(s, lot.id, s.absentee(khalid, 60000), n) for n, lot in enumerate((first, second)))
        )
        assert sorted(o.accepted for o in outcomes) == [False, True]
        (refused,) = [o for o in outcomes if not o.accepted]
        assert refused.refusal is Refusal.BUYING_POWER
        assert "come to AED 120,000.00, and AED 100,000.00 is available." in (refused.message or "")

        # What the buying power covers is taken on the second lot too.
        (lost,) = [lot for lot, o in zip((first, second), outcomes, strict=True) if not o.accepted]
        covered = await placed(s, lost.id, s.absentee(khalid, 40000), 10)
        assert covered.accepted
        over = await placed(s, lost.id, s.absentee(khalid, 40001), 20)
        assert over.refusal is Refusal.BUYING_POWER
        for lot in (first, second):
            await replays_into_the_stored_lot(s.sessions, lot.id)


async def test_fifty_bids_at_once_on_one_lot_leave_a_log_that_replays_into_the_lot(
    settings: Settings, tmp_path: Path
) -> None:
    async with sale(settings, tmp_path, buying_powers=(500000, 500000, 500000, 500000)) as s:
        (lot,) = await s.lots()
        await s.opened(lot.id)
        bids: list[FloorBid | MaximumBid] = []
        for n in range(50):
            if n % 5 == 0:
                bids.append(s.floor(15000 + n * 700))
            else:
                bids.append(s.absentee(s.buyers[n % 4], 15000 + n * 1000 + (n % 3) * 250))
        outcomes = await asyncio.gather(*(placed(s, lot.id, bid, n) for n, bid in enumerate(bids)))

        row, engine_lot, log = await stored(s.sessions, lot.id)
        written = sorted(r.sequence for o in outcomes for r in o.rows)
        assert written == [r.sequence for r in log] == list(range(1, row.last_bid_sequence + 1))
        assert row.last_event_sequence == 51  # opened, then one event per bid
        assert sum(o.accepted for o in outcomes) > 0
        best = max(outcomes, key=lambda o: o.lot.last_sequence).lot
        assert engine_lot == best
        await replays_into_the_stored_lot(s.sessions, lot.id)
        assert (engine_lot.price or 0) >= AED * 15000
