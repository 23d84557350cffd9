"""Issue 26, members bid online at scale: the stack and the data (bench/bidders_bench.py runs the cases).

- `CommitStack`: bidding_setup.Stack (a PostgreSQL of its own, `python -m gavel serve` with 2 app processes)
  whose PostgreSQL records each transaction's commit time (`track_commit_timestamp = on`, set with ALTER
  SYSTEM and a restart before the app starts): a lot event's commit is `pg_xact_commit_timestamp(xmin)` of
  its row, the moment the bid's transaction committed, on the machine's clock (the same clock as the
  bench's `time.time()`).
- `seed_bidders`: N approved buyers (the sale's plan, its deposit held, its buying power) with a profile, a
  bidder account (paddle), a used sign-in code and a live bidder session each, written with COPY in one
  transaction, not through the sign-in API. The sessions are real rows: the token is `bid_` + 256 random
  bits and the row keeps its SHA-256, as `bidder_service.verify` makes them, so every bidder route and the
  bidder socket accept them. The member counts (member_list_count) follow through migration 0006's
  triggers; the paddle counter is moved past the paddles given.
- `lot_events`: a lot's events with their commit times, and which member's bid at which amount each holds.
"""

from __future__ import annotations

import hashlib
import secrets
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

import psycopg
from bidding_setup import Stack
from members_generate import MEMBER_COLUMNS, PROFILE_COLUMNS, psycopg_url

TOKEN_PREFIX = "bid_"  # noqa: S105 (gavel.bidders.service.TOKEN_PREFIX: a token's kind, not a secret)
PADDLES = "bidder_paddle"  # gavel.bidders.repository.PADDLES
FIRST_PADDLE = 101


class CommitStack(Stack):
    """bidding_setup.Stack whose PostgreSQL keeps commit timestamps (and with `log_statements`, logs every
    statement with its duration, its time and its backend)."""

    log_statements = False

    async def start(self) -> None:
        init = self.server.init

        def init_keeping_commit_times() -> None:
            init()
            with psycopg.connect(self.server.url("postgres"), autocommit=True) as conn:
                conn.execute("ALTER SYSTEM SET track_commit_timestamp = on")
                if self.log_statements:  # every statement with its time and backend (where a bid waits)
                    conn.execute("ALTER SYSTEM SET log_min_duration_statement = 0")
                    conn.execute("ALTER SYSTEM SET log_line_prefix = '%m [%p] '")
            self.server.restart()

        self.server.init = init_keeping_commit_times  # type: ignore[method-assign]
        await super().start()

    @property
    def plain_url(self) -> str:
        return psycopg_url(self.database_url)


@dataclass
class Bidders:
    """The seeded members, in order: member_ids[i] signs in with tokens[i]."""

    member_ids: list[str] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)


def seed_bidders(url: str, count: int, plan_id: str) -> Bidders:
    """`count` approved buyers with live bidder sessions, in one transaction of COPYs."""
    started = time.perf_counter()
    from gavel.members.search import search_text

    now = datetime.now(UTC)
    approved = now - timedelta(days=30)
    signed_in = now - timedelta(minutes=20)
    # Last used 100-700 s ago, spread evenly: a session is touched by a request 600 s (TOUCH_INTERVAL) after
    # its last touch, and 20,000 pollers at 200 requests a second poll once every 100 s each. In a steady
    # state a sixth of the polls touch their session; so do a sixth of these members' first polls.
    last_touch = 100  # s
    expiry = date.today() + timedelta(days=900)
    made = Bidders()
    with psycopg.connect(url) as conn:
        plan = conn.execute(
            "SELECT plan_amount, buying_power FROM security_plan WHERE id = %s", (plan_id,)
        ).fetchone()
        if plan is None:
            raise SystemExit(f"seed: security plan {plan_id} does not exist")
        deposit, power = Decimal(plan[0]), Decimal(plan[1])
        first_paddle = conn.execute(
            "INSERT INTO counter (name, value) VALUES (%s, %s) ON CONFLICT (name) "
            "DO UPDATE SET value = counter.value + %s RETURNING value",
            (PADDLES, FIRST_PADDLE + count - 1, count),
        ).fetchone()
        assert first_paddle is not None
        paddle0 = int(first_paddle[0]) - count + 1
        members, profiles, codes, sessions, accounts = [], [], [], [], []
        for n in range(count):
            member_id, code_id = uuid.uuid4().hex, uuid.uuid4().hex
            token = TOKEN_PREFIX + secrets.token_urlsafe(32)
            email = f"online.bidder{n}@example.com"
            phone = f"+971589{n:06d}"
            member = SimpleNamespace(
                first_name="Online",
                last_name=f"Bidder {n}",
                email=email,
                phone=phone,
                member_identity_no=f"P{5000000 + n}",
                seller_type=None,
                member_entity="individual",
                company_name=None,
                trn=None,
                status="approved",
                status_reason=None,
                request_type="New",
                is_trusted_seller=False,
                buying_power=power,
                member_types=["buyer"],
            )
            profile = SimpleNamespace(
                nationality="Emirati",
                address=f"Villa {n % 250 + 1}, Street 4, Mirdif",
                emirate="Dubai",
                city="Dubai",
                dob=date(1985, 1 + n % 12, 1 + n % 28),
                trade_license_number=None,
                trade_license_expiry=None,
                identity_type="passport",
                identity_expiry=expiry,
            )
            text = search_text(member, profile)  # type: ignore[arg-type]  # duck-typed, as members_generate
            members.append(
                (
                    member_id, approved, approved, "Online", f"Bidder {n}", email, phone, None, False,
                    member.member_identity_no, False, True, None, "individual", None, None, "approved",
                    "New", plan_id, power, None, False, approved, text, deposit,
                )
            )  # fmt: skip
            profiles.append(
                (
                    uuid.uuid4().hex, member_id, "Emirati", profile.address, "Dubai", "Dubai", profile.dob,
                    None, None, "passport", expiry, None, None, None,
                )
            )  # fmt: skip
            codes.append(
                (code_id, member_id, email, "email", "0" * 64, signed_in, signed_in + timedelta(minutes=5),
                 0, signed_in, None)
            )  # fmt: skip
            sessions.append(
                (uuid.uuid4().hex, member_id, code_id, hashlib.sha256(token.encode()).hexdigest(),
                 "Bench phone", "Android", "Chrome", "127.0.0.1", signed_in,
                 now - timedelta(seconds=last_touch + n * 7919 % 600), None, None)
            )  # fmt: skip
            accounts.append((member_id, paddle0 + n, "sms", signed_in))
            made.member_ids.append(member_id)
            made.tokens.append(token)
        tables: list[tuple[str, tuple[str, ...], list[tuple[Any, ...]]]] = [
            ("member", (*MEMBER_COLUMNS, "deposit_held"), members),
            ("member_profile", PROFILE_COLUMNS, profiles),
            (
                "bidder_code",
                ("id", "member_id", "address", "channel", "code_hash", "created_at", "expires_at",
                 "attempts", "used_at", "revoked_at"),
                codes,
            ),
            (
                "bidder_session",
                ("id", "member_id", "code_id", "token_hash", "device_name", "operating_system",
                 "browser_name", "ip_address", "created_at", "last_active_at", "ended_at", "end_reason"),
                sessions,
            ),
            ("bidder_account", ("member_id", "paddle", "code_channel", "created_at"), accounts),
        ]  # fmt: skip
        with conn.cursor() as cur:
            for table, columns, rows in tables:
                with cur.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row(row)
        conn.commit()
        conn.autocommit = True
        for table in ("member", "member_profile", "bidder_session", "bidder_account", "bidder_code"):
            conn.execute(f"ANALYZE {table}")
    print(
        f"  seeded {count:,} bidders with sessions (COPY) in {time.perf_counter() - started:.1f} s",
        flush=True,
    )
    return made


@dataclass
class LotEventRow:
    sequence: int
    kind: str
    committed: float  # time.time() of the transaction's commit
    bids: list[tuple[str, Decimal]]  # (member, amount) of the bid's rows


def lot_events(url: str, lot_id: str) -> list[LotEventRow]:
    """The lot's events in order, with their transactions' commit times."""
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT sequence, kind, extract(epoch FROM pg_xact_commit_timestamp(xmin)), payload "
            "FROM lot_event WHERE lot_id = %s ORDER BY sequence",
            (lot_id,),
        ).fetchall()
    found = []
    for sequence, kind, committed, payload in rows:
        bids = [
            (str(r["bidderId"]), Decimal(str(r["amount"])))
            for r in (payload or {}).get("bids") or ()
            if isinstance(r, dict) and r.get("bidderId")
        ]
        found.append(LotEventRow(int(sequence), str(kind), float(committed or 0.0), bids))
    return found
