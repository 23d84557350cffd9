"""Issue 25: faults under live bidding (bench/bidding_bench.py, measure 4).

While bids flow over HTTP to both app processes (--fault-rate a second over 20 open lots of a Live event),
staff sockets watch both events from both processes, and an Online event's 8 lanes run their lots (counter-bid
time 5 s): at --kill-at s one app process is killed with SIGKILL (the one holding the most lane leases; the
uvicorn supervisor starts a new one), at --restart-at s the PostgreSQL restarts (`pg_ctl restart -m fast`),
bids stop at --fault-seconds and the lanes run to their end. Then:

- 0 acknowledged bids lost: every bid answered 200 has its accepted row in the bid log (bidding_checks);
  bids without an answer (dropped with the killed process, 503 during the restart) are counted, and how many
  of them are stored anyway;
- no lot with two winners (two 'closed' events, or two purchase invoices for one vehicle);
- the other process's sockets stay open and miss no lot event (each compared with lot_event afterwards, after
  the resyncs the feed asks for); the lanes the killed process held get a new lease holder (time from the
  kill, polled every 100 ms), and the lots' closings stay on time outside the outage;
- every lot's state equals the replay of its bid log (gavel.bidding.replay).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any

import psycopg
from bidding_checks import close_timing, missing_acknowledged, replay_all, stored_anyway, two_winners
from bidding_lanes import absentee_before, online_auctions
from bidding_load import Mix, Sent, Watcher, balanced_watchers, bid_client, drive, send_http
from bidding_measures import Bench, live_lots
from bidding_setup import load, pct, summary, wait_until


def _plain(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://")


class LeaseLog:
    """lane_run's lease holders, read every 100 ms: (time, lane, holder) whenever a lane's holder changes."""

    def __init__(self, url: str, event_id: str) -> None:
        self.url = _plain(url)
        self.event_id = event_id
        self.changes: list[tuple[float, str, str | None]] = []
        self.now: dict[str, str | None] = {}
        self.errors = 0

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                rows = await asyncio.to_thread(self._read)
                for lane, holder in rows:
                    if self.now.get(lane, "?") != holder:
                        self.changes.append((time.time(), lane, holder))
                        self.now[lane] = holder
            except psycopg.Error:
                self.errors += 1
            await asyncio.sleep(0.1)

    def _read(self) -> list[tuple[str, str | None]]:
        with psycopg.connect(self.url, connect_timeout=1) as conn:
            rows = conn.execute(
                "SELECT lane_id, lease_holder FROM lane_run WHERE event_id = %s AND state <> 'finished'",
                (self.event_id,),
            ).fetchall()
        return [(r[0], r[1]) for r in rows]


def _pid_of(holder: str | None) -> int | None:
    try:
        return int(holder.split(":")[1]) if holder else None
    except (IndexError, ValueError):
        return None


def _connections_by_owner(bench: Bench, pids: list[int]) -> Counter[int | None]:
    """The bench's established connections to the app (HTTP and sockets), by the app process holding them."""
    port = f":{bench.stack.port:04X}"
    with open("/proc/net/tcp") as table:
        rows = [line.split() for line in table.read().splitlines()[1:]]
    clients = [int(r[1].split(":")[1], 16) for r in rows if r[2].endswith(port) and r[3] == "01"]
    return Counter(bench.stack.owners(clients, pids).values())


async def faults(
    bench: Bench, rate: float, seconds: float, kill_at: float, restart_at: float
) -> dict[str, Any]:
    print(
        f"\n== 4. kill -9 of an app process, then a PostgreSQL restart, under bids and lanes (load {load()})",
        flush=True,
    )
    live_event, books = await live_lots(bench, "Bench faults live", 20)
    online = (await online_auctions(bench, 8, 4, lead=25))[0]
    await absentee_before(bench, [online])
    pids = bench.stack.worker_pids()
    token = bench.api.token
    watchers = await balanced_watchers(
        bench.stack.base, live_event, token, 10, bench.stack.owner_of, pids, reconnect=True
    )
    watchers += await balanced_watchers(
        bench.stack.base, online.event_id, token, 4, bench.stack.owner_of, pids, reconnect=True
    )
    await wait_until(online.start)
    await asyncio.sleep(2)  # the lanes' leases taken
    stop = asyncio.Event()
    leases = LeaseLog(bench.stack.database_url, online.event_id)
    polling = asyncio.create_task(leases.run(stop))
    marks: dict[str, float] = {}
    victim: dict[str, Any] = {}

    async def faults_at(t0: float) -> None:
        await asyncio.sleep(max(0.0, t0 + kill_at - time.time()))
        held = Counter(_pid_of(h) for h in leases.now.values())
        target = max(pids, key=lambda p: held.get(p, 0))
        victim.update(
            pid=target,
            leases=held.get(target, 0),
            lanes=[k for k, h in leases.now.items() if _pid_of(h) == target],
        )
        bench.stack.kill(target)
        marks["kill"] = time.time()
        victim["connections"] = dict(await asyncio.to_thread(_connections_by_owner, bench, pids))
        await asyncio.sleep(max(0.0, t0 + restart_at - time.time()))
        marks["restart"] = time.time()
        await asyncio.to_thread(bench.stack.server.restart)
        marks["restarted"] = time.time()
        while not await asyncio.to_thread(bench.stack.server.accepts):  # noqa: ASYNC110 (polls the server)
            await asyncio.sleep(0.01)
        marks["back"] = time.time()

    async with bid_client(bench.stack.base, token) as client:

        async def http_send(book: Any, bid: Sent) -> None:
            await send_http(client, book, bid)

        t0 = time.time()
        faulting = asyncio.create_task(faults_at(t0))
        bids = await drive(rate, seconds, books, bench.sale.buyers, http_send, Mix())
        await faulting
    limit = time.time() + 150
    running = leases.now
    while time.time() < limit and running and any(h is not None for h in running.values()):  # noqa: ASYNC110
        await asyncio.sleep(1)  # the lanes' leases, read from the database by the poller
    await asyncio.sleep(2)
    stop.set()
    await polling
    await bench.stack.wait_ready(60)
    for watcher in watchers:
        await watcher.close()
    return await _report(
        bench, bids, watchers, victim, marks, leases, [live_event, online.event_id], online.event_id, t0
    )


async def _report(
    bench: Bench,
    bids: list[Sent],
    watchers: list[Watcher],
    victim: dict[str, Any],
    marks: dict[str, float],
    leases: LeaseLog,
    event_ids: list[str],
    online_event: str,
    t0: float,
) -> dict[str, Any]:
    url = bench.stack.database_url

    def rel(t: float) -> str:
        return f"{t - t0:.2f} s"

    statuses = Counter(str(b.status) for b in bids)
    print(
        f"  bids: {len(bids)} at {len(bids) / max(1e-9, bids[-1].scheduled - t0):.0f}/s; "
        f"{dict(sorted(statuses.items()))}"
    )
    print(
        f"  bench connections by app process right after the kill: {victim.get('connections')} "
        "(None: already gone)"
    )
    print(
        f"  killed app process {victim.get('pid')} at {rel(marks['kill'])} "
        f"(it held {victim.get('leases')} lane leases); PostgreSQL restart {rel(marks['restart'])} -> "
        f"pg_ctl done {rel(marks['restarted'])}, accepting {rel(marks['back'])}"
    )
    lost = missing_acknowledged(url, bids)
    unknown = [b for b in bids if not isinstance(b.status, int) or b.status >= 500]
    print(f"  acknowledged (200) bids: {statuses.get('200', 0)}; missing from the bid log: {len(lost)}")
    print(f"  bids without an answer or 5xx: {len(unknown)}; stored anyway: {stored_anyway(url, bids)}")
    failures = [b for b in bids if b.status not in (200, 409, 422)]
    if failures:
        print(
            f"  failures from {rel(min(b.answered for b in failures))} "
            f"to {rel(max(b.answered for b in failures))}"
        )
    ok = [b.ms for b in bids if b.status == 200]
    print(f"  answers 200: {summary(ok)}")
    lots, vehicles = two_winners(url)
    print(
        f"  lots with two 'closed' events: {len(lots)}; vehicles with two purchase invoices: {len(vehicles)}"
    )
    replayed, wrong = await replay_all(url)
    print(f"  lots replayed: {replayed}; differing from their log: {len(wrong)}")
    for sentence in wrong[:5]:
        print(f"    {sentence[:300]}")
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        truth = {
            (r[0], r[1])
            for r in conn.execute(
                "SELECT e.lot_id, e.sequence, l.event_id FROM lot_event e JOIN lot l ON l.id = e.lot_id "
                "WHERE l.event_id = ANY(%s)",
                (event_ids,),
            ).fetchall()
        }
        event_of = dict(
            conn.execute("SELECT id, event_id FROM lot WHERE event_id = ANY(%s)", (event_ids,)).fetchall()
        )
    other_closes = other_missing = 0
    for watcher in watchers:
        watcher_event = watcher.url.rsplit("/", 1)[1]
        first: dict[str, int] = {}
        for lot, sequence in watcher.received:
            first[lot] = min(first.get(lot, sequence), sequence)
        wanted = {
            k for k in truth if event_of.get(k[0]) == watcher_event and k[0] in first and k[1] >= first[k[0]]
        }
        missing = len(wanted - set(watcher.received))
        who = "killed" if watcher.owner == victim.get("pid") else "other"
        closes = ", ".join(f"{rel(t)} code {c}" for t, c in watcher.closes) or "never closed"
        print(
            f"    socket {watcher.name} on the {who} process {watcher.owner}: {closes}; reopened "
            f"{len(watcher.reopened)}x; events {len(watcher.received)}, missing {missing}, "
            f"resyncs asked by the feed {watcher.resyncs_asked}"
        )
        if who == "other":
            other_closes += len(watcher.closes)
            other_missing += missing
    moved = []
    for lane in victim.get("lanes", []):
        after = [
            t
            for t, changed, h in leases.changes
            if changed == lane and t > marks["kill"] and _pid_of(h) not in (victim["pid"], None)
        ]
        moved.append((min(after) - marks["kill"]) if after else None)
    shown = ", ".join("never" if m is None else f"{m:.2f}" for m in moved)
    print(f"  lanes of the killed process: new holder after (s): {shown or 'none held'}")
    found = close_timing(url, [online_event])
    settled = marks["back"] + 5
    groups = {
        "before the kill": [c.late_ms for c in found.closings if c.clock_end.timestamp() < marks["kill"]],
        "from the kill to 5 s after the database is back": [
            c.late_ms for c in found.closings if marks["kill"] <= c.clock_end.timestamp() < settled
        ],
        "after that": [c.late_ms for c in found.closings if c.clock_end.timestamp() >= settled],
    }
    print(
        f"  online lots closed {len(found.closings)}, not closed {len(found.unclosed)}; "
        f"before their clock end: {sum(1 for c in found.closings if c.late_ms < 0)}; "
        "'closed' time - clock end, clocks ending:"
    )
    for name, values in groups.items():
        print(f"    {name}: {summary(values)}")
    calm = groups["before the kill"] + groups["after that"]
    traces = bench.stack.log.read_text(errors="replace").count("Traceback")
    print(
        f"  tracebacks in the app log: {traces} ({bench.stack.log}); "
        f"app processes now {bench.stack.worker_pids()}"
    )
    print(
        f"  sockets of the other process: closed {other_closes} times, "
        f"events missing at the end {other_missing}"
    )
    return {
        "other_closes": other_closes,
        "other_missing": other_missing,
        "lost": len(lost),
        "two_winners": len(lots) + len(vehicles),
        "replay_wrong": len(wrong),
        "lease_moved_max": max((m for m in moved if m is not None), default=None),
        "calm_p99": pct(calm, 99),
    }
