"""Issue 25: a bid from request to answer (`latency`) and an accepted bid reaching 50 staff sockets
(`fanout`), on an open lot of a Live auction event (bench/bidding_bench.py starts the stack and makes the
data).

latency: open-loop bids (70 % absentee maxima by many members, 30 % floor bids) at --rate-one a second on one
lot and at --rate-many a second spread over --lots lots, each through HTTP (POST /api/lots/{id}/absentee-bids
or /floor-bids on the 2 app processes) and, on other lots of the same event, as the same transaction alone:
`gavel.bidding.service.place_bid` in a session of the bench's own engine and its commit, no HTTP, no auth, no
audit row, no NOTIFY.

fanout: 50 sockets on the event, spread evenly over both app processes (bidding_load.balanced_watchers); bids
at --fanout-rate a second over 10 lots, one at a time per lot; for each bid answered 200, each socket's receipt
of its lot event (matched by lot and lastEventSequence) less the bid's commit (the event row's
`pg_xact_commit_timestamp`: the stack is bidders_setup.CommitStack), the issue's 'an accepted bid reaches' and
the target's measure, and less the moment the POST left the bench (that adds the bid's wait for its lot).
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from bidders_setup import CommitStack, lot_events
from bidding_checks import missing_acknowledged
from bidding_load import (
    LotBook,
    Mix,
    Sent,
    bid_client,
    closed_loop,
    drive,
    send_http,
)
from bidding_setup import Api, Sale, Stack, load, pct, summary, wait_until
from bidding_watch_process import Watched, WatchProcess


@dataclass
class Bench:
    stack: Stack
    api: Api
    sale: Sale


async def live_lots(
    bench: Bench, title: str, count: int, lanes: int = 4, open_them: bool = True
) -> tuple[str, list[LotBook]]:
    """A new Live auction's event (started) with `count` lots, opened: its id and the lots' books."""
    cars = await bench.sale.vehicles(count)
    split = [cars[n::lanes] for n in range(lanes)]
    start = datetime.now(UTC) + timedelta(seconds=8)
    auction = await bench.sale.auction(title, "Live", split, start=start)
    await wait_until(start)
    views = (await bench.api.call("GET", f"/api/auction-events/{auction.event_id}/lots"))["data"]
    books = []
    for view in views:
        if open_them:
            view = await bench.api.call("POST", f"/api/lots/{view['id']}/open")
        books.append(LotBook(view["id"], Decimal(view["asking"]), Decimal(500)))
    return auction.event_id, books


def sql_sender(url: str, staff_id: str) -> tuple[Any, Any]:
    """The service's place_bid and commit on a session of the bench's own engine (no HTTP)."""
    from gavel.bidding import service
    from gavel.bidding.bids import FloorBid, MaximumBid
    from gavel.bidding.lot import Source
    from gavel.bidding.money import to_amount, to_fils
    from gavel.db import make_engine, make_sessionmaker
    from gavel.wiring import connect_handlers

    connect_handlers()  # the engine publishes domain events (a member outbid): reactions connected first
    engine = make_engine(url, pool_size=20, max_overflow=20)
    sessions = make_sessionmaker(engine)

    async def send(book: LotBook, bid: Sent) -> None:
        bid.sent = time.time()
        now = datetime.now(UTC)
        entered: FloorBid | MaximumBid
        if bid.kind == "floor":
            entered = FloorBid(staff_id, to_fils(bid.amount), now)
        else:
            assert bid.member is not None
            entered = MaximumBid(Source.ABSENTEE, staff_id, bid.member, to_fils(bid.amount), now)
        try:
            async with sessions() as session:
                outcome = await service.place_bid(session, book.lot_id, entered, now)
                await session.commit()
        except Exception as error:
            bid.answered, bid.status, bid.answer = time.time(), "error", {"error": repr(error)[:200]}
            return
        bid.answered = time.time()
        bid.status = "accepted" if outcome.accepted else "refused"
        book.asking = max(book.asking, to_amount(outcome.lot.asking))
        book.leader = outcome.lot.leader

    return send, engine


def _statuses(bids: list[Sent]) -> str:
    counts: dict[str, int] = {}
    for bid in bids:
        counts[str(bid.status)] = counts.get(str(bid.status), 0) + 1
    return ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))


def _cpu_line(before: dict[str, float], after: dict[str, float], bids: int) -> str:
    used = {k: (after[k] - before[k]) * 1000 / max(bids, 1) for k in before}
    return (
        f"    CPU per bid: app processes {used['app']:.1f} ms, PostgreSQL {used['postgres']:.1f} ms, "
        f"the bench {used['bench']:.1f} ms"
    )


def _report(name: str, bids: list[Sent], seconds: float) -> dict[str, Any]:
    answered = [b.ms for b in bids if b.answered]
    good = [b.ms for b in bids if b.status in (200, "accepted")]
    from_due = [(b.answered - b.scheduled) * 1000 for b in bids if b.answered]
    took = max((b.answered for b in bids), default=0) - min((b.scheduled for b in bids), default=0)
    print(
        f"  {name}: {len(bids)} bids in {seconds:.0f} s, all answered within {took:.1f} s "
        f"({len(bids) / max(took, 1e-9):.0f}/s answered); {_statuses(bids)}"
    )
    print(f"    every answer   {summary(answered)}")
    print(f"    accepted only  {summary(good)}")
    print(f"    from the bid's due time (waits for a free connection included) {summary(from_due)}")
    failed = [b for b in bids if b.answer and "error" in b.answer]
    if failed:
        print(f"    e.g. {failed[0].status}: {failed[0].answer}")
    return {
        "name": name,
        "n": len(bids),
        "p50": pct(answered, 50),
        "p95": pct(answered, 95),
        "p99": pct(answered, 99),
    }


async def latency(
    bench: Bench, seconds: float, rate_one: float, rate_many: float, lots: int
) -> list[dict[str, Any]]:
    print(f"\n== 1. a bid from request to answer (load {load()})", flush=True)
    _, books = await live_lots(bench, "Bench latency", 2 + 2 * lots)
    one_http, one_sql = books[0], books[1]
    many_http, many_sql = books[2 : 2 + lots], books[2 + lots :]
    buyers = bench.sale.buyers
    sql_send, engine = sql_sender(bench.stack.database_url, bench.sale.staff_id)
    rows = []
    all_http: list[Sent] = []
    try:
        async with bid_client(bench.stack.base, bench.api.token) as client:

            async def http_send(book: LotBook, bid: Sent) -> None:
                await send_http(client, book, bid)

            # a short warm-up on the HTTP lots (connections, caches), not counted
            await drive(20, 2, [one_http, *many_http[:5]], buyers, http_send)
            closed = [
                ("HTTP, one bid at a time on one lot", 1, [one_http], http_send),
                ("SQL alone, one bid at a time on one lot", 1, [one_sql], sql_send),
                (f"HTTP, 16 bids in flight over {lots} lots", 16, many_http, http_send),
                (f"SQL alone, 16 bids in flight over {lots} lots", 16, many_sql, sql_send),
            ]
            print("  closed loop (each bidder sends its next bid once its last is answered):")
            for name, in_flight, on, send in closed:
                before, logged, cpu = load(), bench.stack.log_size(), bench.stack.cpu_seconds()
                bids = await closed_loop(in_flight, min(seconds, 10), on, buyers, send, Mix())
                print(f"  (load {before} -> {load()})")
                _report(name, bids, min(seconds, 10))
                print(_cpu_line(cpu, bench.stack.cpu_seconds(), len(bids)))
                if send is http_send:
                    all_http.extend(bids)
                    await asyncio.sleep(0.5)
                    inside = bench.stack.request_durations(logged, paths=("/floor-bids", "/absentee-bids"))
                    print(f"    inside the app (its access log's duration_ms) {summary(inside)}")
            print("  open loop (bids leave at a fixed rate, answered or not):")
            cases = [
                (f"HTTP, {rate_one:.0f}/s on one lot", rate_one, [one_http], http_send),
                (f"SQL alone, {rate_one:.0f}/s on one lot", rate_one, [one_sql], sql_send),
                (f"HTTP, {rate_many:.0f}/s over {lots} lots", rate_many, many_http, http_send),
                (f"SQL alone, {rate_many:.0f}/s over {lots} lots", rate_many, many_sql, sql_send),
            ]
            for name, rate, on, send in cases:
                before, logged, cpu = load(), bench.stack.log_size(), bench.stack.cpu_seconds()
                bids = await drive(rate, seconds, on, buyers, send, Mix())
                print(f"  (load {before} -> {load()})")
                rows.append(_report(name, bids, seconds))
                print(_cpu_line(cpu, bench.stack.cpu_seconds(), len(bids)))
                if send is http_send:
                    all_http.extend(bids)
                    await asyncio.sleep(0.5)  # the access log's last lines
                    inside = bench.stack.request_durations(logged, paths=("/floor-bids", "/absentee-bids"))
                    print(f"    inside the app (its access log's duration_ms) {summary(inside)}")
    finally:
        await engine.dispose()
    lost = missing_acknowledged(bench.stack.database_url, all_http)
    print(f"  acknowledged HTTP bids missing from the bid log: {len(lost)}")
    return rows


async def fanout(bench: Bench, seconds: float, rate: float, sockets: int) -> dict[str, Any]:
    print(f"\n== 2. an accepted bid reaching {sockets} staff sockets (load {load()})", flush=True)
    event_id, books = await live_lots(bench, "Bench fan-out", 10)
    pids = bench.stack.worker_pids()
    # The sockets are read in a process of their own: 1,000 messages a second read here could delay the
    # reading of the bids' answers (the bench would measure itself).
    reader = WatchProcess(bench.stack.base, event_id, bench.api.token, sockets, bench.stack.port, pids)
    owners = await reader.start()
    spread = {pid: sum(1 for owner in owners.values() if owner == pid) for pid in pids}
    print(f"  sockets by app process: {spread} (read by a process of the bench's own)")
    bids: list[Sent] = []
    cpu_before = bench.stack.cpu_seconds()
    try:
        async with bid_client(bench.stack.base, bench.api.token, connections=16) as client:
            per_lot = rate / len(books)

            async def lot_loop(book: LotBook, seed: int, offset: float) -> None:
                # A seed of its own per lot: with one seed, every lot drew the same member at the same moment,
                # and the ten lots' bids queued for that member's row lock (the buying power's).
                mix = Mix(floor_share=0.3, steps=3, rng=random.Random(seed))  # noqa: S311 (a bench's draws)
                # Each lot's bids start `offset` later than the first lot's, so that the bids come at `rate` a
                # second evenly: with every lot starting at once, the ten lots bid at the same instant twice a
                # second, bursts of ten where the case asks for a steady rate.
                await asyncio.sleep(offset)
                t0 = time.time()
                n = 0
                while time.time() - t0 < seconds:
                    kind, member, amount = mix.bid(book, bench.sale.buyers)
                    bid = Sent(book.lot_id, kind, member, amount, time.time())
                    await send_http(client, book, bid)
                    bids.append(bid)
                    n += 1
                    wait = t0 + n / per_lot - time.time()
                    if wait > 0:
                        await asyncio.sleep(wait)

            await asyncio.gather(*(lot_loop(b, 2026 + n, n / rate) for n, b in enumerate(books)))
        await asyncio.sleep(1.0)  # the last events on their way
    finally:
        watchers = await reader.stop()
    print(f"{_cpu_line(cpu_before, bench.stack.cpu_seconds(), len(bids))} (this process: the bids only)")
    commits = _commit_times(bench.stack, [book.lot_id for book in books])
    return _fanout_report(bids, watchers, pids, commits)


def _commit_times(stack: Stack, lot_ids: list[str]) -> dict[tuple[str, int], float]:
    """(lot, event sequence) -> the commit of the event's transaction (time.time()), when the stack's
    PostgreSQL keeps commit times."""
    if not isinstance(stack, CommitStack):
        return {}
    return {(lot, event.sequence): event.committed for lot in lot_ids for event in lot_events(stack.plain_url, lot)}


def _fanout_report(
    bids: list[Sent], watchers: list[Watched], pids: list[int], commits: dict[tuple[str, int], float]
) -> dict[str, Any]:
    delays: list[float] = []  # from the POST leaving the bench
    from_commit: list[float] = []
    by_owner: dict[int | None, list[float]] = {pid: [] for pid in pids}
    missing = 0
    accepted = [b for b in bids if b.status == 200 and b.answer]
    for bid in accepted:
        assert bid.answer is not None
        key = (bid.lot, int(bid.answer["lastEventSequence"]))
        committed = commits.get(key)
        for watcher in watchers:
            got = watcher.received.get(key)
            if got is None:
                missing += 1
                continue
            delays.append((got - bid.sent) * 1000)
            if committed is not None:
                delay = (got - committed) * 1000
                from_commit.append(delay)
                by_owner.setdefault(watcher.owner, []).append(delay)
    print(
        f"  bids: {len(bids)} ({_statuses(bids)}); deliveries measured: {len(delays)}; "
        f"never received: {missing}"
    )
    print(f"  commit -> socket received, all sockets: {summary(from_commit)}")
    for owner, values in by_owner.items():
        print(f"    sockets on app process {owner}: {summary(values)}")
    print(f"  POST sent -> socket received (the bid's wait for its lot included): {summary(delays)}")
    answer = [b.ms for b in accepted]
    print(f"  the POST's own answer: {summary(answer)}")
    gaps = sum(w.gaps for w in watchers)
    print(
        f"  sequence gaps seen by the sockets: {gaps}; "
        f"sockets the server closed: {sum(1 for w in watchers if w.closes)}"
    )
    return {
        "n": len(from_commit),
        "p50": pct(from_commit, 50),
        "p95": pct(from_commit, 95),
        "p99": pct(from_commit, 99),
        "sent_p99": pct(delays, 99),
        "missing": missing,
    }
