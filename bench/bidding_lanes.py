"""Issue 25: online lanes closing their lots on time (bench/bidding_bench.py, measure 3).

Online auctions (8 lanes at most each) with --lanes lanes in all, --lane-lots lots per lane, counter-bid time
5 s, starting a few seconds after the setup. Before the start, absentee maxima are entered on two lots of
three (one lot in three sold, one on approval, one no sale). While the lanes run, a bidder raises a maximum on
half of the open lots in the last 400 ms of their clock (the clock starts again: the close must wait for it),
at most twice a lot. One staff socket per event records when each 'closed' event arrives.

Per lot closed by its lane: the 'closed' event's time minus the clock end it closed on (the last clockEndsAt
of the lot's 'opened', 'bid' and 'resumed' events; both the app's clock), and the socket's receipt of the
'closed' event minus that clock end (what a console sees: the close's commit and the feed included). Never
before: no 'closed' time before its clock end, and no bid refused as 'lot closed' whose own time was before
the lot's clock end.
"""

# ruff: noqa: S311  (random picks of a load scenario, not secrets)

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import psycopg
from bidding_checks import Closing, close_timing
from bidding_load import Watcher
from bidding_measures import Bench
from bidding_setup import Auction, load, pct, summary, wait_until


async def online_auctions(bench: Bench, lanes: int, lots_per_lane: int, lead: float) -> list[Auction]:
    cars = await bench.sale.vehicles(lanes * lots_per_lane)
    start = datetime.now(UTC) + timedelta(seconds=lead)
    made = []
    n = 0
    while n < lanes:
        size = min(8, lanes - n)
        chunk = cars[n * lots_per_lane : (n + size) * lots_per_lane]
        split = [chunk[i * lots_per_lane : (i + 1) * lots_per_lane] for i in range(size)]
        made.append(
            await bench.sale.auction(
                f"Bench online {len(made) + 1}", "Online", split, start=start, counter_bid_seconds=5
            )
        )
        n += size
    return made


async def absentee_before(bench: Bench, auctions: list[Auction]) -> int:
    """Maxima on waiting lots: two above the reserve on one lot in three, one below on the next."""
    entered = 0
    rng = random.Random(25)
    for auction in auctions:
        views = (await bench.api.call("GET", f"/api/auction-events/{auction.event_id}/lots"))["data"]
        for n, view in enumerate(views):
            buyers = rng.sample(bench.sale.buyers, 2)
            maxima = (
                [(buyers[0], 25000), (buyers[1], 22000)]
                if n % 3 == 0
                else [(buyers[0], 17000)]
                if n % 3 == 1
                else []
            )
            for member, maximum in maxima:
                body = {"memberId": member, "maximum": f"{maximum}.00"}
                await bench.api.call("POST", f"/api/lots/{view['id']}/absentee-bids", body)
                entered += 1
    return entered


class LateBidder:
    """Raises a maximum on half of the open lots in the last 400 ms of their clock, at most twice a lot."""

    def __init__(self, bench: Bench, watchers: list[Watcher]) -> None:
        self.bench = bench
        self.watchers = watchers
        self.rng = random.Random(2025)
        self.tries: dict[str, int] = {}
        self.sent: list[tuple[str, float, int]] = []  # lot, sent at, status
        self.seen: set[tuple[str, int]] = set()
        self.tasks: list[asyncio.Task[None]] = []

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            for watcher in self.watchers:
                for key, message in list(watcher.events.items()):
                    if key in self.seen:
                        continue
                    self.seen.add(key)
                    ends = (message.get("payload") or {}).get("clockEndsAt")
                    wanted = message["kind"] in ("opened", "bid") and ends and self.tries.get(key[0], 0) < 2
                    if wanted and self.rng.random() < 0.5:
                        self.tries[key[0]] = self.tries.get(key[0], 0) + 1
                        self.tasks.append(asyncio.create_task(self._late(key[0], message)))
            await asyncio.sleep(0.05)
        await asyncio.gather(*self.tasks)

    async def _late(self, lot_id: str, message: dict[str, Any]) -> None:
        payload = message["payload"]
        ends = datetime.fromisoformat(payload["clockEndsAt"])
        ends = ends.replace(tzinfo=UTC) if ends.tzinfo is None else ends
        at = ends.timestamp() - self.rng.uniform(0.0, 0.4)
        await asyncio.sleep(max(0.0, at - time.time()))
        asking = Decimal(payload.get("asking") or "15000")
        member = self.rng.choice(self.bench.sale.buyers)
        body = {"memberId": member, "maximum": f"{asking + 1000:.2f}"}
        sent = time.time()
        answer = await self.bench.api.client.post(f"/api/lots/{lot_id}/absentee-bids", json=body)
        self.sent.append((lot_id, sent, answer.status_code))


def _pid_of(holder: str | None) -> str | None:
    """The process id in a lease holder's name (host:pid:random)."""
    return holder.split(":")[1] if holder and holder.count(":") >= 2 else holder


def _neighbours(closing: Closing, closings: list[Closing]) -> int:
    """How many other lots' clocks ran out within 250 ms of this one's."""
    return sum(
        1
        for other in closings
        if other is not closing and abs((other.clock_end - closing.clock_end).total_seconds()) < 0.25
    )


def _lanes_state(url: str, event_ids: list[str]) -> list[tuple[str, str, str | None]]:
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        return [
            (r[0], r[1], r[2])
            for r in conn.execute(
                "SELECT lane_id, state, lease_holder FROM lane_run WHERE event_id = ANY(%s)", (event_ids,)
            ).fetchall()
        ]


def _early_refusals(url: str, event_ids: list[str]) -> int:
    """Bids refused as 'lot closed' whose own time was before the clock end the lot closed on."""
    closings = {c.lot_id: c for c in close_timing(url, event_ids).closings}
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        rows = conn.execute(
            "SELECT b.lot_id, b.at FROM lot_bid b JOIN lot l ON l.id = b.lot_id "
            "WHERE l.event_id = ANY(%s) AND b.reason = 'lot_closed'",
            (event_ids,),
        ).fetchall()
    early = 0
    for lot_id, at in rows:
        closing = closings.get(lot_id)
        at = at.replace(tzinfo=UTC) if at.tzinfo is None else at
        if closing is not None and at < closing.clock_end:
            early += 1
    return early


async def lanes(bench: Bench, lane_count: int, lots_per_lane: int) -> dict[str, Any]:
    print(f"\n== 3. {lane_count} online lanes closing their lots (load {load()})", flush=True)
    auctions = await online_auctions(bench, lane_count, lots_per_lane, lead=45)
    event_ids = [a.event_id for a in auctions]
    entered = await absentee_before(bench, auctions)
    print(
        f"  {len(auctions)} Online events, {lane_count} lanes x {lots_per_lane} lots; "
        f"{entered} maxima before the start"
    )
    watchers = []
    for event_id in event_ids:
        url = bench.stack.base.replace("http://", "ws://") + f"/api/live/events/{event_id}"
        watcher = Watcher(url, bench.api.token, event_id[:6])
        await watcher.open()
        watchers.append(watcher)
    await wait_until(auctions[0].start)
    stop = asyncio.Event()
    bidder = LateBidder(bench, watchers)
    bidding = asyncio.create_task(bidder.run(stop))
    t0 = time.time()
    limit = lots_per_lane * 30 + 60
    url = bench.stack.database_url
    holders: Counter[str | None] = Counter()
    while time.time() - t0 < limit:
        await asyncio.sleep(2)
        states = _lanes_state(url, event_ids)
        if not holders and time.time() - t0 > 8:
            holders = Counter(_pid_of(holder) for _, state, holder in states if state != "finished")
            print(
                f"  lanes by the app process holding their lease, {time.time() - t0:.0f} s in: "
                f"{dict(holders)}"
            )
        if len(states) >= lane_count and all(s == "finished" for _, s, _ in states):
            break
    stop.set()
    await bidding
    await asyncio.sleep(1.0)
    for watcher in watchers:
        await watcher.close()
    return report(bench, event_ids, watchers, bidder, time.time() - t0, lane_count)


def report(
    bench: Bench,
    event_ids: list[str],
    watchers: list[Watcher],
    bidder: LateBidder,
    took: float,
    lane_count: int,
) -> dict[str, Any]:
    url = bench.stack.database_url
    states = _lanes_state(url, event_ids)
    found = close_timing(url, event_ids)
    late = [c.late_ms for c in found.closings]
    seen: list[float] = []
    after_commit: list[float] = []
    for closing in found.closings:
        for watcher in watchers:
            got = watcher.received.get((closing.lot_id, closing.sequence))
            if got is not None:
                seen.append((got - closing.clock_end.timestamp()) * 1000)
                if closing.committed is not None:
                    after_commit.append((got - closing.committed) * 1000)
    committed = [c.committed_late_ms for c in found.closings if c.committed_late_ms is not None]
    results: dict[str | None, int] = {}
    for closing in found.closings:
        results[closing.result] = results.get(closing.result, 0) + 1
    finished = sum(1 for _, s, _ in states if s == "finished")
    print(
        f"  ran {took:.0f} s; lanes finished {finished}/{lane_count}; "
        f"lots closed {len(found.closings)} {results}; "
        f"opened but not closed {len(found.unclosed)}"
    )
    statuses: dict[int, int] = {}
    for _, _, status in bidder.sent:
        statuses[status] = statuses.get(status, 0) + 1
    print(
        f"  late maxima in the last 400 ms of a clock: {len(bidder.sent)} {statuses}; "
        f"lots whose clock they moved on: {sum(1 for c in found.closings if c.bids_after_open)}"
    )
    print(f"  'closed' time - clock end (app's clock): {summary(late)}; min {min(late, default=0):.1f} ms")
    print(f"  socket receipt of 'closed' - clock end:  {summary(seen)}")
    print(f"    the close's commit - clock end:         {summary(committed)}")
    print(f"    socket receipt - the close's commit:    {summary(after_commit)}")
    crowded = [c.late_ms for c in found.closings if _neighbours(c, found.closings) >= 3]
    alone = [c.late_ms for c in found.closings if _neighbours(c, found.closings) == 0]
    print(f"    clocks running out with 3 or more other lanes' within 250 ms: {summary(crowded)}")
    print(f"    clocks running out with no other lane's within 250 ms:        {summary(alone)}")
    early = sum(1 for v in late if v < 0)
    refused_early = _early_refusals(url, event_ids)
    print(
        f"  closed before the clock end: {early}; "
        f"bids refused as closed though their time was before the clock end: {refused_early}"
    )
    return {
        "closed": len(found.closings),
        "p50": pct(late, 50),
        "p99": pct(late, 99),
        "max": max(late, default=0.0),
        "seen_p99": pct(seen, 99),
        "early": early + refused_early,
    }
