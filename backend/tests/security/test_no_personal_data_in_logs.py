"""Issue 16: personal data of members (identity numbers, phones, emails) is never written to the logs.

A flow over the demo data runs with every log record of the app captured: a member approved, failed sign-ins
with a member's and a staff user's email, a member searched by phone, a member's details asked for with
personal data in the query string, a duplicate registration refused, a temporary password mailed and the
approval's messages sent by the dispatcher. No personal value of the demo may appear in the records, neither
as the code logged them (message, arguments, extra fields, traceback) nor as written out (JSON lines and plain
lines). The values are the ones scripts/scan_logs.py looks for in the logs of a whole `make test`: this test
also checks that they are exactly the demo's.
"""

import importlib.util
import json
import logging
import sys
import traceback
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from gavel.core.logging import JsonFormatter, PlainFormatter, redact
from gavel.core.middleware import logged_path
from gavel.demo.staff import DEMO_STAFF
from gavel.devtools import MailFolder
from gavel.members.models import Member
from tests.conftest import DemoDatabase, engine_of_the_run
from tests.factories import admin_headers

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "scan_logs.py"


def scan_logs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("scan_logs", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("scan_logs", module)
    spec.loader.exec_module(module)
    return module


class Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def captured() -> Iterator[Capture]:
    """Every record the app writes: at INFO and above, as configure_logging sets the root logger."""
    root = logging.getLogger()
    handler, level = Capture(), root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield handler
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def as_logged(record: logging.LogRecord) -> str:
    """The record as the code made it, before any formatter: message, arguments, extra fields, traceback."""
    parts = [str(record.msg), repr(record.args), record.getMessage()]
    parts += [
        f"{k}={v!r}"
        for k, v in record.__dict__.items()
        if k not in logging.LogRecord("", 0, "", 0, "", (), None).__dict__
    ]
    if record.exc_info:
        parts.append("".join(traceback.format_exception(*record.exc_info)))
    return " ".join(parts)


@pytest.fixture(scope="module")
def run_engine(demo_database: DemoDatabase) -> Iterator[AsyncEngine]:
    """This module's tests read the run's demo database, loaded once (tests/conftest.py, demo_database, which
    checks that it loaded), in the rolled-back transaction of each test."""
    yield from engine_of_the_run(demo_database.settings.database_url)


async def test_a_flow_over_the_demo_logs_no_personal_data(
    app: Any,
    db: async_sessionmaker[AsyncSession],
    client: AsyncClient,
    tmp_path: Path,
    captured: Capture,
    deliver: Callable[[], Awaitable[int]],
    mail_sink: tuple[int, MailFolder],
) -> None:
    scanner = scan_logs()
    async with db() as session:
        members = list((await session.scalars(select(Member))).all())
    # scan_logs.py makes the demo's values without a database: they are exactly those the loader wrote.
    values = scanner.demo_personal_values()
    staff_ids = {row[5] for row in DEMO_STAFF}
    assert {m.member_identity_no for m in members} == values["identity number"] - staff_ids
    assert {m.phone for m in members} == values["phone"] - {row[2] for row in DEMO_STAFF}
    assert {m.email for m in members} == values["email"] - {row[1] for row in DEMO_STAFF}

    pending = next(m for m in members if m.status == "pending")
    approved = next(m for m in members if m.status == "approved")
    admin = await admin_headers(client)
    captured.records.clear()

    # A member approved: the approval's messages (as switched on) go out through the dispatcher.
    moved = await client.put(
        "/api/members/update-status", json={"ids": [pending.id], "status": "approved"}, headers=admin
    )
    assert moved.status_code == 200, moved.text
    # Failed sign-ins with a member's email and a staff user's.
    for email in (pending.email, DEMO_STAFF[0][1]):
        failed = await client.post("/api/auth/login", json={"email": email, "password": "Not-The-Password-1"})
        assert failed.status_code in (400, 401), failed.text
    # A member searched by phone, and by identity number.
    for search in (approved.phone, approved.member_identity_no):
        found = await client.post(
            "/api/members/get", json={"search": search, "status": "approved"}, headers=admin
        )
        assert found.status_code == 200, found.text
        assert [m["_id"] for m in found.json()["members"]] == [approved.id]
    # Personal data in a query string is not logged by the access log (it logs the path only).
    detail = await client.get(
        f"/api/members/{approved.id}",
        params={"email": approved.email, "phone": approved.phone},
        headers=admin,
    )
    assert detail.status_code == 200
    # A duplicate registration is refused (its email, phone and identity number are another member's).
    duplicate = await client.post(
        "/api/members/create",
        json={
            "firstName": "Copy",
            "lastName": "Cat",
            "email": approved.email,
            "phone": approved.phone,
            "memberIdentityNo": approved.member_identity_no,
            "memberTypes": ["buyer"],
            "memberEntity": "individual",
            "memberProfile": {"identityType": "nic", "identityExpiry": "2031-01-01", "emirate": "Dubai"},
        },
        headers=admin,
    )
    assert duplicate.status_code in (409, 422), duplicate.text
    # A temporary password mailed to a member, and every message due sent by the dispatcher.
    _, mails = mail_sink
    mails.received.clear()
    mailed = await client.put(f"/api/members/update-member-password/{approved.id}", headers=admin)
    assert mailed.status_code == 200, mailed.text
    assert await deliver() >= 1
    assert [approved.email] in [mail["to"] for mail in mails.received]

    records = captured.records
    assert any(r.name == "gavel.access" for r in records), "the access log was captured"
    raw = tmp_path / "as-logged.log"
    raw.write_text("\n".join(as_logged(r).replace("\n", " | ") for r in records))
    written = tmp_path / "written.log"
    json_lines, plain = JsonFormatter(), PlainFormatter()
    written.write_text("\n".join(f"{json_lines.format(r)}\n{plain.format(r)}" for r in records))
    findings, files, lines = scanner.scan([raw, written], values)
    assert files == 2 and lines >= 2 * len(records)
    assert findings == []


def test_the_formatters_redact_what_a_database_error_or_a_message_quotes() -> None:
    """A second line of defence: whatever a record holds, its personal values are not written."""
    error = (
        '(psycopg.errors.UniqueViolation) duplicate key value violates unique constraint "uq_members_email"\n'
        "DETAIL:  Key (email)=(saeed.falasi@example.ae) already exists.\n"
        "[SQL: INSERT INTO members (email, phone) VALUES (%(email)s, %(phone)s)]\n"
        "[parameters: {'email': 'saeed.falasi@example.ae', 'phone': '+971503000017'}]"
    )
    try:
        raise RuntimeError(error)
    except RuntimeError:
        record = logging.getLogger("gavel.test").makeRecord(
            "gavel.test",
            logging.ERROR,
            __file__,
            1,
            "refused for %s (%s)",
            ("Saeed.Falasi@Example.ae", "050 300 0017"),
            sys.exc_info(),
            extra={
                "reason": error,
                "member": {"identity": "784-1985-1234567-2", "phone": "+971 50 300 0017"},
            },
        )
    for text in (JsonFormatter().format(record), PlainFormatter().format(record)):
        lowered = text.lower()
        for value in ("saeed.falasi", "503000017", "300 0017", "1234567", "+97150"):
            assert value not in lowered, (value, text)
        assert "<email>" in text and "<phone>" in text and "<identity number>" in text
        assert "Key (email)=(redacted)" in text and "[parameters: (redacted)]" in text
    payload = json.loads(JsonFormatter().format(record))
    assert payload["member"] == {"identity": "<identity number>", "phone": "<phone>"}
    assert payload["message"] == "refused for <email> (<phone>)"
    # What is not personal stays as it was: ids, times, paths, amounts.
    kept = "2026-11-25T12:00:00+00:00 /api/members/0f1e2d3c4b5a69788796a5b4c3d2e1f0 AED 1,250.00 lot 1042"
    assert redact(kept) == kept


def test_the_access_log_cuts_the_name_of_an_uploaded_file() -> None:
    """An upload is served as /public/{folder}/{uuid}-{the name it was uploaded with}, maybe a person's."""
    uid = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
    assert logged_path(f"/public/members/{uid}-784-1985-1234567-2.png") == f"/public/members/{uid}-(name)"
    assert logged_path(f"/public/vehicles/thumbs/{uid}-car.jpg") == f"/public/vehicles/thumbs/{uid}-(name)"
    assert logged_path(f"/unsubscribe/{uid}.c2lnbmF0dXJl") == "/unsubscribe/(token)"
    assert logged_path(f"/api/members/{uid}") == f"/api/members/{uid}"
