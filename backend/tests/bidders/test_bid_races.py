"""Bids at the same moment, on requests that really commit: two members on one lot, and one member's double
tap. The lot's row lock decides (PostgreSQL: both requests are past their reads before either takes the
lock; SQLite: writers take turns from BEGIN), and the engine's log replays to the lot as stored (the bid
engine's own check, tests/bidding/conftest.py, is run on each database here too)."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from httpx import Response
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.bidders.lots import router as lots_router
from gavel.bidders.lots import service
from gavel.bidding.models import LotBid
from gavel.config import Settings
from tests.bidders.sale import Bidder, BidderSale, bidder_sale
from tests.bidding.conftest import replay_every_lot
from tests.committing import committing_app


@pytest.fixture
async def racing(settings: Settings, tmp_path: Path) -> AsyncIterator[tuple[Any, BidderSale]]:
    async with committing_app(settings, tmp_path) as (app, client):
        sale = await bidder_sale(client, app, app.state.sessionmaker, cars=1)
        yield app, sale
        async with app.state.sessionmaker() as session:
            assert await session.run_sync(replay_every_lot) == 1


@asynccontextmanager
async def _own_process(session: AsyncSession, lot_id: str) -> AsyncIterator[None]:
    """The lot's turn as two app processes take it: each its own (bidding/turns.py), so the requests meet at
    the lot's row lock. What the request did before is committed, as the real turn does."""
    await session.commit()
    yield


async def _at_once(app: Any, *calls: Any) -> list[Response]:
    """The calls at once. On PostgreSQL each has found the lot before either bids, as if in two app processes
    (one process's requests take the lot's turn one after another): they meet at its lock."""
    if app.state.engine.dialect.name != "postgresql":
        return list(await asyncio.gather(*calls))
    both_read = asyncio.Barrier(len(calls))
    visible = service.lot

    async def read_then_wait(*args: Any, **kwargs: Any) -> Any:
        found = await visible(*args, **kwargs)
        await asyncio.wait_for(both_read.wait(), timeout=10)
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(service, "lot", read_then_wait)
        patch.setattr(lots_router, "lot_turn", _own_process)
        return list(await asyncio.gather(*calls))


async def _log(app: Any) -> list[tuple[str | None, str, bool, bool]]:
    async with app.state.sessionmaker() as session:
        rows = (await session.scalars(select(LotBid).order_by(LotBid.sequence))).all()
        return [(r.bidder_id, f"{r.amount:.2f}", r.automatic, r.accepted) for r in rows]


async def test_two_members_bid_the_next_step_at_once(racing: tuple[Any, BidderSale]) -> None:
    """Each bids the asking price read under the lock: both are taken, the second one step higher."""
    app, sale = racing
    a, b = sale.bidders
    lot = sale.lot_ids[0]
    answers = await _at_once(app, a.bid(lot), b.bid(lot))
    assert [r.status_code for r in answers] == [200, 200], [r.text for r in answers]
    log = await _log(app)
    assert [(amount, accepted) for _, amount, _, accepted in log] == [("15000.00", True), ("15500.00", True)]
    second = log[1][0]
    assert {log[0][0], second} == {a.member_id, b.member_id}
    winner: Bidder = a if second == a.member_id else b
    assert (await winner.ok("get", f"lots/{lot}"))["myStatus"] == "leading"


async def test_two_members_bid_one_amount_at_once(racing: tuple[Any, BidderSale]) -> None:
    """The same amount: one leads, the other is below the new asking price (422, committed in the log)."""
    app, sale = racing
    a, b = sale.bidders
    lot = sale.lot_ids[0]
    answers = await _at_once(app, a.bid(lot, "15000"), b.bid(lot, "15000"))
    assert sorted(r.status_code for r in answers) == [200, 422], [r.text for r in answers]
    loser = next(r for r in answers if r.status_code == 422)
    assert (
        loser.json()["message"] == "The asking price is AED 15,500.00: your bid of AED 15,000.00 is below it."
    )
    assert [(amount, accepted) for _, amount, _, accepted in await _log(app)] == [
        ("15000.00", True),
        ("15000.00", False),
    ]


async def test_a_double_tap_on_the_next_step_bids_once(racing: tuple[Any, BidderSale]) -> None:
    """The second tap finds the member leading: refused (409), their maximum not raised by a step."""
    app, sale = racing
    a, _ = sale.bidders
    lot = sale.lot_ids[0]
    answers = await _at_once(app, a.bid(lot), a.bid(lot))
    assert sorted(r.status_code for r in answers) == [200, 409], [r.text for r in answers]
    again = next(r for r in answers if r.status_code == 409)
    assert again.json()["message"] == (
        "You already lead this lot at AED 15,000.00: your bid at the next step was not placed."
    )
    assert await _log(app) == [(a.member_id, "15000.00", False, True)]
    assert (await a.ok("get", f"lots/{lot}"))["myMaximum"] == "15000.00"


async def test_a_double_tap_of_one_maximum_sets_it_once(racing: tuple[Any, BidderSale]) -> None:
    app, sale = racing
    a, _ = sale.bidders
    lot = sale.lot_ids[0]
    answers = await _at_once(app, a.maximum(lot, "21000"), a.maximum(lot, "21000"))
    assert sorted(r.status_code for r in answers) == [200, 422], [r.text for r in answers]
    again = next(r for r in answers if r.status_code == 422)
    assert again.json()["message"] == (
        "You already lead with a maximum of AED 21,000.00: a new maximum must be higher."
    )
    log = await _log(app)
    assert [(amount, accepted) for _, amount, _, accepted in log] == [("15000.00", True), ("21000.00", False)]
