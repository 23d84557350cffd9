"""Issue 26: the load of the members' scale bench: members' bids over the bidder API, and members polling lot
pages.

Bids: bidding_load.drive (open loop: bid i leaves at t0 + i / rate, at most 64 in flight) with a `Mix` of the
bidders' own: each bid is `POST /api/bidder/lots/{id}/bids {"nextStep": true}` with the next member's bidder
token in turn (round robin over `bidders` members, so a member bids again only after all the others: never
'you already lead', and each member's 10 bids in 10 s pace is far away at 20 bids a second from 100
members). The answer's `myMaximum` is the amount the member bid (the asking price the server read under the
lot's lock); with it the bid is found in the bid log afterwards (bidding_checks.missing_acknowledged: an
online maximum by lot, member and maximum).

Polling: `Pollers`, a child process (the parent keeps its CPU for the bids and the clock): GET
/api/bidder/lots/{id} at `rate` a second, open loop (at most 64 in flight over keep-alive connections), each
request with the bidder token of a member drawn at random from all the seeded ones, on one of the lane's
lots (half of them on the lot being bid on). The polls go through http_client.HttpPool, not httpx: httpx took
0.77 cores at 118 polls a second on the 2 cores the app is measured on, and a poll needs only its status and
the time its whole answer arrived (the body is read and dropped, never decoded).
"""

# ruff: noqa: S311  (random picks of a load scenario, not secrets)

from __future__ import annotations

import asyncio
import multiprocessing
import random
import time
from array import array
from dataclasses import dataclass, field
from decimal import Decimal
from multiprocessing.connection import Connection
from typing import Any
from urllib.parse import urlsplit

import httpx
from bidding_load import LotBook, Mix, Sent, drive
from http_client import HttpPool


@dataclass
class RoundRobin(Mix):
    """Every bid a 'next step' by the next member in turn."""

    turn: int = 0

    def bid(self, book: LotBook, buyers: list[str]) -> tuple[str, str | None, Decimal]:
        member = buyers[self.turn % len(buyers)]
        self.turn += 1
        return "online", member, book.asking


def client(base: str, connections: int = 64) -> httpx.AsyncClient:
    limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
    return httpx.AsyncClient(base_url=base, timeout=30, limits=limits)


async def send_next_step(http: httpx.AsyncClient, token: str, book: LotBook, bid: Sent) -> None:
    bid.sent = time.time()
    try:
        answer = await http.post(
            f"/api/bidder/lots/{bid.lot}/bids",
            json={"nextStep": True},
            headers={"Authorization": f"Bearer {token}"},
        )
    except httpx.TimeoutException:
        bid.answered, bid.status = time.time(), "timeout"
        return
    except httpx.TransportError as error:
        bid.answered, bid.status, bid.answer = time.time(), "dropped", {"error": repr(error)[:200]}
        return
    bid.answered = time.time()
    bid.status = answer.status_code
    if answer.status_code == 200:
        bid.answer = answer.json()
        bid.amount = Decimal(bid.answer["myMaximum"])
        book.asking = max(book.asking, Decimal(bid.answer["asking"]))
    else:
        bid.answer = {"error": answer.text[:300]}


async def member_bids(
    base: str,
    book: LotBook,
    members: list[str],
    tokens: dict[str, str],
    rate: float,
    seconds: float,
    stop: asyncio.Event | None = None,
    in_flight: int = 64,
) -> list[Sent]:
    """`rate` next-step bids a second on the lot for `seconds`, the members in turn, at most `in_flight` at
    once (connections)."""
    async with client(base, in_flight) as http:

        async def send(lot: LotBook, bid: Sent) -> None:
            assert bid.member is not None
            await send_next_step(http, tokens[bid.member], lot, bid)

        return await drive(rate, seconds, [book], members, send, RoundRobin(), stop=stop, in_flight=in_flight)


@dataclass
class Polled:
    """The polls of a run: each one's due time, send time, answer time (time.time()) and status."""

    due: array = field(default_factory=lambda: array("d"))  # type: ignore[type-arg]
    sent: array = field(default_factory=lambda: array("d"))  # type: ignore[type-arg]
    answered: array = field(default_factory=lambda: array("d"))  # type: ignore[type-arg]
    status: array = field(default_factory=lambda: array("l"))  # type: ignore[type-arg]  # 0: no answer
    unsent: int = 0  # polls still waiting for one of the 64 connections when the case stopped


def _poll_child(base: str, tokens: list[str], lots: list[str], hot: str, rate: float, pipe: Any) -> None:
    async def run() -> None:
        rng = random.Random(26)
        polled = Polled()
        gate = asyncio.Semaphore(64)
        stop = asyncio.Event()
        tasks: set[asyncio.Task[None]] = set()
        parts = urlsplit(base)
        http = HttpPool(parts.hostname or "127.0.0.1", parts.port or 80, size=64)
        try:

            async def one(due: float) -> None:
                async with gate:
                    if stop.is_set():  # the case is over: the backlog is counted, not sent
                        polled.unsent += 1
                        return
                    token = rng.choice(tokens)
                    lot = hot if rng.random() < 0.5 else rng.choice(lots)
                    sent = time.time()
                    try:
                        status = await http.get(
                            f"/api/bidder/lots/{lot}", {"Authorization": f"Bearer {token}"}
                        )
                    except OSError:  # the connection failed, or no answer within 30 s
                        status = 0
                    polled.due.append(due)
                    polled.sent.append(sent)
                    polled.answered.append(time.time())
                    polled.status.append(status)

            async def wait_stop() -> None:
                await asyncio.to_thread(pipe.recv)
                stop.set()

            stopping = asyncio.create_task(wait_stop())
            pipe.send("ready")
            t0 = time.time() + 0.05
            i = 0
            while not stop.is_set():
                due = t0 + i / rate
                await asyncio.sleep(max(0.0, due - time.time()))
                if stop.is_set():  # the case ended while this poll was not due yet: not a poll left unsent
                    break
                task = asyncio.create_task(one(due))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
                i += 1
            await asyncio.gather(*list(tasks))
            await stopping
        finally:
            http.close()
        pipe.send(polled)

    asyncio.run(run())


class Pollers:
    """Members polling lot pages at `rate` a second, in a child process, from `start` until `stop`."""

    def __init__(self, base: str, tokens: list[str], lots: list[str], hot: str, rate: float) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipe, child_end = context.Pipe()
        self.child_end: Connection = child_end
        self.process = context.Process(
            target=_poll_child, args=(base, tokens, lots, hot, rate, child_end), daemon=True
        )

    async def start(self) -> None:
        self.process.start()
        await asyncio.to_thread(self.pipe.recv)

    @property
    def pid(self) -> int | None:
        return self.process.pid

    async def stop(self) -> Polled:
        self.pipe.send("stop")
        polled: Polled = await asyncio.to_thread(self.pipe.recv)
        await asyncio.to_thread(self.process.join, 30)
        return polled
