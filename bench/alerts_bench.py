"""Alerts (issue 14): how fast the dispatcher delivers, and what a trigger adds to the change that causes it.

    backend/.venv/bin/python bench/alerts_bench.py \
        [--database-url postgresql://postgres@127.0.0.1:5432/gavel_bench | --database-url sqlite] \
        [--messages 5000] [--approvals 200]

Everything happens in a scratch schema of the bench database (created, migrated with the Alembic migrations,
dropped at the end), or in a temporary SQLite file with `--database-url sqlite`.

1. Dispatch throughput: N SMS queued at once, then one dispatcher (gavel.alerts.delivery.dispatcher, the
   app's own: claim a batch with FOR UPDATE SKIP LOCKED and commit, send 20 at a time, record the answers in
   a second transaction) drains them; messages per second from its first claim to its last record. Twice:
   to the local outbox (one JSON file per message) and to a fake Twilio Messages API (tests/alerts/delivery/
   fakes.py) over HTTP in a process of its own, as a real provider would be. Target: at least 200 messages
   per second on this machine.
2. Trigger cost: members approved one request at a time (PUT /api/members/update-status through the real app
   in process, as a signed-in Super Admin), in alternating blocks with the memberApproved alerts switched on
   (an SMS, a WhatsApp and an email rendered and written with the change) and off. Target: at most 5 ms more
   per approval.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

BACKEND = Path(__file__).resolve().parents[1] / "backend"
sys.path.insert(0, str(BACKEND))

from httpx import ASGITransport, AsyncClient  # noqa: E402
from sqlalchemy import create_engine, delete, func, insert, select, text  # noqa: E402

from gavel.alerts.delivery.dispatcher import Dispatcher  # noqa: E402
from gavel.alerts.models import AlertMessage, AlertMessageEvent  # noqa: E402
from gavel.bootstrap import ensure_first_admin  # noqa: E402
from gavel.config import Settings, normalise_database_url  # noqa: E402
from gavel.core.clock import SystemClock  # noqa: E402
from gavel.db import make_engine, make_sessionmaker, new_id  # noqa: E402
from gavel.main import create_app  # noqa: E402
from gavel.migrate import sync_url, upgrade  # noqa: E402

ADMIN_EMAIL = "bench-alerts@example.com"
ADMIN_PASSWORD = "Bench-Alerts-2026!"  # noqa: S105 (a scratch schema's administrator)
THROUGHPUT_TARGET = 200.0
TRIGGER_TARGET_MS = 5.0
BLOCK = 20


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_fake_twilio(port: int) -> None:
    """The fake Twilio of the tests, alone in this process."""
    sys.path.insert(0, str(BACKEND))
    from tests.alerts.delivery.fakes import FakeTwilio

    fake = FakeTwilio()
    fake.port = port
    fake.start()
    print("ready", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        fake.stop()


class Scratch:
    """A schema of its own in the bench database (or a temporary SQLite file), migrated."""

    def __init__(self, url: str) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="gavel-alerts-bench-"))
        self.schema: str | None = None
        if url == "sqlite":
            self.url = f"sqlite+aiosqlite:///{self.tmp / 'bench.db'}"
            self.base = ""
        else:
            self.base = normalise_database_url(url)
            self.schema = f"alerts_bench_{uuid.uuid4().hex[:8]}"
            admin = create_engine(sync_url(self.base), isolation_level="AUTOCOMMIT")
            with admin.connect() as conn:
                conn.execute(text(f'CREATE SCHEMA "{self.schema}"'))
            admin.dispose()
            self.url = f"{self.base}{'&' if '?' in self.base else '?'}options=-csearch_path%3D{self.schema}"
        upgrade(self.url)

    def drop(self) -> None:
        if self.schema:
            admin = create_engine(sync_url(self.base), isolation_level="AUTOCOMMIT")
            with admin.connect() as conn:
                conn.execute(text(f'DROP SCHEMA "{self.schema}" CASCADE'))
            admin.dispose()

    def settings(self, **values: Any) -> Settings:
        return Settings(
            database_url=self.url,
            data_dir=self.tmp / "data",
            spa_dir=self.tmp / "no-spa",
            admin_email=ADMIN_EMAIL,
            admin_password=ADMIN_PASSWORD,
            demo_data=False,
            log_json=False,
            run_jobs=False,
            **values,
        )


async def throughput(scratch: Scratch, settings: Settings, count: int) -> tuple[float, int]:
    engine = make_engine(scratch.url)
    maker = make_sessionmaker(engine)
    now = datetime.now(UTC)
    rows = [
        {
            "id": new_id(),
            "channel": "sms",
            "origin": "event",
            "event": "memberApproved",
            "recipient": f"+97150{n:07d}",
            "recipient_name": f"Member {n}",
            "language": "en",
            "body": f"Gavel: your registration is approved. Welcome, Member {n}!",
            "status": "queued",
            "attempts": 0,
            "next_attempt_at": now,
            "created_at": now,
            "updated_at": now,
            "search_text": f"+97150{n:07d}",
        }
        for n in range(count)
    ]
    async with maker() as session:
        await session.execute(delete(AlertMessageEvent))
        await session.execute(delete(AlertMessage))
        for start in range(0, count, 1000):
            await session.execute(insert(AlertMessage), rows[start : start + 1000])
        await session.commit()
    dispatcher = Dispatcher(maker, SystemClock(), settings, name="bench")
    started = time.perf_counter()
    handled = await dispatcher.run_once()
    elapsed = time.perf_counter() - started
    await dispatcher.aclose()
    async with maker() as session:
        done = await session.scalar(
            select(func.count()).where(AlertMessage.status.in_(["sent", "delivered"]))
        )
        await session.execute(delete(AlertMessageEvent))
        await session.execute(delete(AlertMessage))
        await session.commit()
    await engine.dispose()
    assert handled == count, (handled, count)
    return count / elapsed, int(done or 0)


def member_body(n: int) -> dict[str, Any]:
    return {
        "firstName": "Bench",
        "lastName": f"Member{n}",
        "email": f"bench{n}@example.com",
        "phone": f"050{n + 1000000:07d}",
        "memberIdentityNo": f"784-1990-{n + 1000000:07d}-1",
        "memberTypes": ["buyer"],
        "memberEntity": "individual",
        "memberProfile": {"identityType": "passport", "identityExpiry": "2035-01-01"},
    }


async def trigger_cost(scratch: Scratch, approvals: int) -> tuple[list[float], list[float]]:
    settings = scratch.settings()
    app = create_app(settings)
    async with app.state.sessionmaker() as session:
        await ensure_first_admin(session, settings)
        await session.commit()
    on: list[float] = []
    off: list[float] = []
    transport = ASGITransport(app=app, raise_app_exceptions=True)
    async with AsyncClient(transport=transport, base_url="http://bench") as client:
        login = await client.post("/api/auth/login", json={"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})
        headers = {"authorization": f"Bearer {login.json()['token']}"}
        ids = []
        for n in range(approvals + 2 * BLOCK):
            created = await client.post("/api/members/create", json=member_body(n), headers=headers)
            if created.status_code != 201:
                raise SystemExit(f"member not created: {created.status_code} {created.text}")
            ids.append(created.json()["data"]["_id"])

        async def switch(enabled: bool) -> None:
            for channel in ("sms", "whatsapp", "email"):
                body = {"event": "memberApproved", "channel": channel, "enabled": enabled}
                r = await client.put("/api/alerts/switches", json=body, headers=headers)
                assert r.status_code == 200, r.text

        async def approve(member_id: str) -> float:
            started = time.perf_counter()
            r = await client.put(
                "/api/members/update-status", json={"ids": [member_id], "status": "approved"}, headers=headers
            )
            elapsed = time.perf_counter() - started
            assert r.status_code == 200, r.text
            return elapsed * 1000

        warm, timed = ids[: 2 * BLOCK], ids[2 * BLOCK :]
        for i, member_id in enumerate(warm):  # warm-up, both ways
            await switch(i < BLOCK)
            await approve(member_id)
        for block_start in range(0, len(timed), BLOCK):
            enabled = (block_start // BLOCK) % 2 == 0
            await switch(enabled)
            for member_id in timed[block_start : block_start + BLOCK]:
                (on if enabled else off).append(await approve(member_id))
        async with app.state.sessionmaker() as session:
            written = await session.scalar(select(func.count()).select_from(AlertMessage))
        print(f"  messages written by the approvals with alerts on: {written}", flush=True)
    await app.state.engine.dispose()
    return on, off


def pct(values: list[float], p: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def run(url: str, messages: int, approvals: int, port: int) -> None:
    print(f"alerts bench on {'a temporary SQLite file' if url == 'sqlite' else url}; load {os.getloadavg()}")
    scratch = Scratch(url)
    try:
        local = scratch.settings()
        twilio = scratch.settings(
            sms_provider="twilio",
            twilio_account_sid="AC" + "1" * 32,
            twilio_auth_token="twilio-token",  # noqa: S106 (the fake's)
            twilio_sms_from="+15005550006",
            twilio_base_url=f"http://127.0.0.1:{port}",
            public_url="https://gavel.example.com",
        )
        print(f"1. dispatch throughput, {messages} SMS queued (batch 100, 20 at a time):")
        for name, settings in (("local outbox", local), ("fake Twilio over HTTP", twilio)):
            rate, done = await throughput(scratch, settings, messages)
            verdict = "ok" if rate >= THROUGHPUT_TARGET else f"MISS < {THROUGHPUT_TARGET:.0f}/s"
            print(f"  {name:<24} {rate:8.0f} messages/s   ({done} sent)   {verdict}", flush=True)
        print(f"2. approving a member, one request each, {approvals} timed, blocks of {BLOCK}:")
        on, off = await trigger_cost(scratch, approvals)
        for name, values in (("alerts on (3 messages)", on), ("alerts off", off)):
            print(
                f"  {name:<24} p50 {statistics.median(values):6.2f} ms   p95 {pct(values, 95):6.2f} ms"
                f"   mean {statistics.fmean(values):6.2f} ms   ({len(values)} runs)"
            )
        extra = statistics.median(on) - statistics.median(off)
        verdict = "ok" if extra <= TRIGGER_TARGET_MS else f"MISS > {TRIGGER_TARGET_MS:.0f} ms"
        print(f"  extra time of the trigger (p50 on - p50 off): {extra:5.2f} ms   {verdict}")
    finally:
        scratch.drop()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/gavel_bench"),
        help="the bench PostgreSQL database (a scratch schema is used and dropped), or 'sqlite'",
    )
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--approvals", type=int, default=200)
    parser.add_argument("--serve-fake-twilio", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_fake_twilio:
        serve_fake_twilio(args.serve_fake_twilio)
        return
    port = free_port()
    fake = subprocess.Popen(  # noqa: S603
        [sys.executable, __file__, "--serve-fake-twilio", str(port)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert fake.stdout is not None and fake.stdout.readline().strip() == "ready"
        asyncio.run(run(args.database_url, args.messages, args.approvals, port))
    finally:
        fake.terminate()
        fake.wait(timeout=10)


if __name__ == "__main__":
    main()
