"""A move's writes (`writes_repository.LotWrites`): every kind of row in one move, sent with the statements
of its shape, built once and sent again with the next move's values. The moves are made and read back in one
transaction, then rolled back (the rows are the test's own, not a sale the rules would make)."""

from dataclasses import replace
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

from sqlalchemy import select

from gavel.bidding import repository
from gavel.bidding.bids import LogRow
from gavel.bidding.lot import Maximum, Source
from gavel.bidding.models import LotRow
from gavel.bidding.writes_repository import LotWrites, _statements
from gavel.config import Settings
from tests.bidding.test_lot_service import AED, NOW, sale


def _rows(first: int, bidder: str, amount: int) -> list[LogRow]:
    """A maximum entered and the engine's bid for it."""
    entered = LogRow(first, NOW, Source.ABSENTEE, bidder, None, amount, amount + 1000, False, True)
    return [entered, replace(entered, sequence=first + 1, automatic=True)]


async def test_a_move_writes_each_kind_of_row_and_its_shape_is_built_once(
    settings: Settings, tmp_path: Path
) -> None:
    async with sale(settings, tmp_path, buying_powers=(100000, 100000, 100000)) as s:
        (lot,) = await s.lots()
        await s.opened(lot.id)
        khalid, sara, omar = s.buyers
        await s.bid(lot.id, s.absentee(khalid, 30000))
        await s.bid(lot.id, s.absentee(sara, 20000))
        async with s.sessions() as session:
            row = await repository.lot_by_id(session, lot.id, lock=True)
            assert row is not None
            _statements.cache_clear()  # another test may have built this shape already
            for move, (raised, gone, new) in enumerate([(khalid, sara, omar), (khalid, omar, sara)]):
                stored = await repository.maxima_of(session, lot.id)
                before = repository.engine_lot(row, stored)
                last = before.last_sequence
                kept = next(m for m in before.maxima if m.bidder == raised)
                maxima = (
                    replace(kept, amount=kept.amount + 500 * AED, sequence=last + 1),
                    Maximum(new, 25000 * AED, last + 2, Source.ABSENTEE, NOW),
                )
                assert gone in {m.bidder for m in before.maxima}
                price = 21000 * AED
                after = replace(before, price=price, leader=raised, maxima=maxima, last_sequence=last + 2)
                writes = LotWrites(session, row)
                writes.log(_rows(last + 1, raised, price))
                writes.store(stored, after)
                writes.set(clock_ends_at=NOW + timedelta(seconds=10 + move))
                first_event = writes.event("bid", {"move": move}, NOW)
                assert writes.event("bid", {"move": move, "again": True}, NOW) == first_event + 1
                await writes.send()

                now_held = await repository.maxima_of(session, lot.id)
                held = {m.bidder_id: (m.amount, m.sequence) for m in now_held}
                assert held == {
                    raised: (Decimal(kept.amount + 500 * AED) / 100, last + 1),
                    new: (Decimal("25000.00"), last + 2),
                }
                log = await repository.log_of(session, lot.id)
                assert [(r.sequence, r.bidder, r.automatic) for r in log[-2:]] == [
                    (last + 1, raised, False),
                    (last + 2, raised, True),
                ]
                events = await repository.events_after(session, lot.id, first_event - 1)
                assert [(e.sequence, e.payload) for e in events] == [
                    (first_event, {"move": move}),
                    (first_event + 1, {"move": move, "again": True}),
                ]
                session.expire_all()
                stored_row = (await session.execute(select(LotRow).where(LotRow.id == lot.id))).scalar_one()
                assert (stored_row.price, stored_row.leader_member_id, stored_row.last_bid_sequence) == (
                    Decimal("21000.00"),
                    raised,
                    last + 2,
                )
                assert stored_row.last_event_sequence == first_event + 1
                assert stored_row.clock_ends_at == NOW + timedelta(seconds=10 + move)
                row = stored_row
            # The two moves have one shape: its statements were built for the first and sent again.
            built = _statements.cache_info()
            assert (built.misses, built.hits) == (1, 1)
            await session.rollback()
