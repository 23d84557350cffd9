"""The app's clock loop runs once a minute, and at once when asked (the dev clock moved); the one who asked
can wait for that run to end, so that an end-to-end spec that moves past a due time reads its effects at once
(an overdue invoice), without polling for them."""

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from gavel.core.clock_ticks import Ticks
from gavel.jobs import clock_jobs


class Runs:
    """A stand-in for run_once: each run is numbered, reported when it begins, and ends when let go."""

    def __init__(self) -> None:
        self.begun: asyncio.Queue[int] = asyncio.Queue()
        self.let_go: asyncio.Queue[str] = asyncio.Queue()
        self.count = 0

    async def __call__(self, maker: Any, clock: Any) -> int:
        self.count += 1
        self.begun.put_nowait(self.count)
        if await self.let_go.get() == "fail":
            raise RuntimeError("the database went away")
        return 0

    async def next_begun(self) -> int:
        return await asyncio.wait_for(self.begun.get(), 5)


@pytest.fixture
async def loop(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[Runs, Ticks]]:
    runs, ticks = Runs(), Ticks()
    monkeypatch.setattr(clock_jobs, "run_once", runs)
    monkeypatch.setattr(clock_jobs, "EVERY_SECONDS", 3600)  # the next tick of its own is an hour away
    monkeypatch.setattr(clock_jobs, "RETRY_SECONDS", 0.01)
    task = asyncio.create_task(clock_jobs.run_forever(None, None, ticks))  # type: ignore[arg-type]
    yield runs, ticks
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_an_asked_clock_loop_runs_its_jobs_at_once_instead_of_at_the_next_minute(
    loop: tuple[Runs, Ticks],
) -> None:
    runs, ticks = loop
    assert await runs.next_begun() == 1
    runs.let_go.put_nowait("ok")
    ticks.ask()
    assert await runs.next_begun() == 2  # long before the hour
    runs.let_go.put_nowait("ok")
    ticks.ask()
    assert await runs.next_begun() == 3
    runs.let_go.put_nowait("ok")


async def test_the_wait_ends_only_with_a_run_that_began_after_the_ask(loop: tuple[Runs, Ticks]) -> None:
    runs, ticks = loop
    assert await runs.next_begun() == 1  # a run under way when the clock moves: it read the old time
    waiting = asyncio.create_task(ticks.ran(ticks.ask()))
    runs.let_go.put_nowait("ok")
    assert await runs.next_begun() == 2
    await asyncio.sleep(0.05)
    assert not waiting.done(), "the run that began before the ask does not answer it"
    runs.let_go.put_nowait("ok")
    await asyncio.wait_for(waiting, 5)
    assert runs.begun.empty()


async def test_two_asks_during_one_run_are_answered_by_the_next_run(loop: tuple[Runs, Ticks]) -> None:
    runs, ticks = loop
    assert await runs.next_begun() == 1
    first, second = ticks.ask(), ticks.ask()
    runs.let_go.put_nowait("ok")
    assert await runs.next_begun() == 2
    runs.let_go.put_nowait("ok")
    await asyncio.wait_for(asyncio.gather(ticks.ran(first), ticks.ran(second)), 5)
    await asyncio.sleep(0.05)
    assert runs.begun.empty(), "one run answered both"


async def test_a_failed_run_is_tried_again_at_once_while_waited_for_and_only_a_run_that_ends_well_answers(
    loop: tuple[Runs, Ticks],
) -> None:
    runs, ticks = loop
    assert await runs.next_begun() == 1
    runs.let_go.put_nowait("ok")
    waiting = asyncio.create_task(ticks.ran(ticks.ask()))
    assert await runs.next_begun() == 2
    runs.let_go.put_nowait("fail")  # 'database is locked': logged
    assert await runs.next_begun() == 3, "tried again in a second, not at the next minute"
    assert not waiting.done()
    runs.let_go.put_nowait("ok")
    await asyncio.wait_for(waiting, 5)


async def test_a_failed_run_nobody_waits_for_waits_for_the_next_tick(loop: tuple[Runs, Ticks]) -> None:
    runs, _ = loop
    assert await runs.next_begun() == 1
    runs.let_go.put_nowait("fail")
    await asyncio.sleep(0.1)  # ten times the retry's delay
    assert runs.begun.empty(), "the next run is the next tick's"


async def test_a_caller_who_gave_up_no_longer_hurries_a_failed_run(loop: tuple[Runs, Ticks]) -> None:
    runs, ticks = loop
    assert await runs.next_begun() == 1
    assert not await ticks.run_now(0.01)  # the dev clock's wait has a limit
    runs.let_go.put_nowait("ok")
    assert await runs.next_begun() == 2  # the ask is still answered at once
    runs.let_go.put_nowait("fail")
    await asyncio.sleep(0.1)  # ten times the retry's delay
    assert runs.begun.empty(), "nobody waits: the next run is the next tick's"
