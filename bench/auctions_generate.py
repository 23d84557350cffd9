"""Load 5,000 auctions with 50,000 events, their lanes and the runs of the bench vehicles into PostgreSQL.

    backend/.venv/bin/python bench/auctions_generate.py \
        --database-url postgresql://postgres@127.0.0.1:5432/gavel_bench [--auctions 5000] [--events 50000]

Needs the bench members and vehicles first (bench/members_generate.py, bench/vehicles_generate.py; run.sh runs
them in that order). Existing auctions go first (TRUNCATE auction CASCADE takes their events, lanes and runs);
the bench yards (12 locations) and the bench administrator (the staff user who creates the auctions and
records the results) are created when missing. Auctions, events, lanes and runs are streamed in with COPY
... FROM STDIN with the indexes that back no constraint dropped and recreated after, as the other generators
do. Then every vehicle that ran in an event it is still placed in gets that event (auctionId, auctionDate,
eventId, eventDate) in one UPDATE, with the vehicle table's secondary indexes dropped, the table rewritten
(VACUUM FULL, so that it is not left half dead tuples) and the indexes rebuilt; then VACUUM ANALYZE.

What it makes (seeded, repeatable for the same vehicles):
- Auctions: Live 65 % (1 to 8 lanes, mostly 2-4), Online 35 % (1-2 lanes); repeat None 15 %, Daily 10 %,
  Weekly 55 %, Monthly 20 %, with 1, 3-14, 4-26 and 3-12 events, adjusted so that there are exactly --events
  events (at most 52 an auction); first events spread from 3 years ago to 90 days ahead; each auction has a
  popularity (log-normal) that with its lanes decides how many vehicles its events draw.
- Status as the service leaves it: an auction whose events are all past is completed (every event completed);
  one with past and future events is published (10 % unpublished); one entirely ahead is draft 45 %,
  published 45 %, unpublished 10 % (a published one without vehicles stays draft). Past events are completed;
  a future event holding vehicles follows its auction (publish, unpublished or draft), an empty one is draft.
- Runs: every sold vehicle has its sold run (its buyer and price; sellerApproved when below the reserve) in a
  past event 2-30 days after it came in (before its release; one that came in days ago, or was released soon
  after, is dated two days before its event), a quarter of them after an earlier notSold run;
  30 % of the unassigned approved vehicles and 15 % of the cancelled ones ran once without being sold
  (history, not current); every approved vehicle the vehicles generator placed in an event is placed in a
  real event of the next 45 days instead (current run, no result). In an event, vehicles fill the lanes in
  turn by lot number; run numbers count from 1 in each lane.
- Buying power is not replayed for the historical sales (the vehicles generator drew the buyers); the
  benchmark's own sales pick buyers whose buying power covers them.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import calendar
import math
import random
import sys
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

BACKEND = Path(__file__).resolve().parents[1] / "backend"
sys.path.insert(0, str(BACKEND))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import psycopg  # noqa: E402
from members_generate import create_database, psycopg_url, secondary_indexes  # noqa: E402

from gavel.config import normalise_database_url  # noqa: E402

DUBAI = ZoneInfo("Asia/Dubai")
MAX_EVENTS = 52  # gavel.auctions.schemas.MAX_EVENTS
YARDS = [
    ("Al Quoz Bench Yard", "Dubai", "Al Quoz"),
    ("Jebel Ali Bench Yard", "Dubai", "Jebel Ali"),
    ("Al Aweer Bench Yard", "Dubai", "Al Aweer"),
    ("Ras Al Khor Bench Yard", "Dubai", "Ras Al Khor"),
    ("Sharjah Industrial Bench Yard", "Sharjah", "Industrial Area"),
    ("Sajaa Bench Yard", "Sharjah", "Sajaa"),
    ("Mussafah Bench Yard", "Abu Dhabi", "Mussafah"),
    ("Al Ain Bench Yard", "Abu Dhabi", "Al Ain"),
    ("Ajman Bench Yard", "Ajman", "Al Jurf"),
    ("Umm Al Quwain Bench Yard", "Umm Al Quwain", "Umm Al Quwain"),
    ("Ras Al Khaimah Bench Yard", "Ras Al Khaimah", "Al Hamra"),
    ("Fujairah Bench Yard", "Fujairah", "Fujairah"),
]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
AUCTION_COLUMNS = (
    "id", "created_at", "updated_at", "auction_title", "title_key", "auction_type", "location_id",
    "lane_count", "bid_increment_amount", "counter_bid_time", "repeat_type", "repeat_until", "status",
    "first_event_at", "last_event_at", "event_count", "created_by_id",
)  # fmt: skip
EVENT_COLUMNS = (
    "id", "created_at", "updated_at", "auction_id", "sequence", "start_at", "end_at", "sale_date", "status",
    "completed_at",
)  # fmt: skip
LANE_COLUMNS = ("id", "event_id", "lane_number")
RUN_COLUMNS = (
    "id", "created_at", "updated_at", "event_id", "lane_id", "vehicle_id", "run_number", "is_current",
    "outcome", "buyer_id", "sold_for", "seller_approved", "recorded_at", "recorded_by_id",
)  # fmt: skip
AUCTION_TABLES = ("auction", "auction_event", "auction_lane", "auction_run")


@dataclass
class Event:
    id: str
    auction: AuctionPlan
    sequence: int
    start: datetime
    end: datetime
    lanes: list[str]  # lane ids, lane 1 first
    runs: list[tuple[int, str, str, datetime]] = field(default_factory=list)  # lot, vehicle, kind, came in
    status: str = "draft"

    @property
    def sale_date(self) -> date:
        return self.start.astimezone(DUBAI).date()


@dataclass
class AuctionPlan:
    id: str
    title: str
    auction_type: str
    location_id: str
    lanes: int
    repeat: str
    count: int
    first: datetime
    popularity: float
    created: datetime
    bid_increment: Decimal
    counter_bid: int
    status: str = "draft"
    events: list[Event] = field(default_factory=list)


@dataclass
class Picker:
    """Events in start order with cumulative weights: a weighted pick among the events of a time window."""

    events: list[Event]
    starts: list[datetime] = field(init=False)
    cumulative: list[float] = field(init=False)

    def __post_init__(self) -> None:
        self.events.sort(key=lambda e: e.start)
        self.starts = [e.start for e in self.events]
        total, self.cumulative = 0.0, []
        for e in self.events:
            total += e.auction.lanes * e.auction.popularity
            self.cumulative.append(total)

    def before(self, moment: datetime) -> Event | None:
        """The last event that starts before the moment."""
        i = bisect.bisect_left(self.starts, moment)
        return self.events[i - 1] if i else None

    def pick(self, rng: random.Random, low: datetime, high: datetime) -> Event | None:
        lo, hi = bisect.bisect_left(self.starts, low), bisect.bisect_left(self.starts, high)
        if lo >= hi:
            return None
        base = self.cumulative[lo - 1] if lo else 0.0
        u = base + rng.random() * (self.cumulative[hi - 1] - base)
        return self.events[min(bisect.bisect_left(self.cumulative, u, lo, hi), hi - 1)]


def add_months(moment: datetime, months: int) -> datetime:
    """As gavel.auctions.schedule: the same Dubai day and time, on the month's last day when it is shorter."""
    local = moment.astimezone(DUBAI)
    index = local.month - 1 + months
    year, month = local.year + index // 12, index % 12 + 1
    return local.replace(year=year, month=month, day=min(local.day, calendar.monthrange(year, month)[1]))


def event_counts(rng: random.Random, n: int, total: int) -> list[tuple[str, int]]:
    repeats = rng.choices(["None", "Daily", "Weekly", "Monthly"], [15, 10, 55, 20], k=n)
    ranges = {"None": (1, 1), "Daily": (3, 14), "Weekly": (4, 26), "Monthly": (3, 12)}
    counts = [rng.randint(*ranges[r]) for r in repeats]
    repeating = [i for i, r in enumerate(repeats) if r != "None"]
    if not repeating or not len(repeats) - len(repeating) + 2 * len(repeating) <= total:
        raise SystemExit(f"{n:,} auctions cannot hold exactly {total:,} events")
    while (diff := sum(counts) - total) != 0:
        i = rng.choice(repeating)
        if diff > 0 and counts[i] > 2:
            counts[i] -= 1
        elif diff < 0 and counts[i] < MAX_EVENTS:
            counts[i] += 1
    return list(zip(repeats, counts, strict=True))


def uid(rng: random.Random) -> str:
    return uuid.UUID(int=rng.getrandbits(128), version=4).hex


def plan_auctions(
    rng: random.Random, n: int, total: int, now: datetime, yards: list[tuple[str, str]]
) -> list[AuctionPlan]:
    span = (3 * 365 + 90) * 86400
    earliest = now - timedelta(days=3 * 365)
    plans = []
    for i, (repeat, count) in enumerate(event_counts(rng, n, total)):
        live = rng.random() < 0.65
        lanes = (
            rng.choices([1, 2, 3, 4, 5, 6, 8], [10, 30, 22, 15, 9, 7, 7])[0]
            if live
            else rng.choices([1, 2], [70, 30])[0]
        )
        yard_id, city = yards[rng.randrange(len(yards))]
        day = (earliest + timedelta(seconds=rng.randrange(span))).astimezone(DUBAI).date()
        first = datetime(day.year, day.month, day.day, 16 if live else 10, tzinfo=DUBAI)
        kind = "Live" if live else "Online"
        plan = AuctionPlan(
            id=uid(rng),
            title=f"{city} {WEEKDAYS[day.weekday()]} {kind} Sale {i + 1}",
            auction_type=kind,
            location_id=yard_id,
            lanes=lanes,
            repeat=repeat,
            count=count,
            first=first,
            popularity=min(8.0, max(0.2, math.exp(rng.gauss(0, 0.9)))),
            created=min(now, first) - timedelta(days=rng.randint(3, 20), minutes=rng.randint(0, 600)),
            bid_increment=Decimal(rng.choice([250, 500, 500, 1000])),
            counter_bid=rng.choice([5, 10, 10, 15, 20, 30]),
        )
        length = timedelta(hours=4 if live else 10)
        for k in range(count):
            if repeat == "Daily":
                start = first + timedelta(days=k)
            elif repeat == "Weekly":
                start = first + timedelta(weeks=k)
            elif repeat == "Monthly":
                start = add_months(first, k)
            else:
                start = first
            start = start.astimezone(UTC)
            lane_ids = [uid(rng) for _ in range(lanes)]
            plan.events.append(Event(uid(rng), plan, k + 1, start, start + length, lane_ids))
        past = sum(1 for e in plan.events if e.start < now)
        if past == count:
            plan.status = "completed"
        elif past:
            plan.status = "publish" if rng.random() < 0.9 else "unpublished"
        else:
            plan.status = rng.choices(["draft", "publish", "unpublished"], [45, 45, 10])[0]
        plans.append(plan)
    return plans


@dataclass
class Vehicles:
    sold: list[tuple[Any, ...]]
    approved_free: list[tuple[Any, ...]]
    approved_placed: list[tuple[Any, ...]]
    cancelled: list[tuple[Any, ...]]


def read_vehicles(conn: psycopg.Connection) -> Vehicles:
    out = Vehicles([], [], [], [])
    with conn.cursor(name="vehicles") as cur:  # server-side: 800,000 rows in batches
        cur.itersize = 50_000
        cur.execute(
            "SELECT id, vehicle_lot_number, status, created_at, release_date, event_id IS NOT NULL,"
            " buyer_member_id, sold_for, reserve_price FROM vehicle"
            " WHERE status IN ('sold', 'approved', 'cancelled') ORDER BY vehicle_lot_number"
        )
        for row in cur:
            if row[2] == "sold":
                out.sold.append(row)
            elif row[2] == "cancelled":
                out.cancelled.append(row)
            elif row[5]:
                out.approved_placed.append(row)
            else:
                out.approved_free.append(row)
    conn.commit()
    return out


def place_runs(
    rng: random.Random, plans: list[AuctionPlan], vehicles: Vehicles, now: datetime
) -> dict[str, tuple[Event, datetime]]:
    """Puts the vehicles' runs in events; answers where each vehicle is placed now (and the start to keep its
    arrival before)."""
    day = timedelta(days=1)
    past = Picker([e for p in plans for e in p.events if e.start < now - timedelta(hours=12)])
    ahead = Picker(
        [e for p in plans if p.status != "completed" for e in p.events if now < e.start <= now + 45 * day]
    )
    placed: dict[str, tuple[Event, datetime]] = {}

    def run_once(row: tuple[Any, ...], kind: str, low: datetime, high: datetime) -> Event | None:
        """A run in an event about a day around a moment between low and high (weighted by lanes and
        popularity), else anywhere between them, else the last event before high."""
        target = low + (high - low) * rng.random()
        event = (
            past.pick(rng, max(low, target - day), min(high, target + day))
            or past.pick(rng, low, high)
            or past.before(high)
        )
        if event is not None:
            event.runs.append((row[1], row[0], kind, row[3]))
        return event

    for row in vehicles.sold:
        vehicle_id, _, _, created, released = row[:5]
        latest = min(now - day, released - day) if released else now - day
        # Two days after it came in at the earliest; one that came in (or left) within days takes an event of
        # the last three days before that (and is taken to have come in two days before it).
        earliest = min(created + 2 * day, latest - 3 * day)
        high = min(created + 30 * day, latest)
        sold_target = earliest + (high - earliest) * rng.random()
        failed = None
        if rng.random() < 0.25 and sold_target - earliest > 4 * day:
            failed = run_once(row, "notSold", earliest, sold_target - 2 * day)
        event = run_once(row, "sold", max(earliest, failed.end if failed else earliest), high)
        if event is None:
            raise SystemExit("no past event: the auctions start too late for the vehicles")
        placed[vehicle_id] = (event, created)
    for rows, share in ((vehicles.approved_free, 0.30), (vehicles.cancelled, 0.15)):
        for row in rows:
            created = row[3]
            if rng.random() < share and created < now - 4 * day:
                run_once(row, "notSold", created + 2 * day, min(created + 30 * day, now - day))
    for row in vehicles.approved_placed:
        event = ahead.pick(rng, now, now + 45 * day)
        if event is None:
            raise SystemExit("no event in the next 45 days to place the assigned approved vehicles in")
        event.runs.append((row[1], row[0], "current", row[3]))
        placed[row[0]] = (event, row[3])
    return placed


def settle_statuses(plans: list[AuctionPlan], now: datetime) -> None:
    for plan in plans:
        ahead = all(e.start >= now for e in plan.events)
        if plan.status == "publish" and ahead and not any(e.runs for e in plan.events):
            plan.status = "draft"  # publishing needed a future event holding vehicles
        for event in plan.events:
            if event.start < now:
                event.status = "completed"
            elif event.runs:
                event.status = plan.status
            else:
                event.status = "draft"


def load(url: str, n_auctions: int, n_events: int, seed: int) -> None:
    from members_bench import bench_app  # the app's first administrator (it also runs the migrations)

    started = time.perf_counter()

    async def admin() -> None:
        app, _ = await bench_app(url)
        await app.state.engine.dispose()

    asyncio.run(admin())
    rng = random.Random(seed)  # noqa: S311 (repeatable bench data, not secrets)
    now = datetime.now(UTC).replace(microsecond=0)
    with psycopg.connect(psycopg_url(url)) as conn:
        admin_row = conn.execute("SELECT id FROM user_account ORDER BY created_at, id LIMIT 1").fetchone()
        clerk = admin_row[0] if admin_row else None
        for title, emirate, city in YARDS:
            conn.execute(
                "INSERT INTO location (id, created_at, updated_at, title, title_key, status,"
                " physical_address, phone_number, fax_number, country, state, city) VALUES"
                " (%s, %s, %s, %s, %s, 'active', %s, '+97140000000', NULL, 'United Arab Emirates', %s, %s)"
                " ON CONFLICT DO NOTHING",
                (uid(rng), now, now, title, title.lower(), f"Bench road 1, {city}", emirate, city),
            )
        yards = conn.execute(
            "SELECT id, city FROM location WHERE title LIKE '%%Bench Yard' ORDER BY title"
        ).fetchall()
        conn.commit()
        vehicles = read_vehicles(conn)
    if not vehicles.sold:
        raise SystemExit("no sold vehicles: load the vehicles first (bench/vehicles_generate.py)")
    read = time.perf_counter()
    plans = plan_auctions(rng, n_auctions, n_events, now, [(y[0], y[1]) for y in yards])
    placed = place_runs(rng, plans, vehicles, now)
    settle_statuses(plans, now)
    sold_by_id = {row[0]: row for row in vehicles.sold}
    planned = time.perf_counter()

    counts = {"runs": 0, "lanes": 0}
    with psycopg.connect(psycopg_url(url), autocommit=True) as conn:
        with conn.transaction():
            conn.execute("TRUNCATE auction CASCADE")  # its events, lanes and runs
            dropped = [ix for table in AUCTION_TABLES for ix in secondary_indexes(conn, table)]
            for name, _ in dropped:
                conn.execute(f'DROP INDEX "{name}"')
            cur = conn.cursor()
            with cur.copy(f"COPY auction ({', '.join(AUCTION_COLUMNS)}) FROM STDIN") as copy:
                for p in plans:
                    copy.write_row((
                        p.id, p.created, p.created, p.title, p.title.lower(), p.auction_type, p.location_id,
                        p.lanes, p.bid_increment, p.counter_bid, p.repeat,
                        p.events[-1].sale_date if p.repeat != "None" else None, p.status, p.events[0].start,
                        p.events[-1].start, len(p.events), clerk,
                    ))  # fmt: skip
            with cur.copy(f"COPY auction_event ({', '.join(EVENT_COLUMNS)}) FROM STDIN") as copy:
                for p in plans:
                    for e in p.events:
                        closed = e.end + timedelta(minutes=30) if e.status == "completed" else None
                        copy.write_row((
                            e.id, p.created, closed or p.created, p.id, e.sequence, e.start, e.end,
                            e.sale_date, e.status, closed,
                        ))  # fmt: skip
            with cur.copy(f"COPY auction_lane ({', '.join(LANE_COLUMNS)}) FROM STDIN") as copy:
                for p in plans:
                    for e in p.events:
                        for k, lane_id in enumerate(e.lanes, start=1):
                            copy.write_row((lane_id, e.id, k))
                            counts["lanes"] += 1
            with cur.copy(f"COPY auction_run ({', '.join(RUN_COLUMNS)}) FROM STDIN") as copy:
                for p in plans:
                    for e in p.events:
                        e.runs.sort()
                        width = len(e.lanes)
                        for n, (_, vehicle_id, kind, came) in enumerate(e.runs):
                            number = n // width + 1
                            days = timedelta(days=rng.randint(1, 7))
                            placed_at = min(now, max(came, e.start - days))
                            if kind == "current":
                                copy.write_row((
                                    uid(rng), placed_at, placed_at, e.id, e.lanes[n % width], vehicle_id,
                                    number, True, None, None, None, False, None, None,
                                ))  # fmt: skip
                                counts["runs"] += 1
                                continue
                            recorded = e.start + timedelta(seconds=45 * number + rng.randint(0, 30))
                            sale = sold_by_id.get(vehicle_id) if kind == "sold" else None
                            reserve = sale[8] if sale else None
                            copy.write_row((
                                uid(rng), placed_at, recorded, e.id, e.lanes[n % width], vehicle_id, number,
                                sale is not None, kind, sale[6] if sale else None, sale[7] if sale else None,
                                bool(sale and reserve is not None and sale[7] < reserve), recorded, clerk,
                            ))  # fmt: skip
                            counts["runs"] += 1
            copied = time.perf_counter()
            conn.execute("SET LOCAL maintenance_work_mem = '256MB'")
            for _, definition in dropped:
                conn.execute(definition)
        indexed = time.perf_counter()

        # The vehicles placed in an event (sold there, or waiting for it) point at it.
        # A vehicle that came in less than a day before its event is moved back to two days before it.
        vehicle_indexes = secondary_indexes(conn, "vehicle")
        try:
            with conn.transaction():
                conn.execute(
                    "CREATE TEMP TABLE placed (vehicle_id varchar(32) PRIMARY KEY, auction_id varchar(32),"
                    " event_id varchar(32), sale_date date, came_before timestamptz) ON COMMIT DROP"
                )
                cur = conn.cursor()
                with cur.copy("COPY placed FROM STDIN") as copy:
                    for vehicle_id, (event, came) in placed.items():
                        early = (
                            event.start - timedelta(days=2)
                            if came > event.start - timedelta(days=1)
                            else None
                        )
                        copy.write_row((vehicle_id, event.auction.id, event.id, event.sale_date, early))
                for name, _ in vehicle_indexes:
                    conn.execute(f'DROP INDEX "{name}"')
                conn.execute(
                    "UPDATE vehicle v SET auction_id = p.auction_id, auction_date = p.sale_date,"
                    " event_id = p.event_id, event_date = p.sale_date,"
                    " created_at = coalesce(p.came_before, v.created_at)"
                    " FROM placed p WHERE v.id = p.vehicle_id"
                )
                conn.execute(
                    "UPDATE vehicle SET auction_id = NULL, auction_date = NULL, event_id = NULL,"
                    " event_date = NULL WHERE event_id IS NOT NULL"
                    " AND NOT EXISTS (SELECT 1 FROM placed p WHERE p.vehicle_id = vehicle.id)"
                )
            updated = time.perf_counter()
            conn.execute("VACUUM FULL vehicle")
            rewritten = time.perf_counter()
        finally:  # the indexes come back whatever happened (IF NOT EXISTS: a failed UPDATE kept them)
            with conn.transaction():
                conn.execute("SET LOCAL maintenance_work_mem = '512MB'")
                for _, definition in vehicle_indexes:
                    conn.execute(definition.replace(" INDEX ", " INDEX IF NOT EXISTS ", 1))
        rebuilt = time.perf_counter()
        for table in (*AUCTION_TABLES, "vehicle", "vehicle_list_count"):
            conn.execute(f"VACUUM ANALYZE {table}")
        done = time.perf_counter()
        by_status = conn.execute(
            "SELECT status, count(*) FROM auction GROUP BY status ORDER BY 2 DESC"
        ).fetchall()
        by_outcome = conn.execute(
            "SELECT coalesce(outcome, 'no result'), is_current, count(*) FROM auction_run"
            " GROUP BY 1, 2 ORDER BY 3 DESC"
        ).fetchall()
        biggest = conn.execute(
            "SELECT e.status, count(*) FROM auction_run r JOIN auction_event e ON e.id = r.event_id"
            " GROUP BY e.id, e.status ORDER BY 2 DESC LIMIT 3"
        ).fetchall()
        sizes = conn.execute(
            "SELECT pg_size_pretty(sum(pg_total_relation_size(c))) FROM unnest(%s::regclass[]) c",
            (list(AUCTION_TABLES),),
        ).fetchone()
    print(
        f"loaded {len(plans):,} auctions, {sum(len(p.events) for p in plans):,} events,"
        f" {counts['lanes']:,} lanes and {counts['runs']:,} runs in {done - started:.1f} s"
    )
    print(
        f"  read vehicles {read - started:.1f} s, plan {planned - read:.1f} s, COPY {copied - planned:.1f} s,"
        f" {len(dropped)} indexes {indexed - copied:.1f} s; {len(placed):,} vehicles pointed at their event"
        f" {updated - indexed:.1f} s, VACUUM FULL vehicle {rewritten - updated:.1f} s,"
        f" {len(vehicle_indexes)} vehicle indexes {rebuilt - rewritten:.1f} s,"
        f" VACUUM ANALYZE {done - rebuilt:.1f} s"
    )
    print("  auctions: " + ", ".join(f"{s} {c:,}" for s, c in by_status))
    print("  runs: " + ", ".join(f"{o}{'' if now_ else ' (history)'} {c:,}" for o, now_, c in by_outcome))
    print("  biggest events: " + ", ".join(f"{c:,} vehicles ({s})" for s, c in biggest))
    print(f"  auction tables with their indexes {sizes[0] if sizes else '?'}")


def loaded(url: str) -> tuple[int, int]:
    with psycopg.connect(psycopg_url(url)) as conn:
        if conn.execute("SELECT to_regclass('auction_run')").fetchone() == (None,):
            return 0, 0
        auctions = conn.execute("SELECT count(*) FROM auction").fetchone()
        runs = conn.execute("SELECT count(*) FROM (SELECT 1 FROM auction_run LIMIT 1) r").fetchone()
        return (int(auctions[0]) if auctions else 0), (int(runs[0]) if runs else 0)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", required=True, help="postgresql://user@host:port/db")
    parser.add_argument("--auctions", type=int, default=5_000)
    parser.add_argument("--events", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--create-database", action="store_true", help="create the database when missing")
    parser.add_argument(
        "--if-fewer",
        action="store_true",
        help="load when the database holds fewer auctions than --auctions, or no runs (vehicles reloaded)",
    )
    args = parser.parse_args()
    if not normalise_database_url(args.database_url).startswith("postgresql"):
        parser.error("the generator loads PostgreSQL only")
    if args.create_database:
        create_database(args.database_url)
    if args.if_fewer:
        auctions, runs = loaded(args.database_url)
        if auctions >= args.auctions and runs:
            print(
                f"{auctions:,} auctions with their runs already loaded (>= {args.auctions:,});"
                " nothing to generate"
            )
            return
    load(args.database_url, args.auctions, args.events, args.seed)


if __name__ == "__main__":
    main()
