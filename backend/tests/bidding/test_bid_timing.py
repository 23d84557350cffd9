"""A bid is timed by the engine, once it holds its lot's lock, not when its request came: a bid that waited
behind an Online lot's close is logged after it, never 'refused as closed' at a time before the clock ran out
(bench/README.md, 'Live bidding': the 20 lanes' case counted one such bid)."""

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from httpx import Response

from gavel.bidding import repository, turns
from gavel.bidding.bids import Refusal
from gavel.bidding.turns import lot_turn
from gavel.config import Settings
from tests.auctions.factory import SALE_START
from tests.bidders.conftest import signed_in
from tests.bidding.lane_sale import AED, LaneSale, lane_sale
from tests.bidding.test_lot_service import replays_into_the_stored_lot

CLOCK_END = SALE_START + timedelta(seconds=10)  # the lane sale's 10 s counter-bid time
REQUESTED = CLOCK_END - timedelta(milliseconds=10)
LOCKED = CLOCK_END + timedelta(milliseconds=5)


async def held_in_its_turn(
    s: LaneSale,
    lot_id: str,
    meanwhile: Callable[[], Awaitable[None]],
    sent: Callable[[], Awaitable[Response]] | None = None,
) -> Response:
    """A request on the lot (by default a staff absentee bid of AED 21,000 for the first buyer) that came at
    the clock's time, then waited for its lot's turn (bidding/turns.py) behind another move, held here;
    `meanwhile` ran before the turn came (the clock moved on; the lane's runner closing the lot as another
    process would). Its answer."""
    if sent is None:
        body = {"memberId": s.buyers[0], "maximum": 21000}

        def sent() -> Awaitable[Response]:
            return s.client.post(f"/api/lots/{lot_id}/absentee-bids", json=body, headers=s.admin)

    async with s.sessions() as session, lot_turn(session, lot_id):
        request = asyncio.create_task(sent())
        for _ in range(1000):  # at most 10 s for the request to reach the turn
            if turns.queued(lot_id) == 2:
                break
            if request.done():
                pytest.fail(f"the request was answered before its turn: {(await request).text}")
            await asyncio.sleep(0.01)
        assert turns.queued(lot_id) == 2  # the request waits for the turn the test holds
        await meanwhile()
    return await request


def moved_to(s: LaneSale, moment: datetime) -> Callable[[], Awaitable[None]]:
    async def move() -> None:
        s.clock.at = moment

    return move


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

        answer = await held_in_its_turn(s, lot_id, moved_to(s, LOCKED))

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

        answer = await held_in_its_turn(s, lot_id, moved_to(s, REQUESTED + timedelta(milliseconds=4)))

        assert answer.status_code == 200, answer.text
        lot = await s.lot(lot_id)
        assert lot.clock_ends_at == REQUESTED + timedelta(milliseconds=4, seconds=10)
        async with s.sessions() as session:
            (taken,) = await repository.log_of(session, lot_id)
        assert taken.accepted and taken.at.replace(tzinfo=UTC) == REQUESTED + timedelta(milliseconds=4)


async def bid_log_times(s: LaneSale, lot_id: str) -> list[datetime]:
    async with s.sessions() as session:
        return [r.at.replace(tzinfo=UTC) for r in await repository.log_of(session, lot_id)]


async def test_a_members_maximum_and_bid_now_are_timed_under_the_lots_lock(
    settings: Settings, tmp_path: Path
) -> None:
    """The members' routes hand the engine the clock too: a maximum set, and a bid at the next step (made
    from the lot as read under its lock), each timed when it held the lot."""
    async with lane_sale(settings, tmp_path, cars=1) as s:
        lot_id = await opened_lot(s)
        khalid = await signed_in(s.client, s.sessions, "buyer1@example.com")
        sara = await signed_in(s.client, s.sessions, "buyer2@example.com")
        first_at = REQUESTED + timedelta(milliseconds=3)

        def maximum() -> Awaitable[Response]:
            return s.client.put(f"/api/bidder/lots/{lot_id}/maximum", json={"maximum": 16000}, headers=khalid)

        answer = await held_in_its_turn(s, lot_id, moved_to(s, first_at), maximum)
        assert answer.status_code == 200, answer.text
        assert await bid_log_times(s, lot_id) == [first_at]

        s.clock.at = first_at + timedelta(seconds=2)
        second_at = s.clock.at + timedelta(milliseconds=7)

        def next_step() -> Awaitable[Response]:
            return s.client.post(f"/api/bidder/lots/{lot_id}/bids", json={"nextStep": True}, headers=sara)

        answer = await held_in_its_turn(s, lot_id, moved_to(s, second_at), next_step)
        assert answer.status_code == 200, answer.text
        times = await bid_log_times(s, lot_id)
        assert times[0] == first_at and set(times[1:]) == {second_at}  # her bid and the proxy's answer
        assert (await s.lot(lot_id)).clock_ends_at == second_at + timedelta(seconds=10)


async def test_the_clerks_floor_bid_and_close_are_timed_under_the_lots_lock(
    settings: Settings, tmp_path: Path
) -> None:
    """In a Live lane: a floor bid and the clerk's close that waited for the lot are timed when they held it,
    the close after the bid (the lot's events run forward in time)."""
    async with lane_sale(settings, tmp_path, cars=1, auction_type="Live") as s:
        (lot,) = await s.lots()
        s.clock.at = SALE_START
        opened = await s.client.post(f"/api/lots/{lot.id}/open", headers=s.admin)
        assert opened.status_code == 200, opened.text
        bid_at = SALE_START + timedelta(seconds=3, milliseconds=5)
        s.clock.at = SALE_START + timedelta(seconds=3)

        def floor_bid() -> Awaitable[Response]:
            return s.client.post(f"/api/lots/{lot.id}/floor-bids", json={}, headers=s.admin)

        answer = await held_in_its_turn(s, lot.id, moved_to(s, bid_at), floor_bid)
        assert answer.status_code == 200, answer.text
        assert answer.json()["price"] == f"{15000 * AED // 100:.2f}"
        assert await bid_log_times(s, lot.id) == [bid_at]

        closed_at = bid_at + timedelta(seconds=1)

        def close() -> Awaitable[Response]:
            return s.client.post(f"/api/lots/{lot.id}/close", json={"intent": "auto"}, headers=s.admin)

        answer = await held_in_its_turn(s, lot.id, moved_to(s, closed_at), close)
        assert answer.status_code == 200, answer.text
        closed = await s.lot(lot.id)
        assert (closed.state, closed.result) == ("closed", "on_approval")
        assert closed.closed_at is not None and closed.closed_at.replace(tzinfo=UTC) == closed_at
        async with s.sessions() as session:
            events = await repository.events_after(session, lot.id, 0)
        assert [(e.kind, e.at.replace(tzinfo=UTC)) for e in events] == [
            ("opened", SALE_START),
            ("bid", bid_at),
            ("closed", closed_at),
            ("approval", closed_at),  # below the reserve: the seller is asked
        ]
        await replays_into_the_stored_lot(s.sessions, lot.id)


async def test_the_lanes_runner_times_its_close_when_it_holds_the_lot(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The runner's step starts at the clock end, then waits for the lot's row (a bid holding it, as another
    process would): the close is timed when it holds the lot, not when the step began."""
    async with lane_sale(settings, tmp_path, cars=1) as s:
        lot_id = await opened_lot(s)
        held_until = CLOCK_END + timedelta(milliseconds=30)
        s.clock.at = CLOCK_END
        lot_row_held_until(s, lot_id, held_until, monkeypatch)
        await s.tick()
        monkeypatch.undo()

        closed = await s.lot(lot_id)
        assert (closed.state, closed.result) == ("closed", "no_sale")
        assert closed.closed_at is not None and closed.closed_at.replace(tzinfo=UTC) == held_until
        async with s.sessions() as session:
            events = await repository.events_after(session, lot_id, 0)
        assert [(e.kind, e.at.replace(tzinfo=UTC)) for e in events] == [
            ("opened", SALE_START),
            ("closed", held_until),
        ]


def lot_row_held_until(s: LaneSale, lot_id: str, moment: datetime, monkeypatch: pytest.MonkeyPatch) -> None:
    """Taking the lot's row (FOR UPDATE) waits until `moment`: the clock moves there as the lock is taken,
    as if a bid had held the row that long."""
    read = repository.lot_by_id

    async def waited_for_the_row(session: Any, wanted: str, *, lock: bool = False) -> Any:
        if wanted == lot_id and lock:
            s.clock.at = moment
        return await read(session, wanted, lock=lock)

    monkeypatch.setattr(repository, "lot_by_id", waited_for_the_row)


async def test_a_lanes_pause_and_resume_reckon_the_lots_clock_when_they_hold_the_lot(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pause asked 4 s into the lot's 10 s clock that took the lot at 4.5 s keeps 5.5 s, and its 'paused'
    event is timed then; the resume asked a minute later that took the lot 20 ms after gives those 5.5 s from
    the moment it held it."""
    async with lane_sale(settings, tmp_path, cars=1) as s:
        lot_id = await opened_lot(s)
        paused_at = SALE_START + timedelta(seconds=4.5)
        s.clock.at = SALE_START + timedelta(seconds=4)
        lot_row_held_until(s, lot_id, paused_at, monkeypatch)
        paused = await s.client.post(f"/api/lanes/{s.lane_id}/pause", headers=s.admin)
        assert paused.status_code == 200, paused.text
        monkeypatch.undo()

        resumed_at = paused_at + timedelta(seconds=60, milliseconds=20)
        s.clock.at = paused_at + timedelta(seconds=60)
        lot_row_held_until(s, lot_id, resumed_at, monkeypatch)
        resumed = await s.client.post(f"/api/lanes/{s.lane_id}/resume", headers=s.admin)
        assert resumed.status_code == 200, resumed.text
        monkeypatch.undo()

        assert (await s.lot(lot_id)).clock_ends_at == resumed_at + timedelta(seconds=5.5)
        async with s.sessions() as session:
            events = await repository.events_after(session, lot_id, 0)
        assert [(e.kind, e.at.replace(tzinfo=UTC)) for e in events] == [
            ("opened", SALE_START),
            ("paused", paused_at),
            ("resumed", resumed_at),
        ]
        assert events[1].payload["remainingSeconds"] == 5.5
