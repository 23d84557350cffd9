"""The check every test of tests/bidding ends with (conftest.py) finds a lot whose stored state its log does
not give, on the rolled-back transaction of `db` and on a committing app's database alike."""

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import tests.committing
from gavel.bidding.models import LotRow
from gavel.config import Settings
from tests.bidding.conftest import _replay_database, replay_every_lot
from tests.bidding.lots_api import api_sale
from tests.bidding.test_lot_service import sale


async def test_a_lot_that_its_log_does_not_give_is_found_in_the_tests_transaction(
    client: AsyncClient, app: Any, db: async_sessionmaker[AsyncSession]
) -> None:
    s = await api_sale(client, app, cars=2, buyers=1)
    first, second = await s.lots()
    await s.ok(f"{first['id']}/absentee-bids", {"memberId": s.buyers[0], "maximum": "17000"})
    await s.ok(f"{second['id']}/withdraw")
    async with db() as session:
        assert await session.run_sync(replay_every_lot) == 2
        corrupted = await session.begin_nested()
        await session.execute(
            update(LotRow).where(LotRow.id == first["id"]).values(price=Decimal("16000.00"))
        )
        with pytest.raises(AssertionError, match=f"lot {first['id']}"):
            await session.run_sync(replay_every_lot)
        await corrupted.rollback()
        assert await session.run_sync(replay_every_lot) == 2


async def test_a_lot_that_its_log_does_not_give_is_found_in_a_committing_database(
    settings: Settings, tmp_path: Path
) -> None:
    assert tests.committing.migrated_database.__name__ == "replayed_at_the_end"
    async with sale(settings, tmp_path) as s:
        (lot,) = await s.lots()
        await s.bid(lot.id, s.absentee(s.buyers[0], 18000))
        url = s.sessions.kw["bind"].url.render_as_string(hide_password=False)
        _replay_database(url)
        async with s.sessions() as session:
            await session.execute(update(LotRow).where(LotRow.id == lot.id).values(last_bid_sequence=2))
            await session.commit()
        with pytest.raises(AssertionError, match="log rows"):
            _replay_database(url)
        async with s.sessions() as session:
            await session.execute(update(LotRow).where(LotRow.id == lot.id).values(last_bid_sequence=1))
            await session.commit()
