"""Issue 26, members bid online at scale (bench/README.md, 'Members bid online at scale (issue 26)').

    backend/.venv/bin/python bench/bidders_bench.py [--only sockets,polling,faults,ramp] [--seconds 30]
        [--sockets 2000] [--rate 20] [--bidders 100] [--pollers 20000] [--poll-rate 200] [--readers 4]
        [--kill-at 8] [--fault-seconds 25] [--ramp-sockets 500,1000,2000,3000,4000]
        [--ramp-rates 10,20,40,60,80] [--ramp-seconds 15] [--in-flight 64] [--settle 5] [--workers 2]
        [--log-statements] [--keep]

The stack is bidding_setup's (a PostgreSQL 15 of its own on a free port, `python -m gavel serve` with
GAVEL_WORKERS=2), its PostgreSQL keeping commit timestamps (bidders_setup.CommitStack). The staff data come
through the API as in the staff bench (bidding_setup.Sale: fees, yard, seller, plan, vehicles, auctions);
max(--pollers, --sockets, ...) approved buyers with live bidder sessions are written straight into the
database with COPY (bidders_setup.seed_bidders). Each case runs on a Live event of its own with one lane of 5
lots, all opened by staff; members bid `next step` on the first (bidders_load), each bidder socket watches
the event (`{"type": "watch", "eventId"}`), one socket per member, read by --readers child processes
(bidders_watch). Cases, in order (`--only` picks some):

  1. sockets  --sockets sockets, spread by the kernel over the app processes, 5 s open with no bid (what the
              open sockets cost alone), then --rate bids a second from --bidders members for --seconds.
              Every socket must receive every lot event of those bids in order, none missing, within 250 ms
              p99 of the bid's commit (pg_xact_commit_timestamp of the event's row).
  2. polling  the same again with --pollers members polling lot pages (GET /api/bidder/lots/{id}) at
              --poll-rate a second beside it (bidders_load.Pollers, a child process): p95 under 50 ms, and
              the sockets' targets still.
  3. faults   --sockets sockets that reconnect and resync as the bidder page does, bids at --rate; at
              --kill-at s the app process holding the most sockets is killed with SIGKILL (uvicorn's
              supervisor starts another). Its sockets must reconnect to the other and resync with nothing
              missing, and no bid answered 200 may be missing from the bid log (bidding_checks).
  4. ramp     the most sockets (at --rate bids a second; --ramp-sockets levels) and the most bids a second
              (with --sockets sockets; --ramp-rates levels) before p99 passes 250 ms or an event goes
              missing, --ramp-seconds a level, and per app process what it held at the last level met.

Beside each: the CPU of each app process, PostgreSQL, the socket readers, the pollers and the bench, in
cores (CPU seconds / wall seconds). The exit status is 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import shutil
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bidders_load import Pollers, member_bids
from bidders_measures import Delivered, Waits, deliveries, print_bids, print_deliveries
from bidders_setup import Bidders, CommitStack, lot_events, seed_bidders
from bidders_watch import Readers, cpu_of
from bidding_checks import missing_acknowledged, stored_anyway
from bidding_load import LotBook, Sent
from bidding_measures import Bench, live_lots
from bidding_setup import Api, Sale, load, pct, summary
from faults_database import app_code

MEASURES = ("sockets", "polling", "faults", "ramp")
TARGET_MS = 250.0
POLL_TARGET_MS = 50.0
IDLE_SECONDS = 10.0
IN_FLIGHT = [64]  # bids in flight at most (--in-flight)
SETTLE = [5.0]  # seconds the sockets are read after the last bid's answer (--settle)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", default=",".join(MEASURES), help="cases to run, comma separated")
    parser.add_argument("--seconds", type=float, default=30, help="seconds of bids in cases 1 and 2")
    parser.add_argument("--sockets", type=int, default=2000)
    parser.add_argument("--rate", type=float, default=20, help="accepted bids a second on the lot")
    parser.add_argument("--bidders", type=int, default=100, help="members bidding")
    parser.add_argument("--pollers", type=int, default=20000, help="signed-in members polling")
    parser.add_argument("--poll-rate", type=float, default=200, help="lot page requests a second")
    parser.add_argument("--in-flight", type=int, default=64, help="bids in flight at most (connections)")
    parser.add_argument(
        "--settle", type=float, default=5, help="seconds the sockets are read after the last answer"
    )
    parser.add_argument("--readers", type=int, default=4, help="child processes reading the sockets")
    parser.add_argument("--kill-at", type=float, default=8)
    parser.add_argument("--fault-seconds", type=float, default=25)
    parser.add_argument("--ramp-sockets", default="500,1000,2000,3000,4000")
    parser.add_argument("--ramp-rates", default="10,20,40,60,80")
    parser.add_argument("--ramp-seconds", type=float, default=15)
    parser.add_argument("--workers", type=int, default=2, help="app processes (GAVEL_WORKERS)")
    parser.add_argument(
        "--log-statements", action="store_true", help="PostgreSQL logs every statement (with --keep: read it)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (logs, database)")
    args = parser.parse_args()
    unknown = set(args.only.split(",")) - set(MEASURES)
    if unknown:
        parser.error(f"--only takes {', '.join(MEASURES)}; not {', '.join(sorted(unknown))}")
    args.ramp_sockets = [int(n) for n in args.ramp_sockets.split(",") if n]
    args.ramp_rates = [float(n) for n in args.ramp_rates.split(",") if n]
    return args


@dataclass
class Cpu:
    """CPU seconds of the stack's parts and the bench's processes, between `start` and `stop`."""

    bench: Bench
    extra: dict[str, list[int]] = field(default_factory=dict)  # name -> pids (readers, pollers)
    at: float = 0.0
    pids: list[int] = field(default_factory=list)
    before: dict[str, float] = field(default_factory=dict)

    def _now(self) -> dict[str, float]:
        totals = self.bench.stack.cpu_seconds()
        found = {f"app {pid}": cpu_of(pid) for pid in self.pids}
        found["PostgreSQL"] = totals["postgres"]
        found["bench (bids, clock)"] = totals["bench"]
        for name, pids in self.extra.items():
            found[name] = sum(cpu_of(pid) for pid in pids)
        return found

    def start(self) -> None:
        self.pids = self.bench.stack.worker_pids()
        self.at, self.before = time.monotonic(), self._now()

    def line(self) -> str:
        wall = time.monotonic() - self.at
        after = self._now()
        used = {k: (after[k] - self.before.get(k, 0.0)) / wall for k in after}
        return f"CPU in cores over {wall:.0f} s: " + ", ".join(f"{k} {v:.2f}" for k, v in used.items())


def spread(owners: dict[int, int | None]) -> dict[int | None, int]:
    return dict(Counter(owners.values()))


async def open_sockets(
    bench: Bench, bidders: Bidders, count: int, event_id: str, processes: int, reconnect: bool = False
) -> tuple[Readers, dict[int, int | None]]:
    readers = Readers(
        bench.stack.base, bidders.tokens[:count], {"eventId": event_id}, processes, reconnect=reconnect
    )
    started = time.monotonic()
    ports = await readers.start()
    owners = await asyncio.to_thread(bench.stack.owners, ports)
    print(
        f"  {len(ports)} bidder sockets open in {time.monotonic() - started:.1f} s, by app process "
        f"{spread(owners)}, read by {len(readers.children)} processes {readers.pids()}",
        flush=True,
    )
    return readers, owners


def last_sequence(url: str, lot_id: str) -> int:
    events = lot_events(url, lot_id)
    return events[-1].sequence if events else 0


async def bids_with_sockets(
    bench: Bench,
    bidders: Bidders,
    book: LotBook,
    readers: Readers,
    owners: dict[int, int | None],
    rate: float,
    seconds: float,
    members: int,
    cpu: Cpu,
    stop_readers: bool = True,
) -> tuple[list[Sent], Delivered]:
    url = bench.stack.plain_url  # type: ignore[attr-defined]
    after = last_sequence(url, book.lot_id)
    tokens = dict(zip(bidders.member_ids, bidders.tokens, strict=True))
    waits = Waits(url)
    stop = asyncio.Event()
    sampling = asyncio.create_task(waits.run(stop))
    cpu.start()
    t0 = time.time()
    bids = await member_bids(
        bench.stack.base, book, bidders.member_ids[:members], tokens, rate, seconds, in_flight=IN_FLIGHT[0]
    )
    took = time.time() - t0
    stop.set()
    await sampling
    await asyncio.sleep(SETTLE[0])  # the last events on their way: later than this counts as missing
    print(f"  {cpu.line()}")
    print(f"  {waits.line()}")
    seen = await readers.stop() if stop_readers else []
    events = lot_events(url, book.lot_id)
    print_bids(bids, events, took)
    found = deliveries(book.lot_id, events, after, seen, owners, bids)
    print_deliveries(found, len(seen))
    return bids, found


async def case_sockets(bench: Bench, bidders: Bidders, args: argparse.Namespace, polling: bool) -> list[str]:
    title = "2. polling beside the sockets" if polling else "1. sockets"
    print(
        f"\n== {title}: {args.sockets} bidder sockets, {args.rate:.0f} bids/s from {args.bidders} members"
        + (f", {args.pollers} members polling at {args.poll_rate:.0f}/s" if polling else "")
        + f" (load {load()})",
        flush=True,
    )
    event_id, books = await live_lots(bench, f"Bench bidders {title}", 5, lanes=1)
    book = books[0]
    cpu = Cpu(bench)
    if not polling:
        cpu.start()
        await asyncio.sleep(IDLE_SECONDS)
        print(f"  no sockets, no bids: {cpu.line()}")
    readers, owners = await open_sockets(bench, bidders, args.sockets, event_id, args.readers)
    cpu.extra["socket readers"] = readers.pids()
    missed: list[str] = []
    if not polling:
        await asyncio.sleep(2)
        cpu.start()
        await asyncio.sleep(IDLE_SECONDS)
        print(f"  sockets open, no bids: {cpu.line()}")
    pollers = None
    if polling:
        lots = [b.lot_id for b in books]
        pollers = Pollers(bench.stack.base, bidders.tokens[: args.pollers], lots, book.lot_id, args.poll_rate)
        await pollers.start()
        assert pollers.pid is not None
        cpu.extra["pollers"] = [pollers.pid]
    logged = bench.stack.log_size()
    _, found = await bids_with_sockets(
        bench, bidders, book, readers, owners, args.rate, args.seconds, args.bidders, cpu
    )
    if pollers is not None:
        polled = await pollers.stop()
        answered = [
            (a - s) * 1000 for s, a, c in zip(polled.sent, polled.answered, polled.status, strict=True) if c
        ]
        from_due = [
            (a - d) * 1000 for d, a, c in zip(polled.due, polled.answered, polled.status, strict=True) if c
        ]
        codes = Counter(polled.status)
        wall = (max(polled.answered) - min(polled.due)) if polled.due else 0.0
        print(
            f"  polls: {len(polled.status)} in {wall:.0f} s ({len(polled.status) / max(wall, 1e-9):.0f}/s), "
            f"statuses {dict(codes)}; from {min(args.pollers, len(bidders.tokens))} members; "
            f"{polled.unsent} due but never sent (still waiting for a connection when the case stopped)"
        )
        print(f"    GET sent -> answered: {summary(answered)}")
        print(f"    from the poll's due time (waits for one of 64 connections included): {summary(from_due)}")
        paths = tuple(f"/api/bidder/lots/{b.lot_id}" for b in books)
        inside = bench.stack.request_durations(logged, paths=paths)
        print(f"    inside the app (its access log's duration_ms): {summary(inside)}")
        p95 = pct(answered, 95)
        if not p95 < POLL_TARGET_MS or set(codes) != {200} or polled.unsent:
            missed.append(f"polling p95 {p95:.1f} ms, statuses {dict(codes)}, {polled.unsent} never sent")
    if not found.p99 <= TARGET_MS or found.missing or found.disorder:
        missed.append(
            f"{title}: p99 {found.p99:.1f} ms from commit, {found.missing} missing, "
            f"{found.disorder} out of order"
        )
    return missed


async def case_faults(bench: Bench, bidders: Bidders, args: argparse.Namespace) -> list[str]:
    print(
        f"\n== 3. kill -9 of an app process under {args.sockets} reconnecting sockets and "
        f"{args.rate:.0f} bids/s (load {load()})",
        flush=True,
    )
    url = bench.stack.plain_url  # type: ignore[attr-defined]
    event_id, books = await live_lots(bench, "Bench bidders faults", 5, lanes=1)
    book = books[0]
    readers, owners = await open_sockets(bench, bidders, args.sockets, event_id, args.readers, reconnect=True)
    held = Counter(o for o in owners.values() if o is not None)
    victim = held.most_common(1)[0][0]
    after = last_sequence(url, book.lot_id)
    tokens = dict(zip(bidders.member_ids, bidders.tokens, strict=True))
    marks: dict[str, float] = {}

    async def kill_at(t0: float) -> None:
        await asyncio.sleep(max(0.0, t0 + args.kill_at - time.time()))
        bench.stack.kill(victim)
        marks["kill"] = time.time()

    t0 = time.time()
    killing = asyncio.create_task(kill_at(t0))
    bids = await member_bids(
        bench.stack.base, book, bidders.member_ids[: args.bidders], tokens, args.rate, args.fault_seconds
    )
    await killing
    await bench.stack.wait_ready(60)
    await asyncio.sleep(8)  # the reconnected sockets' resyncs
    seen = await readers.stop()
    events = lot_events(url, book.lot_id)
    print_bids(bids, events, time.time() - t0)
    now = bench.stack.worker_pids()
    print(f"  killed app process {victim} at {marks['kill'] - t0:.2f} s; app processes now {now}")
    missed: list[str] = []
    killed = [s for s in seen if owners.get(s.local_port) == victim]
    others = [s for s in seen if owners.get(s.local_port) != victim]
    wanted = [e for e in events if e.sequence > after]
    for name, group in (("the killed process's", killed), ("the other process's", others)):
        found = deliveries(book.lot_id, events, after, group, owners, bids)
        reopened = [s.reopened[0] - marks["kill"] for s in group if s.reopened]
        print(
            f"  {name} {len(group)} sockets: closed {sum(1 for s in group if s.closes)}, reconnected "
            f"{len(reopened)} (after the kill: {summary([r * 1000 for r in reopened])})"
        )
        print_deliveries(found, len(group), indent="    ")
        during = {e.sequence: e.committed for e in wanted if 0 <= e.committed - marks["kill"] < 5}
        late = [
            (at - during[seq]) * 1000
            for s in group
            for seq, at in zip(s.seqs.get(book.lot_id, ()), s.times.get(book.lot_id, ()), strict=True)
            if seq in during
        ]
        print(f"    events committed in the 5 s after the kill: commit -> received {summary(late)}")
        if found.missing or found.disorder:
            missed.append(
                f"faults: {name} sockets missed {found.missing} events ({found.disorder} out of order)"
            )
    lost = missing_acknowledged(bench.stack.database_url, bids)
    unknown = [b for b in bids if not isinstance(b.status, int) or b.status >= 500]
    anyway = stored_anyway(bench.stack.database_url, bids)
    print(
        f"  bids answered 200: {sum(1 for b in bids if b.status == 200)}; missing from the bid log: "
        f"{len(lost)}; without an answer or 5xx: {len(unknown)}, stored anyway: {anyway}"
    )
    traces = bench.stack.log.read_text(errors="replace").count("Traceback")
    print(f"  tracebacks in the app log: {traces}")
    if lost:
        missed.append(f"faults: {len(lost)} acknowledged bids lost")
    if len([s for s in killed if s.reopened]) < len(killed):
        missed.append("faults: some sockets of the killed process never reconnected")
    return missed


async def case_ramp(bench: Bench, bidders: Bidders, args: argparse.Namespace) -> list[str]:
    print(f"\n== 4. ramp: the most sockets and bids a second before p99 passes {TARGET_MS:.0f} ms ({load()})")
    rows: list[dict[str, Any]] = []
    for kind, levels in (("sockets", args.ramp_sockets), ("rate", args.ramp_rates)):
        best: dict[str, Any] | None = None
        for level in levels:
            sockets = int(level) if kind == "sockets" else args.sockets
            rate = args.rate if kind == "sockets" else float(level)
            # each member at most 1 bid a second (the pace: 10 in 10 s)
            members = max(args.bidders, math.ceil(rate * 2))
            if sockets > len(bidders.tokens) or members > len(bidders.tokens):
                print(f"  {kind} level {level}: more members than seeded; stopping")
                break
            print(
                f"\n  -- {sockets} sockets, {rate:.0f} bids/s from {members} members ({load()})", flush=True
            )
            event_id, books = await live_lots(bench, f"Bench bidders ramp {kind} {level}", 2, lanes=1)
            readers, owners = await open_sockets(bench, bidders, sockets, event_id, args.readers)
            cpu = Cpu(bench, {"socket readers": readers.pids()})
            bids, found = await bids_with_sockets(
                bench, bidders, books[0], readers, owners, rate, args.ramp_seconds, members, cpu
            )
            accepted = sum(1 for b in bids if b.status == 200) / args.ramp_seconds
            row = {
                "kind": kind,
                "sockets": sockets,
                "rate": rate,
                "accepted_per_s": accepted,
                "per_process": spread(owners),
                **found.row(),
            }
            rows.append(row)
            met = found.p99 <= TARGET_MS and not found.missing and accepted >= 0.9 * rate
            verdict = "met" if met else "MISSED"
            print(f"  level {verdict}: p99 {found.p99:.1f} ms, {accepted:.1f} accepted bids/s")
            if not met:
                break
            best = row
        if best is None:
            print(f"  ramp {kind}: not even the first level met")
        else:
            print(
                f"  ramp {kind}: the last level met: {best['sockets']} sockets at {best['rate']:.0f} bids/s, "
                f"sockets by app process {best['per_process']}, p99 {best['p99']:.1f} ms"
            )
    print("\n  ramp: kind | sockets | bids/s | accepted/s | sockets by process | p50 / p95 / p99 | missing")
    for r in rows:
        print(
            f"    {r['kind']} | {r['sockets']} | {r['rate']:.0f} | {r['accepted_per_s']:.1f} | "
            f"{r['per_process']} | {r['p50']:.1f} / {r['p95']:.1f} / {r['p99']:.1f} | {r['missing']}"
        )
    return []


async def run(args: argparse.Namespace, folder: Path) -> int:
    only = args.only.split(",")
    IN_FLIGHT[0] = args.in_flight
    SETTLE[0] = args.settle
    stack = CommitStack(folder, workers=args.workers)
    stack.log_statements = args.log_statements
    started = time.monotonic()
    print(f"load before: {load()}", flush=True)
    missed: list[str] = []
    try:
        await stack.start()
        api = Api(stack.base)
        await api.sign_in()
        sale = Sale(api)
        await sale.prepare(0)
        wanted = max(
            args.pollers if "polling" in only else 0,
            args.sockets,
            args.bidders,
            max(args.ramp_sockets, default=0) if "ramp" in only else 0,
            math.ceil(max(args.ramp_rates, default=0) * 2) if "ramp" in only else 0,
        )
        bidders = await asyncio.to_thread(seed_bidders, stack.plain_url, wanted, sale.plan)
        print(
            f"stack and data ready in {time.monotonic() - started:.0f} s: "
            f"PostgreSQL port {stack.server.port}, app processes {stack.worker_pids()} on {stack.base}",
            flush=True,
        )
        bench = Bench(stack, api, sale)
        if "sockets" in only:
            missed += await case_sockets(bench, bidders, args, polling=False)
        if "polling" in only:
            missed += await case_sockets(bench, bidders, args, polling=True)
        if "faults" in only:
            missed += await case_faults(bench, bidders, args)
        if "ramp" in only:
            missed += await case_ramp(bench, bidders, args)
        await api.close()
        if sale.desk is not None:
            await sale.desk.close()
    finally:
        stack.stop()
    print(f"\nload after: {load()}; took {time.monotonic() - started:.0f} s")
    print("targets: " + ("all met" if not missed else "MISSED: " + "; ".join(missed)))
    return 1 if missed else 0


def main() -> None:
    args = arguments()
    print(app_code())
    folder = Path(tempfile.mkdtemp(prefix="gavel-bidders-"))
    code = 1
    try:
        code = asyncio.run(run(args, folder))
    finally:
        if args.keep:
            print(f"kept: {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    sys.exit(code)


if __name__ == "__main__":
    main()
