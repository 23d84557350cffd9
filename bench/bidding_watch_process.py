"""Issue 25's fan-out measure: the staff sockets held and read in a process of their own.

Reading 50 sockets that each get 20 lot events a second is 1,000 messages a second: in the process that also
sends the bids and times their answers, that work can delay the reading of the answers (the bench would
measure itself). Here a child process opens the sockets (`bidding_load.balanced_watchers`, spread evenly over
the app processes), reads them, and at the end hands back each socket's receipt times (`time.time()`, the
same clock as the parent's send times on this machine).
"""

from __future__ import annotations

import asyncio
import multiprocessing
from dataclasses import dataclass, field
from functools import partial
from multiprocessing.connection import Connection
from typing import Any

from bidding_load import balanced_watchers
from bidding_setup import owner_on


@dataclass
class Watched:
    """What one socket saw: `bidding_load.Watcher`'s figures the fan-out report reads."""

    name: str
    owner: int | None
    received: dict[tuple[str, int], float] = field(default_factory=dict)
    gaps: int = 0
    closes: list[tuple[float, int | None]] = field(default_factory=list)


def _child(
    base: str, event_id: str, token: str, count: int, app_port: int, pids: list[int], pipe: Any
) -> None:
    async def watch() -> None:
        owner_of = partial(owner_on, app_port)
        watchers = await balanced_watchers(base, event_id, token, count, owner_of, pids)
        pipe.send({w.name: w.owner for w in watchers})
        await asyncio.to_thread(pipe.recv)  # until the parent says stop
        for watcher in watchers:
            await watcher.close()
        pipe.send([Watched(w.name, w.owner, w.received, w.gaps, w.closes) for w in watchers])

    asyncio.run(watch())


class WatchProcess:
    """`count` staff sockets on the event in a child process: `start` answers once they are open (each
    socket's app process), `stop` closes them and answers what each saw."""

    def __init__(
        self, base: str, event_id: str, token: str, count: int, app_port: int, pids: list[int]
    ) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipe, child_end = context.Pipe()
        self.child_end: Connection = child_end
        self.process = context.Process(
            target=_child, args=(base, event_id, token, count, app_port, pids, child_end), daemon=True
        )

    async def start(self) -> dict[str, int | None]:
        self.process.start()
        owners: dict[str, int | None] = await asyncio.to_thread(self.pipe.recv)
        return owners

    async def stop(self) -> list[Watched]:
        self.pipe.send("stop")
        seen: list[Watched] = await asyncio.to_thread(self.pipe.recv)
        await asyncio.to_thread(self.process.join, 30)
        return seen
