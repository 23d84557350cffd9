"""Issue 16, second half: what the clients of a Gavel on PostgreSQL see, and what becomes of the messages,
while the SMTP server and the SMS/WhatsApp providers are down.

    backend/.venv/bin/python bench/faults_probe.py --fault providers [--outage refuse|error|hang]
        [--outage-seconds 5] [--clients 16] [--before 4] [--after 6] [--drain 60]

Like the database probes of faults_database.py (whose PostgreSQL, app process, readers and report it shares), but
the app is pointed at stand-ins the probe runs itself, in its own event loop:

  - an SMTP server (aiosmtpd, a dependency of the backend) that takes every mail and notes its Message-ID,
    which the app makes from the message's id (`<id@domain>`);
  - Twilio's Messages API (GAVEL_TWILIO_BASE_URL; SMS): 201 with a `sid`; the message's id comes back in the
    StatusCallback address (`?m=`, GAVEL_PUBLIC_URL set; no callback is ever called);
  - Meta's WhatsApp Cloud API (GAVEL_META_BASE_URL; WhatsApp): 200 with a `wamid`; the message's id comes
    back in `biz_opaque_callback_data`.

16 clients read (the lists of faults_database.py and the alerts' outbox) and one writes: it registers a member
(POST /api/members/create) and approves the registration (PUT /api/members/update-status), which queues the
member's 'memberApproved' SMS, WhatsApp and email in the same transaction. After --before seconds the three
stand-ins go down for --outage-seconds:

  refuse  they stop listening and end their open connections (connection refused, as a server that is off);
  error   they answer errors: SMTP 421 to the mail, HTTP 503 with Retry-After: 1 (Twilio's and Meta's
          'temporarily unavailable');
  hang    they accept connections and never answer (the app's own timeout ends each try).

Then they come back, the load goes on for --after seconds, and the probe waits up to --drain seconds for every
message of the approved members to leave the queue. The app's retry settings are shortened for the run
(GAVEL_DISPATCH_BACKOFF_SECONDS=1, ..._MAX_SECONDS=4, ..._TIMEOUT_SECONDS=3; production: 30 s, 1 h, 20 s), so
that retries happen within the run; the report says when a message would be tried next if one is still queued.

Report: the API's answers by status (targets: none dropped, no 500, no failure at all: sending is queued, so
the API does not depend on the providers), then the messages: every acknowledged approval has its three
messages in the database, each was received by its stand-in exactly once (none lost, none sent twice), and
the database says sent for exactly those received. Exit status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import email
import json
import signal
import subprocess
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit
from uuid import uuid4

import faults_database as fp
import httpx
import psycopg
from aiosmtpd.smtp import SMTP

TWILIO_SID = "AC" + "7" * 32
META_PHONE_ID = "100200300400500"
READS = [*fp.READS, ("POST", "/api/alerts/messages", {"limit": 10})]
EVENT = "memberApproved"


def emirates_id(n: int) -> str:
    """784-1990-NNNNNNN-C with C the Luhn check digit, as the app checks it."""
    digits = f"7841990{n % 10_000_000:07d}"
    for check in range(10):
        total = 0
        for position, char in enumerate(reversed(digits + str(check))):
            d = int(char)
            if position % 2 == 1:
                d = d * 2 - 9 if d > 4 else d * 2
            total += d
        if total % 10 == 0:
            return f"784-1990-{digits[7:]}-{check}"
    raise AssertionError("unreachable")


# ------------------------------------------------------------------------------------------ stand-ins


@dataclass
class Received:
    channel: str
    at: float  # time.monotonic()


class StandIns:
    """The SMTP server, Twilio and Meta of the run, in this event loop. `mode`: up, refuse, error, hang."""

    def __init__(self) -> None:
        self.smtp_port = fp.free_port()
        self.http_port = fp.free_port()
        self.mode = "up"
        self.back = asyncio.Event()
        self.back.set()
        self.received: dict[str, list[Received]] = defaultdict(list)
        self.outage_answers: Counter[str] = (
            Counter()
        )  # what the stand-ins did with tries during the outage
        self._servers: list[asyncio.AbstractServer] = []
        self._transports: set[asyncio.BaseTransport] = set()

    # ---------------------------------------------------------------- listening

    async def listen(self) -> None:
        loop = asyncio.get_running_loop()
        http = await asyncio.start_server(
            self._http, "127.0.0.1", self.http_port, reuse_address=True
        )
        smtp = await loop.create_server(
            self._smtp_protocol, "127.0.0.1", self.smtp_port, reuse_address=True
        )
        self._servers = [http, smtp]

    def _close_connections(self) -> None:
        for transport in list(self._transports):
            transport.close()
        self._transports.clear()

    async def go_down(self, how: str) -> None:
        self.back.clear()
        self.mode = how
        if how == "refuse":
            for server in self._servers:
                server.close()
            self._servers = []
        self._close_connections()  # kept-open SMTP sessions and HTTP connections see the outage too

    async def come_back(self) -> None:
        if self.mode == "refuse":
            await self.listen()
        self.mode = "up"
        self.back.set()
        self._close_connections()  # the hung ones end (the app sees them dropped), the others reconnect

    async def close(self) -> None:
        for server in self._servers:
            server.close()
        self._close_connections()
        await asyncio.sleep(0.2)  # the handlers see their connections end and return

    def _note(self, message_id: str, channel: str) -> None:
        self.received[message_id].append(Received(channel, time.monotonic()))

    # ---------------------------------------------------------------- SMTP

    def _smtp_protocol(self) -> asyncio.Protocol:
        if self.mode == "hang":
            return _Silent(self)
        return _TrackedSMTP(self)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.mode == "error":
            self.outage_answers["smtp 421"] += 1
            return "421 4.3.2 Service not available, closing transmission channel"
        mail = email.message_from_bytes(envelope.original_content or envelope.content)
        message_id = str(mail.get("Message-ID", "")).strip("<> ").partition("@")[0]
        self._note(message_id, "email")
        return "250 2.0.0 OK: queued"

    # ---------------------------------------------------------------- HTTP (Twilio and Meta)

    async def _http(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self._transports.add(writer.transport)
        try:
            while True:
                head = (
                    (await reader.readuntil(b"\r\n\r\n"))
                    .decode("latin-1")
                    .split("\r\n")
                )
                target = head[0].split(" ")[1]
                headers = {
                    k.strip().lower(): v.strip()
                    for k, _, v in (line.partition(":") for line in head[1:] if line)
                }
                body = await reader.readexactly(int(headers.get("content-length", "0")))
                if self.mode == "hang":
                    self.outage_answers["http no answer"] += 1
                    await self.back.wait()
                    return  # closed without an answer
                status, payload, extra = self._answer(target, headers, body)
                data = json.dumps(payload).encode()
                lines = [
                    f"HTTP/1.1 {status} {'OK' if status < 400 else 'Error'}",
                    "Content-Type: application/json",
                    f"Content-Length: {len(data)}",
                    *extra,
                ]
                writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
                await writer.drain()
        except (
            asyncio.IncompleteReadError,
            asyncio.LimitOverrunError,
            ConnectionError,
            IndexError,
        ):
            pass
        finally:
            self._transports.discard(writer.transport)
            writer.close()

    def _answer(
        self, target: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, Any, list[str]]:
        path = urlsplit(target).path
        twilio = path.endswith("/Messages.json")
        if self.mode == "error":
            self.outage_answers[f"{'twilio' if twilio else 'meta'} 503"] += 1
            error: Any = (
                {"code": 20503, "message": "Service Unavailable"}
                if twilio
                else {"error": {"code": 131000, "message": "Something went wrong"}}
            )
            return 503, error, ["Retry-After: 1"]
        if twilio:
            form = {k: v[0] for k, v in parse_qs(body.decode()).items()}
            callback = urlsplit(form.get("StatusCallback", ""))
            message_id = parse_qs(callback.query).get("m", ["?"])[0]
            self._note(message_id, "sms")
            return 201, {"sid": "SM" + uuid4().hex, "status": "queued"}, []
        payload = json.loads(body or b"{}")
        self._note(str(payload.get("biz_opaque_callback_data", "?")), "whatsapp")
        return (
            200,
            {
                "messaging_product": "whatsapp",
                "messages": [{"id": "wamid." + uuid4().hex}],
            },
            [],
        )


class _TrackedSMTP(SMTP):
    def __init__(self, stand_ins: StandIns) -> None:
        super().__init__(
            stand_ins, hostname="probe-smtp.example.com", ident="probe SMTP"
        )
        self._stand_ins = stand_ins

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._stand_ins._transports.add(transport)
        super().connection_made(transport)


class _Silent(asyncio.Protocol):
    """A connection accepted and never answered (no SMTP greeting)."""

    def __init__(self, stand_ins: StandIns) -> None:
        self.stand_ins = stand_ins

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.stand_ins.outage_answers["smtp no greeting"] += 1
        self.stand_ins._transports.add(transport)


# ------------------------------------------------------------------------------------------ the writer


@dataclass
class Approval:
    member_id: str
    acknowledged: bool  # the approval answered 200
    at: float  # time.monotonic() of the answer


def member_body(tag: str, n: int) -> dict[str, Any]:
    """A registration (a buyer who consented to email promotions); `tag` (3 hex digits) keeps runs apart."""
    serial = int(tag, 16) * 1000 + n
    return {
        "firstName": "Probe",
        "lastName": f"Member {tag}-{n}",
        "email": f"probe.{tag}.{n}@example.com",
        "phone": f"050{serial % 10_000_000:07d}",
        "memberIdentityNo": emirates_id(serial),
        "memberTypes": ["buyer"],
        "memberEntity": "individual",
        "memberProfile": {
            "identityType": "passport",
            "identityExpiry": (
                datetime.now(UTC).date() + timedelta(days=900)
            ).isoformat(),
        },
    }


# Consent to promotions is a record with how it was given (issue 28), not a flag of the registration.
CONSENT = {
    "channel": "email",
    "given": True,
    "method": "counter_form",
    "wording": "I agree to receive promotional emails about upcoming auctions.",
}


async def audience(
    base: str, headers: dict[str, str], tag: str, count: int, server: fp.Server
) -> int:
    """Before the load: `count` approved members (8 registrations at a time, approved 100 at a time), the
    audience of the campaign sent during the outage; waits until their approval messages are out."""
    ids: list[str] = []
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=30) as client:
        numbers = iter(range(1, count + 1))

        async def register() -> None:
            for n in numbers:
                created = await client.post(
                    "/api/members/create", json=member_body(tag, n)
                )
                created.raise_for_status()
                member_id = created.json()["data"]["_id"]
                (
                    await client.post(
                        f"/api/members/{member_id}/consents", json=CONSENT
                    )
                ).raise_for_status()
                ids.append(member_id)

        await asyncio.gather(*(register() for _ in range(8)))
        for start in range(0, len(ids), 100):
            change = {"ids": ids[start : start + 100], "status": "approved"}
            (
                await client.put("/api/members/update-status", json=change)
            ).raise_for_status()
    while await asyncio.to_thread(_waiting, server):  # noqa: ASYNC110 (polls the database)
        await asyncio.sleep(0.5)
    return len(ids)


def _waiting(server: fp.Server) -> int:
    with psycopg.connect(server.url()) as conn:
        row = conn.execute(
            "SELECT count(*) FROM alert_message WHERE status IN ('queued', 'sending')"
        ).fetchone()
    return int(row[0]) if row else 0


@dataclass
class Campaigns:
    due: asyncio.Event  # set by the probe when the stand-ins go down
    sent: list[tuple[str, int]]  # acknowledged: (campaign id, recipients counted)
    unknown: int = 0


async def send_campaign(
    run: fp.Run, client: httpx.AsyncClient, tag: str, campaigns: Campaigns
) -> None:
    """An email promotion to every approved member (each consented to email promotions when registered)."""
    draft = {
        "channel": "email",
        "name": f"Probe campaign {tag}",
        "subjectEn": "This week's auction",
        "subjectAr": "مزاد هذا الأسبوع",
        "bodyEn": "Dear {{ member.firstName }}, 300 vehicles go under the hammer on Saturday.",
        "bodyAr": "عزيزي {{ member.firstName }}، 300 مركبة في المزاد يوم السبت.",
    }
    created = await fp._timed(
        run, "write", client, "POST", "/api/alerts/campaigns", draft
    )
    if created is None or created.status_code != 201:
        campaigns.unknown += 1
        return
    campaign_id = created.json()["_id"]
    sent = await fp._timed(
        run, "write", client, "PUT", f"/api/alerts/campaigns/{campaign_id}/send", {}
    )
    if sent is not None and sent.status_code == 200:
        campaigns.sent.append((campaign_id, int(sent.json()["recipientCount"])))
    else:
        campaigns.unknown += 1


async def writer(
    run: fp.Run,
    base: str,
    headers: dict[str, str],
    tag: str,
    approvals: list[Approval],
    campaigns: Campaigns,
) -> None:
    """Registers a member and approves the registration, again and again; each approval queues three
    messages. When the stand-ins go down it sends an email campaign to the members approved so far."""
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=15) as client:
        n = 0
        while not run.stop:
            if campaigns.due.is_set():
                campaigns.due.clear()
                await send_campaign(run, client, tag, campaigns)
            n += 1
            body = member_body(tag, n)
            created = await fp._timed(
                run, "write", client, "POST", "/api/members/create", body
            )
            if created is None or created.status_code != 201:
                continue
            member_id = created.json()["data"]["_id"]
            change = {"ids": [member_id], "status": "approved"}
            approved = await fp._timed(
                run, "write", client, "PUT", "/api/members/update-status", change
            )
            if approved is not None and approved.status_code == 200:
                approvals.append(Approval(member_id, True, time.monotonic()))
                run.acknowledged.append(member_id)
            elif approved is None or approved.status_code >= 500:
                approvals.append(Approval(member_id, False, time.monotonic()))
                run.unknown.append(member_id)


# ------------------------------------------------------------------------------------------ the probe

MESSAGES_SQL = """
SELECT id, member_id, channel, status, attempts, next_attempt_at, provider, last_error, campaign_id
FROM alert_message WHERE (event = %s AND member_id = ANY(%s)) OR campaign_id = ANY(%s)
"""
DONE = ("sent", "delivered", "read", "failed", "cancelled")


def _messages(
    server: fp.Server, member_ids: list[str], campaign_ids: list[str]
) -> list[tuple[Any, ...]]:
    with psycopg.connect(server.url()) as conn:
        return list(
            conn.execute(MESSAGES_SQL, (EVENT, member_ids, campaign_ids)).fetchall()
        )


async def probe(args: argparse.Namespace, server: fp.Server, folder: Path) -> int:
    stand_ins = StandIns()
    await stand_ins.listen()
    app_port = fp.free_port()
    base = f"http://127.0.0.1:{app_port}"
    app_log = folder / "app.log"
    env = {
        **fp.app_env(server, folder, app_port),
        "GAVEL_PUBLIC_URL": base,
        "GAVEL_SMTP_HOST": "127.0.0.1",
        "GAVEL_SMTP_PORT": str(stand_ins.smtp_port),
        "GAVEL_TWILIO_ACCOUNT_SID": TWILIO_SID,
        "GAVEL_TWILIO_AUTH_TOKEN": "probe-token",
        "GAVEL_TWILIO_SMS_FROM": "+15005550006",
        "GAVEL_TWILIO_BASE_URL": f"http://127.0.0.1:{stand_ins.http_port}",
        "GAVEL_META_PHONE_NUMBER_ID": META_PHONE_ID,
        "GAVEL_META_ACCESS_TOKEN": "probe-token",
        "GAVEL_META_BASE_URL": f"http://127.0.0.1:{stand_ins.http_port}",
        "GAVEL_DISPATCH_BACKOFF_SECONDS": str(args.backoff),
        "GAVEL_DISPATCH_BACKOFF_MAX_SECONDS": str(args.backoff_max),
        "GAVEL_DISPATCH_TIMEOUT_SECONDS": str(args.provider_timeout),
    }
    with app_log.open("wb") as log:
        process = subprocess.Popen(  # noqa: ASYNC220, S603 (started once, before the load)
            [str(fp.PY), "-m", "gavel", "serve"],
            cwd=fp.BACKEND,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    approvals: list[Approval] = []
    campaigns = Campaigns(due=asyncio.Event(), sent=[])
    run = fp.Run()
    drained_at: float | None = None
    try:
        await fp.wait_for_app(base, process)
        headers = await fp.sign_in(base)
        tag = f"{uuid4().int % 4000:03x}"
        if args.audience:
            setup = time.monotonic()
            made = await audience(
                base, headers, f"{int(tag, 16) + 1:03x}", args.audience, server
            )
            print(f"setup: {made} members registered, approved and their approval messages sent"
                  f" ({time.monotonic() - setup:.1f} s)")  # fmt: skip
        tasks = [
            asyncio.create_task(fp.reader(run, base, headers, n, READS))
            for n in range(args.clients)
        ]
        tasks.append(
            asyncio.create_task(writer(run, base, headers, tag, approvals, campaigns))
        )
        t0 = time.monotonic()
        await asyncio.sleep(args.before)
        outage_start = time.monotonic()
        await stand_ins.go_down(args.outage)
        campaigns.due.set()
        await asyncio.sleep(args.outage_seconds)
        await stand_ins.come_back()
        outage_end = time.monotonic()
        await asyncio.sleep(args.after)
        run.stop = True
        await asyncio.gather(*tasks)
        load_end = time.monotonic()

        member_ids = [a.member_id for a in approvals]
        campaign_ids = [c for c, _ in campaigns.sent]
        expected = sum(n for _, n in campaigns.sent)
        deadline = time.monotonic() + args.drain
        while time.monotonic() < deadline:
            rows = await asyncio.to_thread(_messages, server, member_ids, campaign_ids)
            written = sum(1 for r in rows if r[8] is not None)
            if written >= expected and all(r[3] in DONE for r in rows):
                drained_at = time.monotonic()
                break
            await asyncio.sleep(0.5)
        await asyncio.sleep(1.0)  # a message sent twice would show up now
        async with httpx.AsyncClient(base_url=base, timeout=15) as client:
            health_after = (await client.get("/api/health")).status_code
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
        await stand_ins.close()

    rows = _messages(server, member_ids, campaign_ids)
    per_campaign = Counter(r[8] for r in rows if r[8] is not None)
    campaign_short = [
        (c, n, per_campaign[c]) for c, n in campaigns.sent if per_campaign[c] != n
    ]
    now_db = datetime.now(UTC)
    by_member: dict[str, list[tuple[Any, ...]]] = defaultdict(list)
    for row in rows:
        by_member[row[1]].append(row)
    acknowledged = [a.member_id for a in approvals if a.acknowledged]
    missing_rows = [
        m
        for m in acknowledged
        if {r[2] for r in by_member[m] if r[8] is None} != {"sms", "whatsapp", "email"}
    ]
    unknown_kept = sum(
        1 for a in approvals if not a.acknowledged and by_member[a.member_id]
    )
    statuses = Counter(r[3] for r in rows)
    attempts = Counter(r[4] for r in rows)
    ours = {r[0] for r in rows}
    times = {mid: len(got) for mid, got in stand_ins.received.items() if mid in ours}
    twice = {
        mid: len(got) for mid, got in stand_ins.received.items() if len(got) > 1
    }  # of every message
    sent_not_received = [
        r for r in rows if r[3] in ("sent", "delivered", "read") and r[0] not in times
    ]
    received_not_sent = [
        r for r in rows if r[0] in times and r[3] not in ("sent", "delivered", "read")
    ]
    waiting = [r for r in rows if r[3] not in DONE]
    failed = [r for r in rows if r[3] == "failed"]
    strangers = {mid: got for mid, got in stand_ins.received.items() if mid not in ours}
    receipts = [
        got[0].at for mid, got in stand_ins.received.items() if mid in ours and got
    ]
    last_receipt = max(receipts) if receipts else None
    # the messages queued before the stand-ins came back: when the last of them left
    early_members = {
        a.member_id for a in approvals if a.acknowledged and a.at < outage_end
    }
    early = [
        r[0] for r in rows if r[1] in early_members or r[8] is not None
    ]  # + the campaign's
    early_last = max(
        (stand_ins.received[m][0].at for m in early if stand_ins.received.get(m)),
        default=None,
    )
    during = sum(1 for t in receipts if outage_start <= t < outage_end)

    log_text = app_log.read_text(errors="replace")
    asgi_errors = log_text.count("Exception in ASGI application")
    tracebacks = fp.traceback_sources(log_text)
    api_status = Counter((o.kind, o.status) for o in run.outcomes)
    failures = [
        o for o in run.outcomes if not (isinstance(o.status, int) and o.status < 400)
    ]
    dropped = sum(1 for o in run.outcomes if o.status in ("dropped", "timeout"))
    five_hundreds = sum(1 for o in run.outcomes if o.status == 500)
    slowest = max((o.ended - o.started for o in run.outcomes), default=0.0)
    slow_in_outage = max(
        (
            o.ended - o.started
            for o in run.outcomes
            if outage_start <= o.ended <= outage_end + 1
        ),
        default=0.0,
    )

    def rel(t: float) -> str:
        return f"{t - t0:6.2f} s"

    what = {
        "refuse": "not listening, open connections ended",
        "error": "SMTP 421, HTTP 503 with Retry-After: 1",
        "hang": "connections accepted, never answered",
    }[args.outage]
    print(f"\nGavel on PostgreSQL 15 (own server, port {server.port}); {args.clients} readers + 1 writer"
          " (register a member, approve it: 3 messages queued)")  # fmt: skip
    print(f"stand-ins: SMTP 127.0.0.1:{stand_ins.smtp_port} (aiosmtpd), Twilio and Meta"
          f" 127.0.0.1:{stand_ins.http_port}")  # fmt: skip
    print(f"app retry settings for the run: backoff {args.backoff} s x 2^(attempt-1), at most"
          f" {args.backoff_max} s, provider timeout {args.provider_timeout} s, 8 attempts")  # fmt: skip
    print(f"requests: {len(run.outcomes)} in {rel(load_end).strip()}")
    print(f"outage ({args.outage}: {what}): {rel(outage_start)} -> {rel(outage_end)}"
          f" ({outage_end - outage_start:.2f} s)")  # fmt: skip
    print("API answers by status:")
    for (kind, status), count in sorted(
        api_status.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))
    ):
        print(f"  {kind:5} {status!s:8} {count}")
    print(f"API failures (any answer but 2xx): {len(failures)}; dropped connections / timeouts: {dropped};"
          f" 500 answers: {five_hundreds}")  # fmt: skip
    print(
        f"slowest answer: {slowest:.2f} s (during the outage + 1 s: {slow_in_outage:.2f} s)"
    )
    for o in sorted(run.outcomes, key=lambda o: o.started - o.ended)[:3]:
        print(f"  {o.ended - o.started:.2f} s {o.kind} {o.path} at {rel(o.started)}")
    answered = ", ".join(
        f"{k} {v}" for k, v in sorted(stand_ins.outage_answers.items())
    )
    print(
        f"what the stand-ins did with tries during the outage: {answered or 'refused (not counted)'}"
    )
    print(f"'Exception in ASGI application' in the app log: {asgi_errors}")
    print(
        "logged tracebacks by logger: "
        + (
            ", ".join(f"{name} {count}" for name, count in tracebacks.most_common())
            or "none"
        )
    )
    print(f"approvals acknowledged: {len(acknowledged)}; with an unknown outcome: {len(run.unknown)}"
          f" (their messages stored anyway: {unknown_kept})")  # fmt: skip
    approval_rows = sum(1 for r in rows if r[8] is None)
    print(f"approval messages: {approval_rows} (expected {3 * len(acknowledged)} at least);"
          f" acknowledged approvals missing one: {len(missing_rows)}")  # fmt: skip
    for c, n in campaigns.sent:
        print(f"email campaign sent when the stand-ins went down (acknowledged): {n} recipients counted,"
              f" {per_campaign[c]} messages written")  # fmt: skip
    if campaigns.unknown:
        print(f"campaign calls not acknowledged: {campaigns.unknown}")
    print(f"all messages checked: {len(rows)}")
    print("  by status: " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))
    print(
        "  by attempts: " + ", ".join(f"{k}: {v}" for k, v in sorted(attempts.items()))
    )
    print(f"received by the stand-ins: {len(times)} of these messages;"
          f" any message twice or more: {len(twice)};"
          f" sent in the database but never received: {len(sent_not_received)};"
          f" received but not sent in the database: {len(received_not_sent)}")  # fmt: skip
    if strangers:
        print(f"  (and {len(strangers)} other messages, not of the probe's members)")
    print(f"received while the stand-ins were down: {during}")
    if early_last is not None:
        print(f"messages queued before the stand-ins came back (the campaign's included): {len(early)};"
              " the last of them received"
              f" {early_last - outage_end:.2f} s after they came back")  # fmt: skip
    if last_receipt is not None:
        print(f"last message received at {rel(last_receipt)}")
    if drained_at is not None:
        print(f"queue drained {drained_at - outage_end:.2f} s after the stand-ins came back"
              f" ({drained_at - load_end:.2f} s after the load stopped)")  # fmt: skip
    else:
        print(
            f"queue NOT drained within {args.drain} s: {len(waiting)} messages still waiting"
        )
        for r in waiting[:8]:
            when = r[5].astimezone(UTC) if r[5] else None
            left = (
                f"{(when - now_db).total_seconds():.1f} s from now"
                if when
                else "no time"
            )
            print(
                f"  {r[2]:8} {r[3]:8} attempts {r[4]}; next attempt at {when} ({left}); {r[7]}"
            )
    for r in failed[:5]:
        print(f"  failed: {r[2]} after {r[4]} attempts: {r[7]}")
    print(f"health after the outage: {health_after}")
    for o in failures[:8]:
        print(f"  e.g. {o.kind} {o.status} at {rel(o.started)}: {o.detail[:140]}")

    missed = []
    if dropped:
        missed.append("dropped connections")
    if five_hundreds:
        missed.append("500 answers")
    if failures:
        missed.append("API failures while only the providers were down")
    if missing_rows or campaign_short:
        missed.append("acknowledged messages missing")
    if sent_not_received or received_not_sent:
        missed.append("database and providers disagree")
    if twice:
        missed.append("messages sent twice")
    if waiting or failed:
        missed.append("messages not delivered after the providers returned")
    if asgi_errors:
        missed.append("exceptions escaped to the server")
    if health_after != 200:
        missed.append("health after the outage")
    if not acknowledged:
        missed.append("no approval acknowledged (nothing measured)")
    print("targets: " + ("all met" if not missed else "MISSED: " + ", ".join(missed)))
    if args.keep:
        print(f"kept: {folder}")
    return 1 if missed else 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("--fault providers")
    group.add_argument(
        "--outage",
        choices=("refuse", "error", "hang"),
        default="refuse",
        help="how the SMTP server and the providers are down (default refuse: not listening)",
    )
    group.add_argument(
        "--outage-seconds",
        type=float,
        default=5.0,
        help="how long they are down (default 5)",
    )
    group.add_argument(
        "--audience",
        type=int,
        default=100,
        help="members approved before the load, who receive the email campaign sent during the outage (100)",
    )
    group.add_argument(
        "--drain",
        type=float,
        default=60.0,
        help="seconds to wait for the queue to empty",
    )
    group.add_argument(
        "--backoff", type=float, default=1.0, help="GAVEL_DISPATCH_BACKOFF_SECONDS (1)"
    )
    group.add_argument(
        "--backoff-max",
        type=float,
        default=4.0,
        help="GAVEL_DISPATCH_BACKOFF_MAX_SECONDS (4)",
    )
    group.add_argument(
        "--provider-timeout",
        type=float,
        default=3.0,
        help="GAVEL_DISPATCH_TIMEOUT_SECONDS (3)",
    )
