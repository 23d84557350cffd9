"""Issue 25: where one bid's time goes, measured in this process (no network, no neighbour's noise).

    backend/.venv/bin/python bench/bid_profile.py [--bids 300] [--lots 10] [--profile 40]

Starts a PostgreSQL of its own and the app on it (bidding_setup.Stack, one process, for the setup through the
API), opens the lots of a Live event, then builds the same app inside this process (as `python -m gavel serve`
builds it, on the same database) and sends it `--bids` bids through ASGI, one at a time, over `--lots` lots:
70 % absentee maxima, 30 % floor bids (bidding_load.Mix). Per bid it reports the statements sent to PostgreSQL
and the CPU of this process (the app and its ASGI client, no HTTP parsing), and with `--profile N` the N
functions with the most cumulative time under cProfile. Before that, the same number of bids over HTTP to the
served app (one uvicorn process): the CPU per bid of the app process and of PostgreSQL. The figures depend
little on the machine's load: statements are counted, CPU is each process's own.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from bidding_load import LotBook, Mix, Sent, send_http
from bidding_measures import Bench, live_lots
from bidding_setup import Api, Sale, Stack, pct
from faults_database import app_code


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bids", type=int, default=300)
    parser.add_argument("--lots", type=int, default=10)
    parser.add_argument("--buyers", type=int, default=20)
    parser.add_argument("--profile", type=int, default=0, help="print the N functions of most cumulative time")
    return parser.parse_args()


def in_process_app(stack: Stack, unix_socket: bool = False) -> Any:
    """The app as `python -m gavel serve` builds it, on the stack's database (through TCP as the served app,
    or through PostgreSQL's Unix socket), with its services."""
    os.environ.update(stack.env())
    if unix_socket:
        server = stack.server
        os.environ["GAVEL_DATABASE_URL"] = (
            f"postgresql+psycopg://postgres@/gavel?host={server.folder}&port={server.port}"
        )
    from gavel.config import Settings
    from gavel.main import create_app

    return create_app(Settings())


class Statements:
    """Statements sent through the app's engine."""

    def __init__(self, app: Any) -> None:
        from sqlalchemy import event

        self.count = 0
        self.texts: list[str] = []
        event.listen(app.state.engine.sync_engine, "before_cursor_execute", self._seen)

    def _seen(self, _connection: Any, _cursor: Any, statement: str, *_: Any) -> None:
        self.count += 1
        self.texts.append(" ".join(statement.split())[:160])


async def bids(app: Any, books: list[LotBook], buyers: list[str], count: int) -> list[tuple[Sent, float, int]]:
    """`count` bids one at a time: each with the CPU seconds it took and its statements."""
    statements = Statements(app)
    api = Api("http://app")
    api.client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://app", timeout=60)
    await api.sign_in()
    mix, done = Mix(), []
    for n in range(count):
        book = books[n % len(books)]
        kind, member, amount = mix.bid(book, buyers)
        bid = Sent(scheduled=time.time(), lot=book.lot_id, kind=kind, member=member, amount=amount)
        cpu, sent = time.process_time(), statements.count
        statements.texts.clear()
        await send_http(api.client, book, bid)
        done.append((bid, time.process_time() - cpu, statements.count - sent))
    if os.environ.get("BID_PROFILE_SQL"):
        print(f"the last bid's statements ({done[-1][0].kind}):")
        print("\n".join(f"  {text}" for text in statements.texts))
    await api.close()
    return done


async def over_http(stack: Stack, api: Api, books: list[LotBook], buyers: list[str], count: int) -> None:
    """`count` bids one at a time over HTTP to the served app: the CPU per bid of the app and PostgreSQL."""
    mix = Mix()
    for warm in range(2):
        before, started, done = stack.cpu_seconds(), time.time(), []
        for n in range(30 if warm == 0 else count):
            book = books[n % len(books)]
            kind, member, amount = mix.bid(book, buyers)
            bid = Sent(scheduled=time.time(), lot=book.lot_id, kind=kind, member=member, amount=amount)
            await send_http(api.client, book, bid)
            done.append(bid)
    after, seconds = stack.cpu_seconds(), time.time() - started
    accepted = sum(1 for bid in done if bid.status == 200)
    per_bid = {name: (after[name] - before[name]) / len(done) * 1000 for name in after}
    print(
        f"over HTTP: {len(done)} bids ({accepted} accepted) in {seconds:.1f} s, wall p50 "
        f"{pct([b.ms for b in done], 50):.1f} ms; CPU per bid: app {per_bid['app']:.2f} ms, PostgreSQL "
        f"{per_bid['postgres']:.2f} ms, this client {per_bid['bench']:.2f} ms"
    )


def by_package(stats: pstats.Stats, count: int) -> None:
    """Own time (tottime) per bid, by the package its function is in."""
    totals: dict[str, float] = {}
    for (filename, _, _), (_, _, own, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        parts = filename.split("site-packages/")
        if len(parts) > 1:
            name = parts[1].split("/")[0]
        elif "/gavel/" in filename:
            name = "gavel/" + filename.split("/gavel/")[1].split("/")[0]
        elif filename.startswith("~") or filename.startswith("<"):
            name = "builtins"
        else:
            name = "stdlib" if "/lib/python3" in filename else filename
        totals[name] = totals.get(name, 0.0) + own
    print("own time per bid by package (ms):")
    for name, own in sorted(totals.items(), key=lambda item: -item[1])[:25]:
        print(f"  {name:<40} {own / count * 1000:7.2f}")


def report(done: list[tuple[Sent, float, int]]) -> None:
    by_status: dict[str, list[tuple[Sent, float, int]]] = {}
    for item in done:
        by_status.setdefault(f"{item[0].kind} {item[0].status}", []).append(item)
    print(f"{'bids':<22} {'n':>5} {'CPU ms p50':>11} {'p95':>7} {'statements p50':>15} {'max':>5} {'wall p50':>9}")
    for name, items in sorted(by_status.items()):
        cpu = [c * 1000 for _, c, _ in items]
        sql = [float(s) for _, _, s in items]
        wall = [(b.answered - b.sent) * 1000 for b, _, _ in items]
        print(
            f"{name:<22} {len(items):>5} {pct(cpu, 50):>11.2f} {pct(cpu, 95):>7.2f} "
            f"{pct(sql, 50):>15.0f} {max(sql):>5.0f} {pct(wall, 50):>9.2f}"
        )


async def run(args: argparse.Namespace, folder: Path) -> None:
    stack = Stack(folder, workers=1)
    try:
        await stack.start()
        api = Api(stack.base)
        await api.sign_in()
        sale = Sale(api)
        await sale.prepare(args.buyers)
        _, books = await live_lots(Bench(stack, api, sale), "Bid profile", args.lots)
        await over_http(stack, api, books, sale.buyers, args.bids)
        await api.close()
        for unix_socket in (False, True):
            app = in_process_app(stack, unix_socket)
            await bids(app, books, sale.buyers, 30)  # warm: compiled statements, the pool, the imports
            profiler = cProfile.Profile() if args.profile else None
            if profiler:
                profiler.enable()
            done = await bids(app, books, sale.buyers, args.bids)
            if profiler:
                profiler.disable()
            print(f"in this process, PostgreSQL through {'its Unix socket' if unix_socket else 'TCP'}:")
            report(done)
            if profiler:
                sort = os.environ.get("BID_PROFILE_SORT", "cumulative")
                pstats.Stats(profiler).sort_stats(sort).print_stats(os.environ.get("BID_PROFILE_FILTER", ""), args.profile)
                by_package(pstats.Stats(profiler), args.bids)
                if dump := os.environ.get("BID_PROFILE_DUMP"):  # for pstats' print_callers afterwards
                    profiler.dump_stats(f"{dump}.{'unix' if unix_socket else 'tcp'}")
            await app.state.engine.dispose()
    finally:
        stack.stop()


def main() -> int:
    args = arguments()
    print(app_code())
    folder = Path(tempfile.mkdtemp(prefix="gavel-bid-profile-"))
    try:
        asyncio.run(run(args, folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
