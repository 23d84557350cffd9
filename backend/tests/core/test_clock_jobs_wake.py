"""The app's clock loop runs once a minute, and at once when woken (the dev clock moved): the end-to-end specs
that move past a due time see its effects without waiting for the minute."""

import asyncio
from typing import Any

import pytest

from gavel.jobs import clock_jobs


async def test_a_woken_clock_loop_runs_its_jobs_at_once_instead_of_at_the_next_minute(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ticks: asyncio.Queue[int] = asyncio.Queue()
    count = 0

    async def run_once(maker: Any, clock: Any) -> int:
        nonlocal count
        count += 1
        ticks.put_nowait(count)
        return 0

    monkeypatch.setattr(clock_jobs, "run_once", run_once)
    monkeypatch.setattr(clock_jobs, "EVERY_SECONDS", 3600)  # the next tick of its own is an hour away
    wake = asyncio.Event()
    loop = asyncio.create_task(clock_jobs.run_forever(None, None, wake))  # type: ignore[arg-type]
    try:
        assert await asyncio.wait_for(ticks.get(), 5) == 1
        assert ticks.empty()
        wake.set()
        assert await asyncio.wait_for(ticks.get(), 5) == 2  # long before the hour
        assert not wake.is_set(), "cleared for the next wake"
        wake.set()
        assert await asyncio.wait_for(ticks.get(), 5) == 3
    finally:
        loop.cancel()
        with pytest.raises(asyncio.CancelledError):
            await loop
