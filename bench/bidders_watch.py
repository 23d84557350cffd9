"""Issue 26: bidder sockets on /api/bidder/live, read in child processes of the bench.

`BidderWatcher` reads one socket with the bench's own small client (frame_client: the `websockets` client's
CPU per message was more than the apps' under 40,000 messages a second): auth, ready, reconnect with a
resync of the lots it knows, answering the feed's resync_needed, as bidding_load.Watcher does for staff
sockets. After `ready` it sends its watch ({"type": "watch", "eventId"}), and it records each lot event
compactly (sequence and receipt time in arrays, no message kept: 2,000 sockets x 20 events a second would
otherwise fill the bench's memory) and counts, per lot, events that arrive out of order (a number lower than
one already received), twice, or after a gap.

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

from bidding_load import frame_messages
from frame_client import FrameClient, connect

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


class BidderWatcher:
    """One bidder socket on the bench's FrameClient: auth, `ready`, its watch; with `reconnect`, a socket the
    server closed is opened again (after 0.5 s, doubling up to 5 s) and resyncs the lots it knows, as the
    bidder page does; the feed's resync_needed is answered with the same resync. Each message is handled in
    the call that parsed it (`_message`), with no task per message."""

    def __init__(
        self, url: str, token: str, name: str, reconnect: bool, watch: dict[str, Any], seen: Seen
    ) -> None:
        self.url, self.token, self.name = url, token, name
        self.reconnect, self.watch, self.seen = reconnect, watch, seen
        self.last: dict[str, int] = {}
        self.reopened: list[float] = []
        self.stopping = False
        self.client: FrameClient | None = None
        self.ready: asyncio.Future[None] | None = None
        self.task: asyncio.Task[None] | None = None

    async def _connect(self) -> None:
        self.ready = asyncio.get_running_loop().create_future()
        self.client = await connect(self.url, self._message)
        self.client.send_text(json.dumps({"type": "auth", "token": self.token}))
        await asyncio.wait({self.ready, self.client.closed}, timeout=20, return_when=asyncio.FIRST_COMPLETED)
        if not self.ready.done():
            self.client.close()
            code = self.client.closed.result() if self.client.closed.done() else "no answer within 20 s"
            raise ConnectionError(f"socket {self.name}: no ready message (closed: {code})")
        self.client.send_text(json.dumps({"type": "watch", **self.watch}))
        if not self.seen.local_port:  # the first connection's: the app process it was opened on
            self.seen.local_port = self.client.local_port

    async def open(self) -> None:
        try:
            await self._connect()
        except ConnectionError as refused:
            raise SystemExit(str(refused)) from refused
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        delay = 0.5
        while True:
            assert self.client is not None
            code = await self.client.closed
            if self.stopping:
                return
            self.seen.closes.append((time.time(), code))
            if not self.reconnect:
                return
            while not self.stopping:
                await asyncio.sleep(delay)
                try:
                    await self._connect()
                except Exception:  # refused, reset or timed out while the server restarts: try again
                    delay = min(delay * 2, 5.0)
                    continue
                self.reopened.append(time.time())
                assert self.client is not None
                self.client.send_text(json.dumps({"type": "resync", "lots": dict(self.last)}))
                delay = 0.5
                break

    def _message(self, text: str) -> None:
        now = time.time()
        seen = self.seen
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
            elif kind == "ready":
                if self.ready is not None and not self.ready.done():
                    self.ready.set_result(None)
            elif kind == "resync_needed":
                seen.resyncs_asked += 1
                if self.client is not None:
                    self.client.send_text(json.dumps({"type": "resync", "lots": dict(self.last)}))
            elif kind == "error":
                seen.errors.append(str(message.get("message"))[:200])

    async def close(self) -> None:
        self.stopping = True
        if self.client is not None:
            self.client.close()
        if self.task is not None:
            self.task.cancel()


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
        pipe.send([w.seen.local_port for w in watchers])
        await asyncio.to_thread(pipe.recv)  # until the parent says stop
        for watcher in watchers:
            watcher.seen.reopened = list(watcher.reopened)
            await watcher.close()
        await asyncio.sleep(0.2)  # the close frames written
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
