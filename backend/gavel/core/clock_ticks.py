"""The clock jobs' wake-up (gavel.jobs.clock_jobs), in the bottom layer: the dev clock (gavel.system) asks
for a run and waits for it."""

import asyncio
import contextlib


class Ticks:
    """The clock loop's wake-up, and a wait for a run that began after it: the dev clock's move answers once
    the jobs have run as of the new time, so that an end-to-end test reads the state it moved to (an invoice
    overdue), not a state still catching up."""

    def __init__(self) -> None:
        self._wake = asyncio.Event()
        self._asked = 0
        self._answered = 0
        self._waiting = 0  # callers in `ran` now (one that gave up is not)
        self._ran = asyncio.Condition()

    def ask(self) -> int:
        """Wakes the loop; the ticket that `ran` waits for."""
        self._asked += 1
        self._wake.set()
        return self._asked

    async def ran(self, ticket: int) -> None:
        """Returns once a run that began after `ask` gave `ticket` has ended well."""
        self._waiting += 1
        try:
            async with self._ran:
                await self._ran.wait_for(lambda: self._answered >= ticket)
        finally:
            self._waiting -= 1

    async def run_now(self, limit: float) -> bool:
        """Asks for a run and waits for it, at most `limit` seconds; whether it ran."""
        try:
            await asyncio.wait_for(self.ran(self.ask()), limit)
        except TimeoutError:
            return False
        return True

    def waited_for(self) -> bool:
        """Whether somebody waits for a run now."""
        return self._waiting > 0

    def beginning(self) -> int:
        """Called as a run begins: the asks it answers."""
        self._wake.clear()
        return self._asked

    async def ended(self, answered: int) -> None:
        """Called as a run ends well, with what `beginning` gave it."""
        async with self._ran:
            self._answered = max(self._answered, answered)
            self._ran.notify_all()

    async def sleep(self, seconds: float) -> None:
        """Until the next tick, or sooner when asked."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), seconds)
