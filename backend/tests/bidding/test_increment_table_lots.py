"""A lot steps by the increment table of Settings when the table has bands: a lot made or still waiting
without a bid takes the table saved now, a lot already open keeps the steps it opened with, and a table
switched off gives lots their auction's flat increment again."""

from decimal import Decimal
from pathlib import Path

from gavel.bidding import repository
from gavel.bidding.increment_tables import service as tables
from gavel.bidding.increments import Band
from gavel.config import Settings
from tests.bidding.test_lot_service import AED, NOW, Sale, replays_into_the_stored_lot, sale, stored

STEPS = [(Decimal("0.00"), Decimal("250.00")), (Decimal("10000.00"), Decimal("1000.00"))]


async def saved(s: Sale, bands: list[tuple[Decimal, Decimal]], version: int) -> None:
    async with s.sessions() as session:
        await tables.replace(session, bands, version, s.actor, NOW)
        await session.commit()


async def test_lots_opened_after_a_save_step_by_the_table_and_open_lots_keep_theirs(
    settings: Settings, tmp_path: Path
) -> None:
    async with sale(settings, tmp_path, cars=3) as s:
        first, second, third = await s.lots()
        assert repository.increments_of(first).bands == (Band(0, 500 * AED),)  # the auction's flat AED 500
        await s.opened(first.id)

        await saved(s, STEPS, 0)
        first, second, third = await s.lots()
        assert repository.increments_of(first).bands == (Band(0, 500 * AED),), "an open lot keeps its steps"
        table = (Band(0, 250 * AED), Band(10000 * AED, 1000 * AED))
        assert repository.increments_of(second).bands == table
        await s.opened(second.id)
        assert (await s.bid(second.id, s.floor(15000))).accepted
        _, lot, _ = await stored(s.sessions, second.id)
        assert lot.asking == 16000 * AED
        await replays_into_the_stored_lot(s.sessions, second.id)

        await saved(s, [], 1)
        *_, third = await s.lots()
        assert repository.increments_of(third).bands == (Band(0, 500 * AED),), "no table: the flat step"
