"""The served app's lane runner (issue 25): each lane it holds moves at its own wake time, in a task of its
own, while the upkeep (leases, lanes starting, the lanes held) runs every `RENEW_EVERY`.

`runner.tick` moves every due lane and waits for the slowest before it looks at the time again: a lane whose
clock ran out while another lane's close (its invoice, its messages) was in flight waited for that close, and
then for the next tick's upkeep. Here a lane's step starts when its wake comes, whatever the others are doing;
the only wait left is `STEPS_AT_ONCE` (the runner's connections).

The wake times are only ever early, never late: a bid that moves a lot's clock on is seen by the step, which
answers the new wake; a lot the clerk closed or withdrew early is seen by the next upkeep (`runner.is_due`).
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from gavel.bidding.lanes.models import LaneRun
from gavel.bidding.lanes.runner import RENEW_EVERY, STEPS_AT_ONCE, Moved, is_due
from gavel.core.clock import Clock

log = logging.getLogger("gavel.bidding.lanes")

# The upkeep: the lanes held (each with its current lot's state). A step: the lane's move, due at `now` (None
# when it failed: it is tried again at the next upkeep); the app's step reads the clock again under the lot's
# lock for a close or an open (background.run_lanes).
Renew = Callable[[datetime], Awaitable[list[tuple[LaneRun, str | None]]]]
Step = Callable[[str, datetime], Awaitable[Moved | None]]
Sleep = Callable[[float], Awaitable[None]]

SHORTEST_SLEEP = 0.005  # seconds: a wake that came a hair early reads the clock again this soon


class LaneScheduler:
    """One per runner process. `run` loops until cancelled; the clock is read through `clock_of` at every
    turn (the end-to-end backend moves the app's clock), and `sleep` waits in that clock's seconds (tests
    give one that moves their clock)."""

    def __init__(
        self, renew: Renew, step: Step, clock_of: Callable[[], Clock], sleep: Sleep = asyncio.sleep
    ) -> None:
        self._renew, self._step, self._clock_of, self._sleep = renew, step, clock_of, sleep
        self._wakes: dict[str, datetime | None] = {}  # lane -> its next wake (None: due now)
        self._moving: dict[str, asyncio.Task[None]] = {}
        self._at_once = asyncio.Semaphore(STEPS_AT_ONCE)
        self._woken = asyncio.Event()
        self._last_upkeep: datetime | None = None
        self._next_upkeep: datetime | None = None

    async def run(self) -> None:
        try:
            while True:
                await self.turn()
                await self._wait()
        finally:
            for task in self._moving.values():
                task.cancel()
            await asyncio.gather(*self._moving.values(), return_exceptions=True)

    async def turn(self) -> None:
        """The upkeep when its time has come, then a task for every due lane not already moving."""
        now = self._clock_of().now()
        if self._upkeep_due(now):
            await self._upkeep(now)
            now = self._clock_of().now()
        for lane_id, wake in sorted(self._wakes.items(), key=_earliest_first):
            if lane_id not in self._moving and (wake is None or wake <= now):
                self._moving[lane_id] = asyncio.create_task(self._move(lane_id))

    @property
    def moving(self) -> frozenset[str]:
        return frozenset(self._moving)

    def _upkeep_due(self, now: datetime) -> bool:
        """Every RENEW_EVERY, and at once when the clock went back (the end-to-end backend sets the app's
        clock to any moment: the lanes' wakes and the next upkeep, in the old time, are then read again)."""
        if self._next_upkeep is None or self._last_upkeep is None:
            return True
        return now >= self._next_upkeep or now < self._last_upkeep

    async def _upkeep(self, now: datetime) -> None:
        try:
            runs = await self._renew(now)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the lane runner's upkeep failed; trying again")
            runs = None
        self._last_upkeep, self._next_upkeep = now, now + timedelta(seconds=RENEW_EVERY)
        if runs is None:
            return
        held = {run.lane_id: None if is_due(run, lot, now) else run.wake_at for run, lot in runs}
        for lane_id in list(self._wakes):
            if lane_id not in held and lane_id not in self._moving:
                del self._wakes[lane_id]  # the lease went to another process, or the lane finished
        for lane_id, wake in held.items():
            if lane_id not in self._moving:  # a moving lane's own answer is newer than this read
                self._wakes[lane_id] = wake

    async def _move(self, lane_id: str) -> None:
        try:
            async with self._at_once:
                moved = await self._step(lane_id, self._clock_of().now())
            if moved is None:  # failed (logged by the step): again at the next upkeep
                self._wakes[lane_id] = self._next_upkeep
            elif moved.wake_at is None:
                self._wakes.pop(lane_id, None)  # finished, paused or no longer held: the upkeep says again
            else:
                self._wakes[lane_id] = moved.wake_at
        finally:
            self._moving.pop(lane_id, None)
            self._woken.set()

    async def _wait(self) -> None:
        """Until the next wake of a lane not moving, the next upkeep, or a step's end, whichever is first."""
        now = self._clock_of().now()
        times = [w for lane, w in self._wakes.items() if lane not in self._moving and w is not None]
        if self._next_upkeep is not None:
            times.append(self._next_upkeep)
        # Never longer than RENEW_EVERY: the clock may be moved meanwhile (the end-to-end backend's).
        seconds = min([RENEW_EVERY] + [(t - now).total_seconds() for t in times])
        seconds = max(seconds, SHORTEST_SLEEP)
        self._woken.clear()
        woken = asyncio.ensure_future(self._woken.wait())
        slept = asyncio.ensure_future(self._sleep(seconds))
        try:
            await asyncio.wait({woken, slept}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiter in (woken, slept):
                waiter.cancel()


def _earliest_first(item: tuple[str, datetime | None]) -> tuple[bool, datetime | None]:
    return (item[1] is not None, item[1])
