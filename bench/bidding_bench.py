"""Issue 25, live bidding: speed and faults (make bench-bidding; bench/README.md, 'Live bidding (issue 25)').

    backend/.venv/bin/python bench/bidding_bench.py [--only latency,fanout,lanes,faults] [--seconds 20]
        [--rate-one 50] [--rate-many 200] [--lots 50] [--sockets 50] [--fanout-rate 20] [--lanes 20]
        [--lane-lots 5] [--fault-rate 20] [--fault-seconds 30] [--kill-at 6] [--restart-at 16]
        [--buyers 60] [--workers 2] [--keep]

Starts a PostgreSQL 15 of its own (a temporary folder, a free port; the machine's PostgreSQL is never touched)
and `python -m gavel serve` with GAVEL_WORKERS=2 on it (bidders_setup.CommitStack: its PostgreSQL keeps commit
times), makes the data through the API as staff would (approved buyers with paid deposits, a seller, approved
vehicles, Live and Online auctions), then measures, in this order:

  1. latency  a bid from request to answer: 50/s on one lot, 200/s over 50 lots, HTTP and the service's
              transaction alone (bidding_measures.latency); target p99 <= 50 ms
  2. fanout   an accepted bid reaching 50 staff sockets on both processes (bidding_measures.fanout);
              target p99 <= 100 ms from the bid's commit
  3. lanes    20 online lanes closing their lots (bidding_lanes.lanes); target p99 <= 250 ms, never early
  4. faults   kill -9 of an app process and a PostgreSQL restart under bids and lanes (bidding_faults.faults);
              targets: 0 acknowledged bids lost, no lot with two winners, every lot equals its log's replay,
              the lease moves within 5 s

The exit status is 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import time
from pathlib import Path

from bidders_setup import CommitStack
from bidding_faults import faults
from bidding_lanes import lanes
from bidding_measures import Bench, fanout, latency
from bidding_setup import Api, Sale, load
from faults_database import app_code

MEASURES = ("latency", "fanout", "lanes", "faults")


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", default=",".join(MEASURES), help="measures to run, comma separated")
    parser.add_argument("--seconds", type=float, default=20, help="seconds of each latency case")
    parser.add_argument("--rate-one", type=float, default=50, help="bids a second on one lot")
    parser.add_argument("--rate-many", type=float, default=200, help="bids a second over --lots lots")
    parser.add_argument("--lots", type=int, default=50)
    parser.add_argument("--sockets", type=int, default=50)
    parser.add_argument("--fanout-rate", type=float, default=20, help="bids a second while sockets watch")
    parser.add_argument("--fanout-seconds", type=float, default=30)
    parser.add_argument("--lanes", type=int, default=20)
    parser.add_argument("--lane-lots", type=int, default=5)
    parser.add_argument("--fault-rate", type=float, default=20)
    parser.add_argument("--fault-seconds", type=float, default=30)
    parser.add_argument("--kill-at", type=float, default=6)
    parser.add_argument("--restart-at", type=float, default=16)
    parser.add_argument("--buyers", type=int, default=60, help="approved buyers bidding")
    parser.add_argument("--workers", type=int, default=2, help="app processes (GAVEL_WORKERS)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (logs, database)")
    args = parser.parse_args()
    unknown = set(args.only.split(",")) - set(MEASURES)
    if unknown:
        parser.error(f"--only takes {', '.join(MEASURES)}; not {', '.join(sorted(unknown))}")
    return args


async def run(args: argparse.Namespace, folder: Path) -> int:
    only = args.only.split(",")
    stack = CommitStack(folder, workers=args.workers)  # commit times: the fan-out's measure
    started = time.monotonic()
    print(f"load before: {load()}", flush=True)
    missed: list[str] = []
    try:
        await stack.start()
        api = Api(stack.base)
        await api.sign_in()
        sale = Sale(api)
        await sale.prepare(args.buyers)
        print(
            f"stack and data ready in {time.monotonic() - started:.0f} s: "
            f"PostgreSQL port {stack.server.port}, "
            f"app processes {stack.worker_pids()} on {stack.base}, {len(sale.buyers)} buyers",
            flush=True,
        )
        bench = Bench(stack, api, sale)
        if "latency" in only:
            rows = await latency(bench, args.seconds, args.rate_one, args.rate_many, args.lots)
            missed += [
                f"latency {r['name']} p99 {r['p99']:.1f} ms"
                for r in rows
                if r["name"].startswith("HTTP") and not r["p99"] <= 50
            ]
        if "fanout" in only:
            out = await fanout(bench, args.fanout_seconds, args.fanout_rate, args.sockets)
            if not out["p99"] <= 100 or out["missing"]:
                missed.append(
                    f"fan-out p99 {out['p99']:.1f} ms from commit ({out['sent_p99']:.1f} from the POST sent), "
                    f"{out['missing']} never received"
                )
        if "lanes" in only:
            out = await lanes(bench, args.lanes, args.lane_lots)
            if not out["p99"] <= 250 or out["early"] or not out["seen_p99"] <= 250:
                missed.append(
                    f"lanes p99 {out['p99']:.1f} ms (seen {out['seen_p99']:.1f}), {out['early']} early"
                )
        if "faults" in only:
            out = await faults(bench, args.fault_rate, args.fault_seconds, args.kill_at, args.restart_at)
            if out["lost"] or out["two_winners"] or out["replay_wrong"]:
                missed.append(
                    f"faults: {out['lost']} lost, {out['two_winners']} two winners, "
                    f"{out['replay_wrong']} replays differ"
                )
            if out["other_closes"] or out["other_missing"]:
                missed.append(
                    f"faults: the other process's sockets closed {out['other_closes']} times, "
                    f"{out['other_missing']} events missing"
                )
            moved = out["lease_moved_max"]
            if moved is not None and not moved <= 5:
                missed.append(f"lease moved after {moved:.1f} s")
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
    folder = Path(tempfile.mkdtemp(prefix="gavel-bidding-"))
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
