"""Issue 26: bidder sockets on /api/bidder/live, read in child processes of the bench.

`BidderWatcher` is bidding_load.Watcher (the staff socket's reader: auth, ready, reconnect with a resync of
the lots it knows, answering the feed's resync_needed) on the bidders' socket: after `ready` it sends its
watch ({"type": "watch", "eventId"}), and it records each lot event compactly (sequence and receipt time in
arrays, no message kept: 2,000 sockets x 20 events a second would otherwise fill the bench's memory) and
counts, per lot, events that arrive out of order (a number lower than one already received), twice, or after
a gap.

`Readers` spreads the sockets over `processes` child processes (a Python process reading 40,000 messages a
second would itself be the bottleneck: the parent reads each child's CPU from /proc, and the report says how
busy the readers were). The children open their sockets at most 16 at a time each, say the sockets' local
ports (the parent finds each socket's app process), and at `stop` hand back what each socket saw.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import time
from array import array
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from bidding_load import Watcher, frame_messages
from websockets.exceptions import ConnectionClosed

OPEN_AT_ONCE = 16


@dataclass
class Seen:
    """One socket's lot events: per lot, the sequences and their receipt times (`time.time()`), in arrival
    order."""

    name: str
    local_port: int = 0
    owner: int | None = None
    seqs: dict[str, array] = field(default_factory=dict)  # type: ignore[type-arg]
    times: dict[str, array] = field(default_factory=dict)  # type: ignore[type-arg]
    disorder: int = 0
    twice: int = 0
    gaps: int = 0
    closes: list[tuple[float, int | None]] = field(default_factory=list)
    reopened: list[float] = field(default_factory=list)
    resyncs_asked: int = 0
    errors: list[str] = field(default_factory=list)


@dataclass
class BidderWatcher(Watcher):
    watch: dict[str, Any] = field(default_factory=dict)
    seen: Seen = field(default_factory=lambda: Seen(""))

    async def _connect(self) -> None:
        await super()._connect()
        assert self.ws is not None
        await self.ws.send(json.dumps({"type": "watch", **self.watch}))
        if not self.seen.local_port:  # the first connection's: the app process it was opened on
            self.seen.local_port = self.local_port

    async def _read(self) -> None:
        assert self.ws is not None
        seen = self.seen
        code: int | None = None
        try:
            async for text in self.ws:
                now = time.time()
                for message in frame_messages(text):
                    kind = message.get("type")
                    if kind == "lot_event":
                        lot, sequence = message["lotId"], int(message["sequence"])
                        seqs = seen.seqs.get(lot)
                        if seqs is None:
                            seqs = seen.seqs[lot] = array("l")
                            seen.times[lot] = array("d")
                        before = self.last.get(lot, 0)
                        if sequence <= before:
                            if sequence in seqs:
                                seen.twice += 1
                            else:
                                seen.disorder += 1
                        elif before and sequence > before + 1:
                            seen.gaps += 1
                        seqs.append(sequence)
                        seen.times[lot].append(now)
                        self.last[lot] = max(before, sequence)
                    elif kind == "resync_needed":
                        seen.resyncs_asked += 1
                        await self.ws.send(json.dumps({"type": "resync", "lots": dict(self.last)}))
                    elif kind == "error":
                        seen.errors.append(str(message.get("message"))[:200])
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else None
        if not self.stopping:
            seen.closes.append((time.time(), code))
            self.closes.append((time.time(), code))


def _child(
    url: str, tokens: list[str], names: list[str], watch: dict[str, Any], reconnect: bool, pipe: Any
) -> None:
    async def run() -> None:
        watchers = [
            BidderWatcher(url, token, name, reconnect=reconnect, watch=watch, seen=Seen(name))
            for token, name in zip(tokens, names, strict=True)
        ]
        gate = asyncio.Semaphore(OPEN_AT_ONCE)

        async def open_one(watcher: BidderWatcher) -> None:
            async with gate:
                await watcher.open()

        try:
            await asyncio.gather(*(open_one(w) for w in watchers))
        except BaseException as error:  # said to the parent, which stops the bench
            pipe.send(f"a reader could not open its sockets: {error!r}"[:400])
            raise
        await asyncio.sleep(0.5)  # the watch messages answered
        pipe.send([w.local_port for w in watchers])
        await asyncio.to_thread(pipe.recv)  # until the parent says stop
        for watcher in watchers:
            watcher.seen.reopened = list(watcher.reopened)
            await watcher.close()
        pipe.send([w.seen for w in watchers])

    asyncio.run(run())


def cpu_of(pid: int) -> float:
    """CPU seconds (user + system) the process has used."""
    import os

    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Readers:
    """`len(tokens)` bidder sockets watching `watch`, read by `processes` child processes."""

    def __init__(
        self, base: str, tokens: list[str], watch: dict[str, Any], processes: int, reconnect: bool = False
    ) -> None:
        url = base.replace("http://", "ws://") + "/api/bidder/live"
        context = multiprocessing.get_context("spawn")
        self.children: list[tuple[Any, Connection]] = []
        processes = max(1, min(processes, len(tokens)))
        for n in range(processes):
            mine = tokens[n::processes]
            names = [f"p{n}s{i}" for i in range(len(mine))]
            parent_end, child_end = context.Pipe()
            process = context.Process(
                target=_child, args=(url, mine, names, watch, reconnect, child_end), daemon=True
            )
            self.children.append((process, parent_end))
        self.ports: list[int] = []

    async def start(self) -> list[int]:
        """Opens every socket; their local ports."""
        for process, _ in self.children:
            process.start()
        for _, pipe in self.children:
            ports = await asyncio.to_thread(pipe.recv)
            if isinstance(ports, str):
                raise SystemExit(ports)
            self.ports += ports
        return self.ports

    def pids(self) -> list[int]:
        return [process.pid for process, _ in self.children if process.pid is not None]

    def cpu(self) -> float:
        return sum(cpu_of(pid) for pid in self.pids())

    async def stop(self) -> list[Seen]:
        for _, pipe in self.children:
            pipe.send("stop")
        seen: list[Seen] = []
        for process, pipe in self.children:
            seen += await asyncio.to_thread(pipe.recv)
            await asyncio.to_thread(process.join, 30)
        return seen
