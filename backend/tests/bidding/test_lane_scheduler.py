"""The served app's lane runner moves each lane at its own wake time: a lane whose clock runs out while
another lane's close is still in flight moves then, not after it (gavel.bidding.lanes.scheduler). Driven
with a hand clock and steps of the test's own; tests/bidding/test_lane_lease.py runs it on the database."""

import asyncio
import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import pytest

from gavel.bidding.lanes.models import LaneRun
from gavel.bidding.lanes.runner import RENEW_EVERY, Moved
from gavel.bidding.lanes.scheduler import LaneScheduler
from tests.bidding.lane_sale import HandClock

T0 = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)


def lane(lane_id: str, wake_in: float | None) -> tuple[LaneRun, str | None]:
    """A held running lane whose open lot's clock runs out `wake_in` seconds after T0."""
    wake = None if wake_in is None else T0 + timedelta(seconds=wake_in)
    run = LaneRun(lane_id=lane_id, event_id="event", mode="online", state="running", wake_at=wake)
    return run, "open"


@dataclass
class Lanes:
    """The upkeep's and the steps' side, as the test sets them: what is held, what each step answers, and
    which steps are held back (a slow close) until the test lets them go."""

    clock: HandClock
    held: list[tuple[LaneRun, str | None]] = field(default_factory=list)
    answers: dict[str, Moved | None] = field(default_factory=dict)
    slow: dict[str, asyncio.Event] = field(default_factory=dict)
    steps: list[tuple[str, datetime]] = field(default_factory=list)
    renewals: list[datetime] = field(default_factory=list)
    renew_fails: bool = False

    async def renew(self, now: datetime) -> list[tuple[LaneRun, str | None]]:
        self.renewals.append(now)
        if self.renew_fails:
            raise RuntimeError("the database went away")
        return list(self.held)

    async def step(self, lane_id: str, now: datetime) -> Moved | None:
        """The step's answer as the test set it (by default the lane finishes), kept in the held rows as the
        step's transaction would keep it."""
        self.steps.append((lane_id, now))
        if lane_id in self.slow:
            await self.slow[lane_id].wait()
        moved = self.answers.get(lane_id, Moved("finished", None))
        if moved is not None:
            rows = [(run, lot) for run, lot in self.held if run.lane_id != lane_id]
            mine = [run for run, _ in self.held if run.lane_id == lane_id]
            if mine and moved.wake_at is not None:
                mine[0].wake_at = moved.wake_at
                rows.append((mine[0], "open"))
            self.held = rows
        return moved

    def scheduler(self) -> LaneScheduler:
        return LaneScheduler(self.renew, self.step, lambda: self.clock)


async def settled() -> None:
    """Lets the scheduler's step tasks run as far as they can (no time passes)."""
    for _ in range(10):
        await asyncio.sleep(0)


@pytest.fixture
def lanes() -> Iterator[Lanes]:
    yield Lanes(HandClock(T0))


async def test_a_lane_due_while_another_lanes_close_is_in_flight_moves_at_its_own_time(lanes: Lanes) -> None:
    lanes.held = [lane("A", 0), lane("B", 0.1)]
    lanes.slow["A"] = asyncio.Event()
    lanes.answers["A"] = Moved(None, T0 + timedelta(seconds=5))
    runner = lanes.scheduler()

    await runner.turn()
    await settled()
    assert lanes.steps == [("A", T0)]
    assert runner.moving == {"A"}

    lanes.clock.move(0.1)
    await runner.turn()
    await settled()
    assert lanes.steps == [("A", T0), ("B", T0 + timedelta(seconds=0.1))]
    assert runner.moving == {"A"}  # A's close is still in flight: B did not wait for it

    lanes.slow["A"].set()
    await settled()
    assert runner.moving == frozenset()
    lanes.clock.move(1)
    await runner.turn()  # the upkeep again; A's next wake (its answer, 5 s) has not come, B finished
    await settled()
    assert [lane_id for lane_id, _ in lanes.steps] == ["A", "B"]
    lanes.clock.move(3.9)
    await runner.turn()
    await settled()
    assert lanes.steps[2:] == [("A", T0 + timedelta(seconds=5))]


async def test_a_lane_is_never_moved_twice_at_once_nor_before_its_wake(lanes: Lanes) -> None:
    lanes.held = [lane("A", 0), lane("B", 3)]
    lanes.slow["A"] = asyncio.Event()
    runner = lanes.scheduler()
    await runner.turn()
    await settled()
    for _ in range(3):
        lanes.clock.move(0.5)
        await runner.turn()
        await settled()
    assert lanes.steps == [("A", T0)]  # A is still moving; B's wake (3 s) has not come
    lanes.slow["A"].set()
    await settled()


async def test_a_bid_that_moved_the_clock_on_moves_the_next_wake(lanes: Lanes) -> None:
    lanes.held = [lane("A", 0)]
    lanes.answers["A"] = Moved(None, T0 + timedelta(seconds=0.7))  # the lot is still open: a bid came
    runner = lanes.scheduler()
    await runner.turn()
    await settled()
    lanes.clock.move(0.6)
    await runner.turn()
    await settled()
    lanes.clock.move(0.1)
    await runner.turn()
    await settled()
    assert lanes.steps == [("A", T0), ("A", T0 + timedelta(seconds=0.7))]


async def test_the_upkeep_drops_lanes_no_longer_held_and_a_failed_step_waits_for_it(lanes: Lanes) -> None:
    lanes.held = [lane("A", 0), lane("B", 1.5)]
    lanes.answers["A"] = None  # the step failed (it logs): again at the next upkeep
    runner = lanes.scheduler()
    await runner.turn()
    await settled()
    lanes.held = [lane("A", 0)]  # B's lease went to another process
    lanes.clock.move(0.6)
    await runner.turn()
    await settled()
    assert lanes.steps == [("A", T0)]  # not A again before the upkeep
    lanes.clock.move(RENEW_EVERY)
    await runner.turn()
    await settled()
    assert lanes.steps == [("A", T0), ("A", T0 + timedelta(seconds=0.6 + RENEW_EVERY))]
    assert len(lanes.renewals) == 2  # and B, dropped by that upkeep, not at its wake (1.5 s)


async def test_a_failed_upkeep_is_tried_again_and_the_lanes_held_before_still_move(
    lanes: Lanes, caplog: pytest.LogCaptureFixture
) -> None:
    lanes.held = [lane("A", 0.5)]
    runner = lanes.scheduler()
    await runner.turn()
    lanes.renew_fails = True
    lanes.clock.move(RENEW_EVERY)
    await runner.turn()
    await settled()
    assert "the lane runner's upkeep failed" in caplog.text
    assert lanes.steps == [("A", T0 + timedelta(seconds=RENEW_EVERY))]
    lanes.renew_fails = False
    lanes.clock.move(RENEW_EVERY)
    await runner.turn()
    assert len(lanes.renewals) == 3


async def test_the_loop_sleeps_until_the_nearest_wake_and_moves_the_lane_then(lanes: Lanes) -> None:
    """`run` with a sleep that moves the hand clock: each lane moves exactly at its wake."""
    lanes.held = [lane("A", 0.25), lane("B", 0.6)]
    slept: list[float] = []
    done = asyncio.Event()

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        lanes.clock.move(seconds)
        if len(lanes.steps) >= 2:
            done.set()
            await asyncio.Event().wait()  # stays asleep: the test ends the loop

    runner = LaneScheduler(lanes.renew, lanes.step, lambda: lanes.clock, sleep)
    task = asyncio.create_task(runner.run())
    await asyncio.wait_for(done.wait(), timeout=10)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    assert lanes.steps == [("A", T0 + timedelta(seconds=0.25)), ("B", T0 + timedelta(seconds=0.6))]
    assert slept[:2] == [0.25, pytest.approx(0.35)]


async def test_a_clock_moved_back_reads_the_lanes_again_at_once(lanes: Lanes) -> None:
    """The end-to-end backend sets the app's clock to any moment, earlier too: the upkeep then runs at the
    next turn (not when the old time's next upkeep comes), and lanes move at their wakes in the new time."""
    lanes.held = [lane("A", 3600)]  # a lane of an hour later
    runner = lanes.scheduler()
    lanes.clock.move(7200)  # a spec moved the clock two hours on: A is due, and finishes
    await runner.turn()
    await settled()
    lanes.clock.at = T0 - timedelta(hours=1)  # the next spec moves it back, before its own sale
    lanes.held = [lane("B", -3600 + 0.5)]  # its lane starts half a second from now
    await runner.turn()
    await settled()
    assert len(lanes.renewals) == 2
    lanes.clock.move(0.5)
    await runner.turn()
    await settled()
    assert lanes.steps == [
        ("A", T0 + timedelta(hours=2)),
        ("B", T0 - timedelta(hours=1) + timedelta(seconds=0.5)),
    ]
