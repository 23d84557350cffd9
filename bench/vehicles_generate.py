"""Load N vehicles (default 1,000,000) with their images into a PostgreSQL database, quickly.

    backend/.venv/bin/python bench/vehicles_generate.py \
        --database-url postgresql://postgres@127.0.0.1:5432/gavel_bench [--count 1000000]

The sellers and buyers are the bench members (bench/members_generate.py loads them first; run.sh does): every
vehicle belongs to an approved member who sells, every sold one has an approved member who buys. Existing
vehicles are removed first (TRUNCATE; the trigger of migration 0007 empties vehicle_list_count with them), the
indexes that back no constraint are dropped, the vehicles and their images streamed in with COPY ... FROM
STDIN (the statement trigger then counts the copied rows into vehicle_list_count, as for any insert), the
indexes recreated from their own definitions, the lot-number counter set past the last lot, and VACUUM ANALYZE
run.

- VINs: 17 characters without I, O or Q, a real manufacturer code (WMI) for the make, a check digit that
  verifies (gavel.vehicles.vin.check_vin accepts every one), unique because positions 12-17 hold a permutation
  of the vehicle's index; lot numbers 1000, 1001, ... in creation order (the app's counter starts at 1000).
- search_text is computed by gavel.vehicles.search.search_text on lightweight objects with the attributes of
  Vehicle and Member, so it is exactly what the app writes.
- Status pending 12 %, approved 18 %, rejected 6 %, sold 52 %, cancelled 12 %. Pending ones spread over the
  review steps (received, delivered by seller, inspection pending / in inspection / completed); approved ones
  received and inspected, 30 % assigned to an auction event; sold ones with a buyer and a price, 70 % paid,
  gate pass spread over its steps, released only when paid and picked up; cancelled ones 60 % returned.
  created_at spread over the last 3 years in lot order; 1 to 3 images each.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace
from typing import Any

BACKEND = Path(__file__).resolve().parents[1] / "backend"
sys.path.insert(0, str(BACKEND))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import psycopg  # noqa: E402
from members_generate import create_database, psycopg_url, secondary_indexes  # noqa: E402

from gavel.config import normalise_database_url  # noqa: E402
from gavel.migrate import upgrade  # noqa: E402
from gavel.vehicles.search import search_text  # noqa: E402

FIRST_LOT = 1000  # gavel.vehicles.service: the counter "vehicle_lot" starts there
# make: (WMI, [(model, body style, base price AED)])
MAKES: dict[str, tuple[str, list[tuple[str, str, int]]]] = {
    "Toyota": (
        "JTD",
        [
            ("Land Cruiser", "SUV", 180000),
            ("Camry", "Sedan", 70000),
            ("Corolla", "Sedan", 50000),
            ("Hilux", "Pickup", 75000),
            ("Prado", "SUV", 130000),
            ("Yaris", "Hatchback", 40000),
        ],
    ),
    "Nissan": (
        "JN1",
        [
            ("Patrol", "SUV", 170000),
            ("Sunny", "Sedan", 35000),
            ("Altima", "Sedan", 60000),
            ("X-Trail", "Crossover", 70000),
        ],
    ),
    "Lexus": (
        "JTH",
        [("LX 600", "SUV", 300000), ("ES 350", "Sedan", 140000), ("RX 350", "Crossover", 160000)],
    ),
    "Mitsubishi": ("JA3", [("Pajero", "SUV", 80000), ("Lancer", "Sedan", 35000), ("L200", "Pickup", 60000)]),
    "Honda": ("1HG", [("Accord", "Sedan", 75000), ("Civic", "Sedan", 60000), ("CR-V", "Crossover", 80000)]),
    "Hyundai": (
        "KMH",
        [("Elantra", "Sedan", 45000), ("Tucson", "Crossover", 65000), ("Sonata", "Sedan", 60000)],
    ),
    "Kia": (
        "KNA",
        [("Sportage", "Crossover", 65000), ("Cerato", "Sedan", 45000), ("Carnival", "Minivan", 90000)],
    ),
    "Ford": ("1FA", [("Mustang", "Coupe", 120000), ("Explorer", "SUV", 110000), ("F-150", "Pickup", 150000)]),
    "Chevrolet": (
        "1G1",
        [("Tahoe", "SUV", 160000), ("Malibu", "Sedan", 60000), ("Silverado", "Pickup", 140000)],
    ),
    "GMC": ("1GT", [("Yukon", "SUV", 180000), ("Sierra", "Pickup", 150000)]),
    "Dodge": (
        "2C3",
        [("Charger", "Sedan", 90000), ("Challenger", "Coupe", 110000), ("Durango", "SUV", 100000)],
    ),
    "Jeep": ("1C4", [("Wrangler", "SUV", 130000), ("Grand Cherokee", "SUV", 140000)]),
    "Tesla": ("5YJ", [("Model 3", "Sedan", 150000), ("Model Y", "Crossover", 170000)]),
    "BMW": ("WBA", [("X5", "SUV", 250000), ("530i", "Sedan", 200000), ("M4", "Convertible", 300000)]),
    "Mercedes-Benz": (
        "WDD",
        [("G 63", "SUV", 600000), ("E 300", "Sedan", 210000), ("Sprinter", "Van", 150000)],
    ),
    "Audi": ("WAU", [("Q7", "SUV", 230000), ("A6", "Sedan", 180000), ("A4 Avant", "Wagon", 140000)]),
    "Volkswagen": ("WVW", [("Golf", "Hatchback", 70000), ("Tiguan", "Crossover", 90000)]),
    "Porsche": ("WP0", [("Cayenne", "SUV", 350000), ("911", "Coupe", 500000)]),
    "Land Rover": ("SAL", [("Range Rover", "SUV", 450000), ("Defender", "SUV", 300000)]),
    "Mazda": ("JM1", [("CX-5", "Crossover", 70000), ("Mazda6", "Sedan", 55000)]),
    "Isuzu": ("JAL", [("NPR", "Truck", 110000), ("D-Max", "Pickup", 70000)]),
}
MAKE_WEIGHTS = {"Toyota": 20, "Nissan": 14, "Mitsubishi": 6, "Lexus": 5, "Hyundai": 6, "Kia": 5}
TRIMS = ["", "", "GXR", "VXR", "SE", "LE", "Limited", "Platinum", "Sport", "S", "Base"]
COLORS = ["White", "Black", "Silver", "Grey", "Red", "Blue", "Beige", "Brown", "Green", "Gold"]
DAMAGES = ["None", "Front End", "Rear End", "Side", "Minor Dents/Scratches", "Mechanical", "Hail", "Flood"]
STATUSES = ["pending"] * 12 + ["approved"] * 18 + ["rejected"] * 6 + ["sold"] * 52 + ["cancelled"] * 12
GATE_PASS = ["Pending", "Generated", "Scanned", "Picked Up", "Picked Up", "Picked Up", "Canceled"]
VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"  # no I, O, Q
VIN_VALUES = {**{str(d): d for d in range(10)}, **dict(zip("ABCDEFGH", range(1, 9), strict=True))}
VIN_VALUES |= dict(zip("JKLMN", range(1, 6), strict=True)) | {"P": 7, "R": 9}
VIN_VALUES |= dict(zip("STUVWXYZ", range(2, 10), strict=True))
VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789"  # 2010 = A ... (the 30-year cycle)

VEHICLE_COLUMNS = (
    "id", "created_at", "updated_at", "vehicle_lot_number", "vin_number", "title", "make", "model", "year",
    "transmission", "engine_details", "drive_type", "fuel_type", "mileage", "keys_available", "run_and_drive",
    "start_status", "unknown_status", "color", "body_style", "primary_damage", "secondary_damage",
    "cylinders", "opening_price", "reserve_price", "sold_for", "status", "request_type",
    "is_vehicle_delivered_by_seller", "is_received", "is_inspection", "is_returned", "is_paid",
    "gate_pass_status", "is_released",
    "release_date", "auction_id", "auction_date", "event_id", "event_date", "member_id", "buyer_member_id",
    "description", "search_text",
)  # fmt: skip
IMAGE_COLUMNS = ("id", "vehicle_id", "position", "url", "thumbnail_url")


def vin_for(index: int, wmi: str, year: int, rng: random.Random) -> str:
    """A VIN whose serial (positions 12-17, and 11 beyond a million) is a permutation of the index: unique."""
    serial = (index * 287_321 + 104_729) % 1_000_000  # 287,321 is prime to 10**6: a bijection on 0..999,999
    vds = "".join(rng.choice(VIN_CHARS) for _ in range(5))
    plant = VIN_CHARS[index // 1_000_000]
    body = f"{wmi}{vds}0{YEAR_CODES[(year - 2010) % 30]}{plant}{serial:06d}"
    total = sum(VIN_VALUES[c] * w for c, w in zip(body, VIN_WEIGHTS, strict=True))
    check = "X" if total % 11 == 10 else str(total % 11)
    return body[:8] + check + body[9:]


def uid(rng: random.Random) -> str:
    return uuid.UUID(int=rng.getrandbits(128), version=4).hex


def generate(
    n: int, seed: int, sellers: list[tuple[Any, ...]], buyers: list[str]
) -> Iterator[tuple[tuple[Any, ...], list[tuple[Any, ...]]]]:
    rng = random.Random(seed)  # noqa: S311 (repeatable bench data, not secrets)
    makes = list(MAKES)
    weights = [MAKE_WEIGHTS.get(m, 3) for m in makes]
    now = datetime.now(UTC).replace(microsecond=0)
    start = now - timedelta(days=3 * 365)
    step = (now - start) / max(n, 1)
    this_year = date.today().year
    events = [(uid(rng), date.today() + timedelta(days=d)) for d in range(1, 60, 3)]
    for i in range(n):
        make = rng.choices(makes, weights)[0]
        wmi, models = MAKES[make]
        model, body_style, price = rng.choice(models)
        year = rng.randint(max(2010, this_year - 14), this_year)
        age = this_year - year
        trim = rng.choice(TRIMS)
        title = f"{year} {make} {model}" + (f" {trim}" if trim else "")
        vin = vin_for(i, wmi, year, rng)
        created = start + step * i + timedelta(seconds=rng.randint(0, 59))
        changed = created + timedelta(days=rng.randint(0, 30))
        status = rng.choice(STATUSES)
        opening = Decimal(max(2000, int(price * 0.85**age * rng.uniform(0.4, 0.9)) // 100 * 100))
        reserve = opening + Decimal(rng.choice([0, 1000, 2500, 5000])) if rng.random() < 0.6 else None
        received = delivered = returned = paid = released = False
        inspection, gate, sold_for, buyer, event = "pending", "Pending", None, None, None
        release_date = None
        if status == "pending":
            received = rng.random() < 0.5
            delivered = received or rng.random() < 0.3
            inspected = received and rng.random() < 0.7
            inspection = rng.choice(["inInspection", "completed"]) if inspected else "pending"
        else:
            received = delivered = True
            inspection = "completed" if status != "rejected" else rng.choice(["pending", "completed"])
        if status == "approved" and rng.random() < 0.3:
            event = rng.choice(events)
        if status == "sold":
            buyer = rng.choice(buyers)
            sold_for = opening + Decimal(rng.randint(0, 40) * 500)
            paid = rng.random() < 0.7
            gate = rng.choice(GATE_PASS) if paid else rng.choice(["Pending", "Generated"])
            released = paid and gate == "Picked Up" and rng.random() < 0.8
            release_date = changed + timedelta(days=rng.randint(1, 20)) if released else None
        if status == "cancelled":
            returned = rng.random() < 0.6
        seller_id, first, last, company = rng.choice(sellers)
        vehicle = SimpleNamespace(
            vehicle_lot_number=FIRST_LOT + i, vin_number=vin, title=title, make=make, model=model
        )
        seller = SimpleNamespace(first_name=first, last_name=last, company_name=company)
        vehicle_id = uid(rng)
        run_drive = rng.random() < 0.8
        electric = make == "Tesla"
        fuel = (
            "Electric"
            if electric
            else ("Petrol" if rng.random() < 0.85 else rng.choice(["Diesel", "Hybrid"]))
        )
        yield (
            (
                vehicle_id, created, changed, FIRST_LOT + i, vin, title, make, model, year,
                "Automatic" if rng.random() < 0.85 else rng.choice(["Manual", "CVT", "Dual-Clutch"]),
                None if electric else f"{rng.choice(['1.6', '2.0', '2.5', '3.5', '4.0', '5.7'])} L",
                rng.choice(["FWD", "RWD", "AWD", "4WD"]),
                fuel,
                rng.randint(0, 30_000) + age * rng.randint(8_000, 30_000), rng.random() < 0.9, run_drive,
                run_drive, False, rng.choice(COLORS), body_style, rng.choice(DAMAGES),
                rng.choice(DAMAGES) if rng.random() < 0.3 else None,
                None if electric else rng.choice([4, 4, 6, 6, 8]), opening, reserve, sold_for, status,
                "Update" if status == "pending" and rng.random() < 0.05 else "New", delivered, received,
                inspection, returned, paid, gate, released, release_date,
                event[0] if event else None, event[1] if event else None,
                event[0] if event else None, event[1] if event else None,
                seller_id, buyer, None, search_text(vehicle, seller),  # type: ignore[arg-type]  # duck-typed
            ),
            [
                (uid(rng), vehicle_id, position, f"/public/vehicles/{vehicle_id}-{position}.jpg",
                 f"/public/vehicles/{vehicle_id}-{position}-thumb.webp")
                for position in range(rng.randint(1, 3))
            ],
        )  # fmt: skip


def load(url: str, n: int, seed: int) -> None:
    started = time.perf_counter()
    upgrade(normalise_database_url(url))
    with psycopg.connect(psycopg_url(url), autocommit=True) as conn:
        sellers = conn.execute(
            "SELECT id, first_name, last_name, company_name FROM member"
            " WHERE status = 'approved' AND is_seller ORDER BY id"
        ).fetchall()
        buyers = [
            r[0]
            for r in conn.execute(
                "SELECT id FROM member WHERE status = 'approved' AND is_buyer ORDER BY id"
            ).fetchall()
        ]
        if not sellers or not buyers:
            raise SystemExit("no approved sellers or buyers: load members first (bench/members_generate.py)")
        with conn.transaction():
            # CASCADE: the auction runs refer to vehicles (bench/auctions_generate.py loads them again)
            conn.execute("TRUNCATE vehicle_image, vehicle CASCADE")
            dropped = secondary_indexes(conn, "vehicle") + secondary_indexes(conn, "vehicle_image")
            for name, _ in dropped:
                conn.execute(f'DROP INDEX "{name}"')
            cur = conn.cursor()
            images: list[tuple[Any, ...]] = []
            with cur.copy(f"COPY vehicle ({', '.join(VEHICLE_COLUMNS)}) FROM STDIN") as copy:
                for row, vehicle_images in generate(n, seed, sellers, buyers):
                    copy.write_row(row)
                    images.extend(vehicle_images)
            copied_vehicles = time.perf_counter()
            with cur.copy(f"COPY vehicle_image ({', '.join(IMAGE_COLUMNS)}) FROM STDIN") as copy:
                for image in images:
                    copy.write_row(image)
            copied = time.perf_counter()
            conn.execute("SET LOCAL maintenance_work_mem = '512MB'")
            for _, definition in dropped:
                conn.execute(definition)
            conn.execute(
                "INSERT INTO counter (name, value) VALUES ('vehicle_lot', %s)"
                " ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                (FIRST_LOT + n - 1,),
            )
        indexed = time.perf_counter()
        conn.execute("VACUUM ANALYZE vehicle")
        conn.execute("VACUUM ANALYZE vehicle_image")
        conn.execute("VACUUM ANALYZE vehicle_list_count")
        done = time.perf_counter()
        by_status = conn.execute(
            "SELECT status, sum(vehicles) FROM vehicle_list_count GROUP BY status ORDER BY 2 DESC"
        ).fetchall()
        size_row = conn.execute("SELECT pg_size_pretty(pg_total_relation_size('vehicle'))").fetchone()
    print(f"loaded {n:,} vehicles and {len(images):,} images in {done - started:.1f} s")
    print(
        f"  generate+COPY vehicles {copied_vehicles - started:.1f} s,"
        f" COPY images {copied - copied_vehicles:.1f} s, {len(dropped)} indexes {indexed - copied:.1f} s,"
        f" VACUUM ANALYZE {done - indexed:.1f} s"
    )
    statuses = ", ".join(f"{s} {c:,}" for s, c in by_status)
    size = size_row[0] if size_row else "?"
    print(f"  {statuses} (from vehicle_list_count); vehicle table with its indexes {size}")


def vehicle_count(url: str) -> int:
    with psycopg.connect(psycopg_url(url)) as conn:
        if conn.execute("SELECT to_regclass('vehicle')").fetchone() == (None,):
            return 0
        row = conn.execute("SELECT count(*) FROM vehicle").fetchone()
        return int(row[0]) if row else 0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", required=True, help="postgresql://user@host:port/db")
    parser.add_argument("-n", "--count", type=int, default=1_000_000, help="vehicles (default 1,000,000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--create-database", action="store_true", help="create the database when missing")
    parser.add_argument(
        "--if-fewer", action="store_true", help="load only when the database holds fewer than --count"
    )
    args = parser.parse_args()
    if not normalise_database_url(args.database_url).startswith("postgresql"):
        parser.error("the generator loads PostgreSQL only")
    if args.count > 30_000_000:
        parser.error("at most 30,000,000 vehicles (the VIN serial scheme)")
    if args.create_database:
        create_database(args.database_url)
    if args.if_fewer:
        have = vehicle_count(args.database_url)
        if have >= args.count:
            print(f"{have:,} vehicles already loaded (>= {args.count:,}); nothing to generate")
            return
    load(args.database_url, args.count, args.seed)


if __name__ == "__main__":
    main()
