"""Load N members (default 200,000) with their profiles into a PostgreSQL database, quickly.

    backend/.venv/bin/python bench/members_generate.py \
        --database-url postgresql://postgres@127.0.0.1:5432/gavel_bench [--count 200000]

The schema comes from the Alembic migrations (gavel.migrate.upgrade). Existing members are removed first,
three security plans are created when the database has fewer, then the members and profiles are streamed in
with COPY ... FROM STDIN (psycopg's copy); the indexes that back no constraint are dropped before and
recreated from their own definitions after (faster than maintaining them row by row), and the tables are
VACUUM ANALYZEd (statistics for the planner, and the visibility map set as autovacuum would leave it on a
live server, so index-only scans are what they would be in production).

The search_text column is computed by gavel.members.search.search_text itself, called on lightweight objects
that carry the same attributes as Member and MemberProfile, so it is exactly what the app writes.

Distributions (seeded, repeatable): status pending 15 %, approved 55 %, rejected 10 %, inActive 10 %,
deactivated 10 %; entity organization 25 %; member types buyer 40 %, seller 25 %, both 35 % of individuals,
organizations both, 90 % of them with a TRN (VAT-registered: a seller's TRN puts VAT on the vehicle's price);
seller types weighted towards dealers and individuals; 30 % of approved sellers trusted;
about 60 % of buyers on one of the three plans; created_at uniform over the last 3 years; ids are
uuid4-shaped hex drawn from the seeded generator, so two loads with the same seed hold the same members.
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

import psycopg  # noqa: E402
import psycopg.conninfo  # noqa: E402
import psycopg.sql  # noqa: E402

from gavel.config import normalise_database_url  # noqa: E402
from gavel.members.search import search_text  # noqa: E402
from gavel.migrate import upgrade  # noqa: E402

FIRST = [
    "Mohammed",
    "Ahmed",
    "Khalid",
    "Omar",
    "Saeed",
    "Hamdan",
    "Rashid",
    "Sultan",
    "Yousef",
    "Abdullah",
    "Fatima",
    "Mariam",
    "Aisha",
    "Noura",
    "Hessa",
    "Latifa",
    "Shamma",
    "Ravi",
    "Arjun",
    "Imran",
    "Bilal",
    "Joseph",
    "Ali",
    "Hassan",
    "Layla",
    "Sara",
    "Priya",
    "Tariq",
    "Faisal",
    "Majid",
    "Hamad",
    "Zayed",
    "Maitha",
    "Moza",
    "Alia",
    "Reem",
    "Salem",
    "Obaid",
    "Juma",
    "Khalifa",
    "Mansour",
    "Nasser",
    "Waleed",
    "Karim",
    "Rania",
    "Dina",
    "Hala",
    "Youssef",
    "Samir",
    "Nadia",
    "Anil",
    "Suresh",
    "Deepak",
    "Vikram",
    "Anjali",
    "Farhan",
    "Usman",
    "Zainab",
    "Ayesha",
    "Grace",
    "Maria",
    "John",
    "Daniel",
    "Michael",
    "Thomas",
    "Olga",
    "Ivan",
    "Chen",
    "Wei",
    "Li",
]
LAST = [
    "Al Mansoori", "Al Nuaimi", "Al Falasi", "Al Suwaidi", "Al Ketbi", "Al Hashemi", "Al Mazrouei",
    "Al Shamsi", "Al Marri", "Al Zaabi", "Al Dhaheri", "Al Mheiri", "Al Ameri", "Al Kaabi", "Al Blooshi",
    "Al Hammadi", "Al Qubaisi", "Al Romaithi", "Al Muhairi", "Al Tayer", "Khan", "Nair", "Menon", "Qureshi",
    "Haddad", "Saleh", "Pillai", "Sharma", "Patel", "Iyer", "Fernandes", "Siddiqui", "Malik", "Hussain",
    "Abdallah", "Nasser", "Farouk", "Mahmoud", "Smith", "Brown", "Wilson", "Reyes", "Santos", "Cruz",
    "Ivanov", "Wang", "Zhang", "Kumar", "Das", "Rahman",
]  # fmt: skip
COMPANY_A = [
    "Desert",
    "Gulf",
    "Emirates",
    "Falcon",
    "Oasis",
    "Creek",
    "Marina",
    "Dunes",
    "Palm",
    "Jebel",
    "Pearl",
    "Horizon",
    "Sahara",
    "Golden",
    "Royal",
    "Capital",
    "Crescent",
    "Summit",
    "Union",
    "Atlas",
    "Eagle",
    "Star",
    "Coral",
]
COMPANY_B = [
    "Motors", "Fleet Rentals", "Auto Traders", "Car Exchange", "Salvage Co", "Leasing", "Auto Parts",
    "Logistics", "Car Export", "Auto Finance", "Insurance", "Rent a Car", "Used Cars", "Transport",
]  # fmt: skip
PLACES = [
    ("Dubai", "Dubai", "Al Quoz"), ("Dubai", "Dubai", "Mirdif"), ("Dubai", "Dubai", "Deira"),
    ("Dubai", "Dubai", "Al Barsha"), ("Dubai", "Dubai", "Jumeirah"), ("Sharjah", "Sharjah", "Al Nahda"),
    ("Sharjah", "Sharjah", "Muwaileh"), ("Abu Dhabi", "Abu Dhabi", "Khalifa City"),
    ("Abu Dhabi", "Al Ain", "Al Jimi"), ("Abu Dhabi", "Abu Dhabi", "Mussafah"), ("Ajman", "Ajman", "Al Jurf"),
    ("Ras Al Khaimah", "Ras Al Khaimah", "Al Hamra"), ("Fujairah", "Fujairah", "Sakamkam"),
    ("Umm Al Quwain", "Umm Al Quwain", "Al Salamah"),
]  # fmt: skip
NATIONALITIES = [
    "Indian", "Pakistani", "Egyptian", "Jordanian", "Filipino", "British", "Lebanese", "Syrian",
    "Bangladeshi", "Russian", "Chinese", "Sri Lankan",
]  # fmt: skip
STATUSES = ["pending"] * 15 + ["approved"] * 55 + ["rejected"] * 10 + ["inActive"] * 10 + ["deactivated"] * 10
SELLER_TYPES = ["individual"] * 4 + ["dealer"] * 4 + ["bank", "insurance", "rental", "fleet", "government"]
PHONE_PREFIXES = ["50", "52", "54", "55", "56", "58"]
PLANS = [
    ("Basic", "basic", Decimal("5000.00"), Decimal("50000.00")),
    ("Silver", "silver", Decimal("10000.00"), Decimal("150000.00")),
    ("Gold", "gold", Decimal("25000.00"), Decimal("500000.00")),
]

MEMBER_COLUMNS = (
    "id", "created_at", "updated_at", "first_name", "last_name", "email", "phone", "profile_image",
    "is_trusted_seller", "member_identity_no", "is_seller", "is_buyer", "seller_type", "member_entity",
    "company_name", "trn", "status", "request_type", "security_plan_id", "buying_power", "password_hash",
    "must_change_password", "status_changed_at", "search_text",
)  # fmt: skip
PROFILE_COLUMNS = (
    "id", "member_id", "nationality", "address", "emirate", "city", "dob", "trade_license_number",
    "trade_license_expiry", "identity_type", "identity_expiry", "identity_front_image", "identity_back_image",
    "trade_license_image",
)  # fmt: skip


def psycopg_url(url: str) -> str:
    """A libpq URL for psycopg, whatever form (postgresql://, postgresql+psycopg://) was given."""
    return normalise_database_url(url).replace("postgresql+psycopg://", "postgresql://", 1)


def ensure_plans(conn: psycopg.Connection) -> list[tuple[str, Decimal]]:
    rows = conn.execute("SELECT id, buying_power FROM security_plan ORDER BY buying_power").fetchall()
    if len(rows) >= 3:
        return [(r[0], r[1]) for r in rows[:3]]
    now = datetime.now(UTC)
    for name, key, amount, power in PLANS:
        conn.execute(
            "INSERT INTO security_plan"
            " (id, name, name_key, plan_amount, buying_power, created_at, updated_at)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (name_key) DO NOTHING",
            (uuid.uuid4().hex, f"{name} (bench)", f"{key} (bench)", amount, power, now, now),
        )
    return ensure_plans(conn)


Row = tuple[Any, ...]


def generate(n: int, seed: int, plans: list[tuple[str, Decimal]]) -> Iterator[tuple[Row, Row]]:
    """Yield (member row, profile row) tuples in MEMBER_COLUMNS / PROFILE_COLUMNS order."""
    rng = random.Random(seed)  # noqa: S311 (repeatable bench data, not secrets)
    vat_rng = random.Random(seed + 1)  # noqa: S311 (its own stream: the members are the same as without TRNs)
    now = datetime.now(UTC).replace(microsecond=0)
    today = date.today()
    three_years = 3 * 365 * 24 * 3600
    phones = rng.sample(range(len(PHONE_PREFIXES) * 10_000_000), n)

    def uid() -> str:
        return uuid.UUID(int=rng.getrandbits(128), version=4).hex

    for i in range(n):
        first, last = rng.choice(FIRST), rng.choice(LAST)
        organization = rng.random() < 0.25
        company = None
        if organization:
            company = f"{rng.choice(COMPANY_A)} {rng.choice(COMPANY_B)} {rng.choice(('LLC', 'FZE', 'FZCO'))}"
            kinds: tuple[str, ...] = ("seller", "buyer")
        else:
            r = rng.random()
            kinds = ("buyer",) if r < 0.40 else ("seller",) if r < 0.65 else ("seller", "buyer")
        status = rng.choice(STATUSES)
        is_seller, is_buyer = "seller" in kinds, "buyer" in kinds
        seller_type = (
            ("dealer" if organization and rng.random() < 0.6 else rng.choice(SELLER_TYPES))
            if (is_seller)
            else None
        )
        plan = plans[rng.randrange(3)] if is_buyer and rng.random() < 0.6 else None
        created = now - timedelta(seconds=rng.randrange(three_years))
        changed = None if status == "pending" else created + timedelta(hours=rng.randint(1, 24 * 30))
        changed = min(changed, now) if changed else None
        passport = rng.random() < 0.45
        year = rng.randint(1955, 2005)
        emirate, city, area = rng.choice(PLACES)
        pnum = phones[i]
        phone = f"+971{PHONE_PREFIXES[pnum // 10_000_000]}{pnum % 10_000_000:07d}"
        domain = rng.choice(("gmail.com", "outlook.com", "yahoo.com", "example.ae"))
        if company:
            domain = company.split(" ")[0].lower() + "-trading.ae"
        member = SimpleNamespace(
            id=uid(),
            first_name=first,
            last_name=last,
            email=f"{first}.{last.replace(' ', '')}.{i}@{domain}".lower(),
            phone=phone,
            member_identity_no=f"P{rng.randint(1000000, 9999999)}"
            if passport
            else f"784-{year}-{rng.randint(1000000, 9999999)}-{rng.randint(0, 9)}",
            seller_type=seller_type,
            member_entity="organization" if organization else "individual",
            company_name=company,
            # A TRN for 90 % of organizations (VAT-registered businesses: UAE TRNs are 15 digits from 100);
            # unique, as 7,919 is prime to 10**12.
            trn=f"100{(i * 7919 + 104_729) % 10**12:012d}"
            if organization and vat_rng.random() < 0.9
            else None,
            status=status,
            status_reason=None,  # not generated: the column stays empty (migration 0008)
            request_type="Update" if status == "pending" and rng.random() < 0.2 else "New",
            is_trusted_seller=is_seller and status == "approved" and rng.random() < 0.3,
            buying_power=plan[1] if plan else Decimal("0"),
            member_types=list(kinds),
        )
        profile = SimpleNamespace(
            nationality=rng.choice(NATIONALITIES) if passport else "Emirati",
            address=f"{'Office' if organization else 'Villa'} {rng.randint(1, 250)}, "
            f"Street {rng.randint(1, 40)}, {area}",
            emirate=emirate,
            city=city,
            dob=None if organization else date(year, rng.randint(1, 12), rng.randint(1, 28)),
            trade_license_number=f"TL-{rng.randint(100000, 999999)}" if organization else None,
            trade_license_expiry=today + timedelta(days=rng.randint(30, 900)) if organization else None,
            identity_type="passport" if passport else "nic",
            identity_expiry=today + timedelta(days=rng.randint(30, 1800)),
        )
        text = search_text(member, profile)  # type: ignore[arg-type]  # duck-typed Member / MemberProfile
        folder = "members"
        yield (
            (
                member.id, created, changed or created, first, last, member.email, phone,
                f"/public/{folder}/{uid()}-photo.jpg" if rng.random() < 0.5 else None,
                member.is_trusted_seller, member.member_identity_no, is_seller, is_buyer, seller_type,
                member.member_entity, company, member.trn, status, member.request_type,
                plan[0] if plan else None,
                member.buying_power, None, False, changed, text,
            ),
            (
                uid(), member.id, profile.nationality, profile.address, emirate, city, profile.dob,
                profile.trade_license_number, profile.trade_license_expiry, profile.identity_type,
                profile.identity_expiry, f"/public/{folder}/{uid()}-id-front.jpg",
                f"/public/{folder}/{uid()}-id-back.jpg",
                f"/public/{folder}/{uid()}-licence.pdf" if organization else None,
            ),
        )  # fmt: skip


def secondary_indexes(conn: psycopg.Connection, table: str) -> list[tuple[str, str]]:
    """(name, CREATE INDEX statement) of the table's indexes that back no constraint."""
    return conn.execute(
        "SELECT i.indexname, i.indexdef FROM pg_indexes i"
        " WHERE i.schemaname = current_schema() AND i.tablename = %s"
        " AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)",
        (table,),
    ).fetchall()


def load(url: str, n: int, seed: int) -> None:
    started = time.perf_counter()
    upgrade(normalise_database_url(url))
    migrated = time.perf_counter()
    with psycopg.connect(psycopg_url(url), autocommit=True) as conn:
        plans = ensure_plans(conn)
        # Building the indexes once after the load is several times faster than maintaining them row by row
        # (the GIN trigram index above all); they are recreated from their own definitions, unchanged.
        with conn.transaction():
            conn.execute(
                "TRUNCATE member_profile, member CASCADE"
            )  # bench database: whatever refers to members goes too
            dropped = secondary_indexes(conn, "member") + secondary_indexes(conn, "member_profile")
            for name, _ in dropped:
                conn.execute(f'DROP INDEX "{name}"')
            cur = conn.cursor()
            member_copy = f"COPY member ({', '.join(MEMBER_COLUMNS)}) FROM STDIN"
            profile_rows = []
            with cur.copy(member_copy) as copy:
                for member_row, profile_row in generate(n, seed, plans):
                    copy.write_row(member_row)
                    profile_rows.append(profile_row)
            copied_members = time.perf_counter()
            with cur.copy(f"COPY member_profile ({', '.join(PROFILE_COLUMNS)}) FROM STDIN") as copy:
                for row in profile_rows:
                    copy.write_row(row)
            copied = time.perf_counter()
            conn.execute("SET LOCAL maintenance_work_mem = '512MB'")
            for _, definition in dropped:
                conn.execute(definition)
        indexed = time.perf_counter()
        conn.execute("VACUUM ANALYZE member")
        conn.execute("VACUUM ANALYZE member_profile")
        conn.execute("VACUUM ANALYZE security_plan")
        done = time.perf_counter()
        by_status = conn.execute(
            "SELECT status, count(*) FROM member GROUP BY status ORDER BY 2 DESC"
        ).fetchall()
        size_row = conn.execute("SELECT pg_size_pretty(pg_total_relation_size('member'))").fetchone()
        size = size_row[0] if size_row else "?"
    print(f"loaded {n:,} members and profiles in {done - started:.1f} s")
    print(
        f"  migrations {migrated - started:.1f} s, generate+COPY members {copied_members - migrated:.1f} s,"
        f" COPY profiles {copied - copied_members:.1f} s, {len(dropped)} indexes {indexed - copied:.1f} s,"
        f" VACUUM ANALYZE {done - indexed:.1f} s"
    )
    statuses = ", ".join(f"{s} {c:,}" for s, c in by_status)
    print(f"  {statuses}; member table with its indexes {size}")


def create_database(url: str) -> None:
    """CREATE DATABASE when the URL's database does not exist (through the server's postgres database)."""
    info = psycopg.conninfo.conninfo_to_dict(psycopg_url(url))
    name = str(info.get("dbname") or "")
    if not name:
        raise SystemExit("the database URL names no database")
    server = psycopg.conninfo.make_conninfo(psycopg_url(url), dbname="postgres")
    with psycopg.connect(server, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None:
            conn.execute(psycopg.sql.SQL("CREATE DATABASE {}").format(psycopg.sql.Identifier(name)))
            print(f"created database {name}")


def member_count(url: str) -> int:
    with psycopg.connect(psycopg_url(url)) as conn:
        if conn.execute("SELECT to_regclass('member')").fetchone() == (None,):
            return 0
        row = conn.execute("SELECT count(*) FROM member").fetchone()
        return int(row[0]) if row else 0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", required=True, help="postgresql://user@host:port/db")
    parser.add_argument("-n", "--count", type=int, default=200_000, help="members to load (default 200,000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--create-database", action="store_true", help="create the database when missing")
    parser.add_argument(
        "--if-fewer", action="store_true", help="load only when the database holds fewer members than --count"
    )
    args = parser.parse_args()
    if not normalise_database_url(args.database_url).startswith("postgresql"):
        parser.error("the generator loads PostgreSQL only")
    if args.create_database:
        create_database(args.database_url)
    if args.if_fewer:
        have = member_count(args.database_url)
        if have >= args.count:
            print(f"{have:,} members already loaded (>= {args.count:,}); nothing to generate")
            return
    load(args.database_url, args.count, args.seed)


if __name__ == "__main__":
    main()
