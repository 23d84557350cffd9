"""A bid is timed by the engine, once it holds its lot's lock, not when its request came: a bid that waited
behind an Online lot's close is logged after it, never 'refused as closed' at a time before the clock ran out
(bench/README.md, 'Live bidding': the 20 lanes' case counted one such bid)."""

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, timedelta
from pathlib import Path
from typing import Any

from gavel.bidding import repository, turns
from gavel.bidding.bids import Refusal
from gavel.bidding.turns import lot_turn
from gavel.config import Settings
from tests.auctions.factory import SALE_START
from tests.bidding.lane_sale import LaneSale, lane_sale
from tests.bidding.test_lot_service import replays_into_the_stored_lot

CLOCK_END = SALE_START + timedelta(seconds=10)  # the lane sale's 10 s counter-bid time
REQUESTED = CLOCK_END - timedelta(milliseconds=10)
LOCKED = CLOCK_END + timedelta(milliseconds=5)


async def held_in_its_turn(s: LaneSale, lot_id: str, meanwhile: Callable[[], Awaitable[None]]) -> Any:
    """A staff absentee bid on the lot (AED 21,000 for the first buyer) whose request came at REQUESTED, then
    waited for its lot's turn (bidding/turns.py) behind another move, held here; `meanwhile` ran before the
    turn came (the clock moved on; the lane's runner closing the lot as another process would). Its answer."""
    async with s.sessions() as session, lot_turn(session, lot_id):
        request = asyncio.create_task(
            s.client.post(
                f"/api/lots/{lot_id}/absentee-bids",
                json={"memberId": s.buyers[0], "maximum": 21000},
                headers=s.admin,
            )
        )
        for _ in range(1000):  # at most 10 s for the request to reach the turn
            if turns.queued(lot_id) == 2:
                break
            await asyncio.sleep(0.01)
        assert turns.queued(lot_id) == 2  # the bid waits for the turn the test holds
        await meanwhile()
    return await request


async def opened_lot(s: LaneSale) -> str:
    (lot,) = await s.lots()
    s.clock.at = SALE_START
    await s.tick()
    opened = await s.lot(lot.id)
    assert (opened.state, opened.clock_ends_at) == ("open", CLOCK_END)
    s.clock.at = REQUESTED
    return lot.id


async def test_a_bid_that_waited_behind_the_lanes_close_is_timed_after_it(
    settings: Settings, tmp_path: Path
) -> None:
    async with lane_sale(settings, tmp_path, cars=1) as s:
        lot_id = await opened_lot(s)

        async def closed_by_the_lane() -> None:
            s.clock.at = LOCKED
            await s.tick()

        answer = await held_in_its_turn(s, lot_id, closed_by_the_lane)

        assert answer.status_code == 409, answer.text
        assert answer.json()["message"] == "The lot is closed: it takes no more bids."
        async with s.sessions() as session:
            (refused,) = await repository.log_of(session, lot_id)
            events = await repository.events_after(session, lot_id, 0)
        assert (refused.accepted, refused.reason) == (False, Refusal.LOT_CLOSED)
        # The engine's time, not the request's (REQUESTED, before the clock end).
        assert refused.at.replace(tzinfo=UTC) == LOCKED
        assert [e.kind for e in events] == ["opened", "closed", "bid_refused"]
        times = [e.at.replace(tzinfo=UTC) for e in events]
        assert times == sorted(times) and times[1] >= CLOCK_END
        await replays_into_the_stored_lot(s.sessions, lot_id)


async def test_a_bid_that_reached_its_lot_after_the_clock_ran_out_is_refused_before_the_close(
    settings: Settings, tmp_path: Path
) -> None:
    """The same wait with the lane's close not yet made: the bid is timed after the clock end, so it is
    refused as run out, and the close that follows sells nothing to it."""
    async with lane_sale(settings, tmp_path, cars=1) as s:
        lot_id = await opened_lot(s)

        async def clock_moved_on() -> None:
            s.clock.at = LOCKED

        answer = await held_in_its_turn(s, lot_id, clock_moved_on)

        assert answer.status_code == 409, answer.text
        assert answer.json()["message"].startswith("The lot's time ran out at ")
        await s.tick()
        closed = await s.lot(lot_id)
        assert (closed.state, closed.result, closed.leader_member_id) == ("closed", "no_sale", None)
        async with s.sessions() as session:
            (refused,) = await repository.log_of(session, lot_id)
        assert refused.at.replace(tzinfo=UTC) == LOCKED
        await replays_into_the_stored_lot(s.sessions, lot_id)


async def test_a_bid_taken_before_the_clock_end_moves_the_clock_on_from_its_own_time(
    settings: Settings, tmp_path: Path
) -> None:
    """A bid that took its lot while the clock still ran: timed when it took it, and the counter-bid time
    starts there."""
    async with lane_sale(settings, tmp_path, cars=1) as s:
        lot_id = await opened_lot(s)

        async def a_moment_later() -> None:
            s.clock.at = REQUESTED + timedelta(milliseconds=4)

        answer = await held_in_its_turn(s, lot_id, a_moment_later)

        assert answer.status_code == 200, answer.text
        lot = await s.lot(lot_id)
        assert lot.clock_ends_at == REQUESTED + timedelta(milliseconds=4, seconds=10)
        async with s.sessions() as session:
            (taken,) = await repository.log_of(session, lot_id)
        assert taken.accepted and taken.at.replace(tzinfo=UTC) == REQUESTED + timedelta(milliseconds=4)
