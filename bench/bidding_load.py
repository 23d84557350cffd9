"""Issue 25: the load of the bidding benches: bids sent at a fixed rate over HTTP (or through the service,
without HTTP), and staff sockets on /api/live/events/{eventId} recording when each lot event arrives.

Bids are sent open-loop: bid i leaves at t0 + i / rate whether or not the earlier ones were answered, each on
one of a pool of keep-alive connections (spread by the kernel over the app processes). Each bid is made
identifiable in the bid log afterwards: an absentee maximum by (lot, member, maximum) and a floor bid by (lot,
amount), both whole dirhams; a client keeps each lot's asking price as the last answer (or refusal) gave it,
so a bid made from a stale asking price is refused below asking (logged, answered 422) as a clerk's would be.
"""

# ruff: noqa: S311  (random picks of a load scenario, not secrets)

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ASKING_IN_SENTENCE = re.compile(r"The asking price is AED ([\d,]+\.\d\d)")


@dataclass
class Sent:
    """One bid as the bench sent it, and its answer."""

    lot: str
    kind: str  # floor | absentee
    member: str | None
    amount: Decimal  # the floor bid's amount or the maximum
    scheduled: float  # time.time() it was due to leave
    sent: float = 0.0
    answered: float = 0.0
    status: int | str = "pending"  # an HTTP status, 'dropped', 'timeout', 'accepted'/'refused' (service)
    answer: dict[str, Any] | None = None

    @property
    def ms(self) -> float:
        return (self.answered - self.sent) * 1000


@dataclass
class LotBook:
    """What the bench knows of a lot: its asking price and step, from the latest answer."""

    lot_id: str
    asking: Decimal
    step: Decimal
    leader: str | None = None

    def learn(self, answer: dict[str, Any]) -> None:
        asking = Decimal(answer["asking"])
        self.asking = max(self.asking, asking)
        self.leader = (answer.get("leader") or {}).get("id")

    def learn_refusal(self, text: str) -> None:
        found = ASKING_IN_SENTENCE.search(text)
        if found:
            self.asking = max(self.asking, Decimal(found.group(1).replace(",", "")))


@dataclass
class Mix:
    """How bids are made: a floor bid (`floor_share` of them) at the known asking price plus 0..floor_steps
    steps, else a maximum of the asking price plus 1..steps steps (maxima well apart keep most bids
    accepted while many are in flight on one lot; a bid from a stale asking price is refused, as a clerk's
    would be)."""

    floor_share: float = 0.3
    steps: int = 40
    floor_steps: int = 2
    rng: random.Random = field(default_factory=lambda: random.Random(2026))

    def bid(self, book: LotBook, buyers: list[str]) -> tuple[str, str | None, Decimal]:
        if self.rng.random() < self.floor_share:
            return "floor", None, book.asking + book.step * self.rng.randint(0, self.floor_steps)
        member = self.rng.choice([b for b in buyers if b != book.leader] or buyers)
        return "absentee", member, book.asking + book.step * self.rng.randint(1, self.steps)


async def send_http(client: httpx.AsyncClient, book: LotBook, bid: Sent) -> None:
    if bid.kind == "floor":
        path, body = f"/api/lots/{bid.lot}/floor-bids", {"amount": f"{bid.amount:.2f}"}
    else:
        path, body = (
            f"/api/lots/{bid.lot}/absentee-bids",
            {"memberId": bid.member, "maximum": f"{bid.amount:.2f}"},
        )
    bid.sent = time.time()
    try:
        answer = await client.post(path, json=body)
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
        book.learn(bid.answer)
    elif answer.status_code in (409, 422):
        book.learn_refusal(answer.text)


async def drive(
    rate: float,
    seconds: float,
    books: list[LotBook],
    buyers: list[str],
    send: Callable[[LotBook, Sent], Awaitable[None]],
    mix: Mix | None = None,
    stop: asyncio.Event | None = None,
    in_flight: int = 64,
) -> list[Sent]:
    """`rate` bids a second for `seconds` (or until `stop`), each on the next lot of `books` in turn. At
    most `in_flight` are sent at once (the connections); a bid due while they are all busy waits for one
    (`Sent.scheduled` is when it was due, `Sent.sent` when it left) and is made when it leaves, from the
    asking price known then. (Left to httpx's pool, thousands of waiting requests cost the bench more CPU
    than the app.)"""
    mix = mix or Mix()
    sent: list[Sent] = []
    tasks: list[asyncio.Task[None]] = []
    slots = asyncio.Semaphore(in_flight)

    async def one(book: LotBook, due: float) -> None:
        async with slots:
            kind, member, amount = mix.bid(book, buyers)
            bid = Sent(book.lot_id, kind, member, amount, due)
            sent.append(bid)
            await send(book, bid)

    t0 = time.time() + 0.05
    for i in range(int(rate * seconds)):
        due = t0 + i / rate
        wait = due - time.time()
        await asyncio.sleep(max(0.0, wait))
        if stop is not None and stop.is_set():
            break
        tasks.append(asyncio.create_task(one(books[i % len(books)], due)))
    await asyncio.gather(*tasks)
    return sent


async def closed_loop(
    in_flight: int,
    seconds: float,
    books: list[LotBook],
    buyers: list[str],
    send: Callable[[LotBook, Sent], Awaitable[None]],
    mix: Mix | None = None,
) -> list[Sent]:
    """`in_flight` bidders for `seconds`, each sending its next bid as soon as its last is answered (on the
    lots of `books` in turn): the latency without a queue, and the most bids a second the app takes."""
    mix = mix or Mix()
    sent: list[Sent] = []
    deadline = time.time() + seconds
    turn = iter(range(10**9))

    async def bidder() -> None:
        while time.time() < deadline:
            book = books[next(turn) % len(books)]
            kind, member, amount = mix.bid(book, buyers)
            bid = Sent(book.lot_id, kind, member, amount, time.time())
            sent.append(bid)
            await send(book, bid)

    await asyncio.gather(*(bidder() for _ in range(in_flight)))
    return sent


def bid_client(base: str, token: str, connections: int = 64) -> httpx.AsyncClient:
    limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
    return httpx.AsyncClient(
        base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30, limits=limits
    )


def frame_messages(text: str | bytes) -> list[dict[str, Any]]:
    """The messages of one socket frame: a message alone, or a JSON array of lot events (several waited)."""
    frame = json.loads(text)
    return frame if isinstance(frame, list) else [frame]


@dataclass
class Watcher:
    """A staff socket on one event: every lot event's receipt time (time.time()), by (lot, sequence). It
    answers the feed's 'resync_needed' with a resync of every lot it knows; with `reconnect`, a socket the
    server closed is opened again (after 0.5 s, doubling up to 5 s) and resyncs, as the console does."""

    url: str
    token: str
    name: str
    reconnect: bool = False
    received: dict[tuple[str, int], float] = field(default_factory=dict)
    events: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)
    last: dict[str, int] = field(default_factory=dict)
    local_port: int = 0
    owner: int | None = None
    ready_at: float = 0.0
    closed_at: float | None = None  # the first time the server closed it
    close_code: int | None = None
    closes: list[tuple[float, int | None]] = field(default_factory=list)
    reopened: list[float] = field(default_factory=list)
    resyncs_asked: int = 0
    gaps: int = 0
    stopping: bool = False
    ws: ClientConnection | None = None
    task: asyncio.Task[None] | None = None

    async def _connect(self) -> None:
        self.ws = await connect(self.url, max_size=None, open_timeout=20, ping_interval=None)
        await self.ws.send(json.dumps({"type": "auth", "token": self.token}))
        first = json.loads(await asyncio.wait_for(self.ws.recv(), 20))
        if first.get("type") != "ready":
            raise ConnectionError(f"socket {self.name}: the first message was {first}")
        self.local_port = int(self.ws.local_address[1])

    async def open(self) -> None:
        try:
            await self._connect()
        except ConnectionError as refused:
            raise SystemExit(str(refused)) from refused
        self.ready_at = time.time()
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        delay = 0.5
        while True:
            await self._read()
            if not self.reconnect or self.stopping:
                return
            while not self.stopping:
                await asyncio.sleep(delay)
                try:
                    await self._connect()
                except Exception:  # refused, reset or timed out while the server restarts: try again
                    delay = min(delay * 2, 5.0)
                    continue
                self.reopened.append(time.time())
                assert self.ws is not None
                await self.ws.send(json.dumps({"type": "resync", "lots": dict(self.last)}))
                delay = 0.5
                break

    async def _read(self) -> None:
        assert self.ws is not None
        code: int | None = None
        try:
            async for text in self.ws:
                now = time.time()
                for message in frame_messages(text):
                    kind = message.get("type")
                    if kind == "lot_event":
                        key = (message["lotId"], int(message["sequence"]))
                        self.received.setdefault(key, now)
                        self.events.setdefault(key, message)
                        before = self.last.get(key[0], 0)
                        if before and key[1] > before + 1:
                            self.gaps += 1
                        self.last[key[0]] = max(before, key[1])
                    elif kind == "resync_needed":
                        self.resyncs_asked += 1
                        await self.ws.send(json.dumps({"type": "resync", "lots": dict(self.last)}))
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else None
        if not self.stopping:
            self.closes.append((time.time(), code))
            if self.closed_at is None:
                self.closed_at, self.close_code = time.time(), code

    async def close(self) -> None:
        self.stopping = True
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task


async def balanced_watchers(
    base: str,
    event_id: str,
    token: str,
    count: int,
    owner_of: Callable[[int, list[int]], int | None],
    pids: list[int],
    reconnect: bool = False,
) -> list[Watcher]:
    """`count` sockets on the event, as evenly spread over the app processes `pids` as the kernel allows:
    sockets are opened until each process holds its share (at most 6 x count tries); the surplus is closed."""
    url = base.replace("http://", "ws://") + f"/api/live/events/{event_id}"
    share = {pid: count // len(pids) + (1 if n < count % len(pids) else 0) for n, pid in enumerate(pids)}
    kept: list[Watcher] = []
    extra: list[Watcher] = []
    for n in range(count * 6):
        if len(kept) >= count:
            break
        watcher = Watcher(url, token, f"s{n}", reconnect=reconnect)
        await watcher.open()
        watcher.owner = await asyncio.to_thread(owner_of, watcher.local_port, pids)
        held = sum(1 for w in kept if w.owner == watcher.owner)
        if watcher.owner in share and held < share[watcher.owner]:
            kept.append(watcher)
        else:
            extra.append(watcher)
    for watcher in extra:
        await watcher.close()
    return kept
