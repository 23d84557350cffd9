"""Every route keeps answering in the error envelope when the database fails under it.

For each route, the database is made to fail at its first statement, then at its second, and so on until the
route runs out of statements: each failure must come back as the 503 a person can retry, never as a bare 500,
a stack trace or a dropped connection, and nothing may be half written (the request's transaction rolls back).
"""

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.routing import iter_route_contexts
from httpx import AsyncClient
from sqlalchemy import event
from sqlalchemy.exc import OperationalError, ProgrammingError
from sqlalchemy.ext.asyncio import AsyncEngine

from gavel.config import Settings
from gavel.core.database_errors import UNAVAILABLE
from gavel.main import create_app
from tests.committing import committing_app
from tests.conftest import ADMIN_EMAIL, ADMIN_PASSWORD
from tests.factories import admin_headers

MAX_STATEMENTS = 40
HARNESS = ("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT")
CREATES = ("/api/role/create", "/api/plan/create", "/api/charge/create", "/api/locations/create",
           "/api/members/create")  # fmt: skip

# Bodies that pass validation, so that the failure reaches the statements behind it; other routes get {}.
BODIES: dict[tuple[str, str], Any] = {
    ("POST", "/api/auth/login"): {"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD, "rememberMe": False},
    ("POST", "/api/auth/logout-session"): {"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD},
    ("POST", "/api/forgot-password"): {"email": ADMIN_EMAIL},
    ("POST", "/api/resend-otp"): {"email": ADMIN_EMAIL},
    ("POST", "/api/verify-otp"): {"email": ADMIN_EMAIL, "otp": "123456"},
    ("POST", "/api/role/create"): {"name": "Yard crew", "permissions": []},
    ("POST", "/api/plan/create"): {"name": "Silver", "planAmount": 5000, "buyingPower": 50000},
    ("POST", "/api/charge/create"): {"title": "Gate pass", "charges": 100, "appliesTo": "seller"},
    ("POST", "/api/locations/create"): {
        "title": "Al Quoz Yard",
        "physical_address": "Street 18, Al Quoz Industrial Area 3",
        "phone_number": "04 321 5555",
        "country": "United Arab Emirates",
        "state": "Dubai",
        "city": "Al Quoz",
    },
    ("PUT", "/api/payments/{id}/complete"): {
        "paymentMethod": "cash",
        "paymentDateAndTime": "2030-01-01T10:00:00",
    },
    ("PUT", "/api/payments/{id}/cancel"): {"reason": "The seller asked to wait"},
    ("POST", "/api/payments/refunds"): {
        "memberId": "missing",
        "refundKind": "deposit",
        "refundedAmount": 100,
        "refundMethod": "cash",
        "refundReason": "Leaves the auction",
    },
    ("PUT", "/api/alerts/messages/retry"): {"ids": ["missing"]},
    ("PUT", "/api/alerts/messages/cancel"): {"ids": ["missing"]},
    ("POST", "/api/alerts/templates/get"): {"channel": "email"},
    ("PUT", "/api/alerts/templates/{id}"): {"name": "Approved", "bodyEn": "Hi", "bodyAr": "مرحباً"},
    ("PUT", "/api/alerts/switches"): {"event": "memberApproved", "channel": "sms", "enabled": False},
    ("POST", "/api/members/create"): {
        "firstName": "Majid",
        "lastName": "Buyer",
        "email": "majid@example.com",
        "phone": "0502223301",
        "memberIdentityNo": "784-1980-1234501-1",
        "memberTypes": ["buyer"],
        "memberEntity": "individual",
        "memberProfile": {"identityType": "passport", "identityExpiry": "2031-01-01"},
    },
}


def _api_routes() -> list[tuple[str, str]]:
    app: FastAPI = create_app(Settings(database_url="sqlite+aiosqlite://", log_json=False))
    found: set[tuple[str, str]] = set()
    for route in iter_route_contexts(app.routes):
        path = str(route.path)
        if path.startswith("/api/") and not path.startswith(("/api/docs", "/api/openapi")) and route.methods:
            found |= {(method, path) for method in route.methods if method != "HEAD"}
    return sorted(found)


class Failure:
    """Counts the statements of one request and fails the `at`-th as a lost database connection would."""

    def __init__(self) -> None:
        self.at: int | None = None
        self.count = 0
        self.hit = False

    def arm(self, at: int) -> None:
        self.at, self.count, self.hit = at, 0, False

    def disarm(self) -> None:
        self.at = None

    def before_execute(self, conn: Any, cursor: Any, statement: str, params: Any, *_: Any) -> None:
        # The savepoints are the test's own transaction around the request, not the app's statements; a
        # failing commit is tested on a really committing app below.
        if self.at is None or statement.lstrip().upper().startswith(HARNESS):
            return
        self.count += 1
        if self.count == self.at:
            self.hit = True
            raise OperationalError(statement, params, Exception("server closed the connection unexpectedly"))


@pytest.fixture
def failure(engine: AsyncEngine) -> Iterator[Failure]:
    failing = Failure()
    event.listen(engine.sync_engine, "before_cursor_execute", failing.before_execute)
    yield failing
    event.remove(engine.sync_engine, "before_cursor_execute", failing.before_execute)


def _path(template: str) -> str:
    return template.replace("{", "").replace("}", "-missing")


@pytest.mark.parametrize(("method", "template"), _api_routes())
async def test_a_failing_database_is_answered_in_the_envelope(
    client: AsyncClient, failure: Failure, method: str, template: str
) -> None:
    headers = await admin_headers(client)
    body = BODIES.get((method, template), {})
    path = _path(template)
    for at in range(1, MAX_STATEMENTS + 1):
        failure.arm(at)
        if method in ("GET", "HEAD"):
            response = await client.request(method, path, headers=headers)
        else:
            response = await client.request(method, path, json=body, headers=headers)
        failure.disarm()
        if not failure.hit:
            assert response.status_code < 500, (at, response.status_code, response.text)
            if template in CREATES:  # none of the failed attempts left the record behind
                assert response.status_code == 201, (at, response.text)
            break
        assert response.status_code == 503, (at, response.status_code, response.text)
        assert response.json()["message"] == UNAVAILABLE
        assert response.headers["retry-after"] == "5"
    else:
        pytest.fail(f"{method} {template} ran more than {MAX_STATEMENTS} statements")


@pytest.fixture
async def committing(settings: Settings, tmp_path: Path) -> AsyncIterator[tuple[Any, AsyncClient]]:
    async with committing_app(settings, tmp_path) as (app, client):
        yield app, client


@pytest.mark.parametrize("path", CREATES)
async def test_a_failing_commit_answers_503_and_keeps_nothing(
    committing: tuple[Any, AsyncClient], path: str
) -> None:
    app, client = committing
    headers = await admin_headers(client)
    engine = app.state.engine.sync_engine

    def refuse(conn: Any) -> None:
        raise OperationalError("COMMIT", {}, Exception("server closed the connection unexpectedly"))

    event.listen(engine, "commit", refuse)
    try:
        failed = await client.post(path, json=BODIES[("POST", path)], headers=headers)
    finally:
        event.remove(engine, "commit", refuse)
    assert failed.status_code == 503, failed.text
    assert failed.json()["message"] == UNAVAILABLE
    again = await client.post(path, json=BODIES[("POST", path)], headers=headers)
    assert again.status_code == 201, again.text


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/api/members/get", {}),
        ("POST", "/api/vehicles/get", {}),
        ("POST", "/api/auctions/get", {}),
        ("POST", "/api/invoices/get", {}),
        ("POST", "/api/role/create", BODIES[("POST", "/api/role/create")]),
    ],
)
async def test_any_other_database_error_is_an_internal_error_with_the_request_id(
    client: AsyncClient, engine: AsyncEngine, method: str, path: str, body: Any
) -> None:
    """Not a lost connection but a statement the database refuses (a bug, a broken migration): 500 in the
    envelope with the request id to quote, never the statement or a stack trace."""
    headers = await admin_headers(client)

    def refuse(conn: Any, cursor: Any, statement: str, params: Any, *_: Any) -> None:
        if not statement.lstrip().upper().startswith(HARNESS) and "user_session" not in statement:
            raise ProgrammingError(statement, params, Exception('relation "secret_table" does not exist'))

    event.listen(engine.sync_engine, "before_cursor_execute", refuse)
    try:
        response = await client.request(method, path, json=body, headers=headers)
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", refuse)
    assert response.status_code == 500, response.text
    answer = response.json()
    assert answer["message"] == "Internal error"
    assert answer["requestId"] == response.headers["x-request-id"]
    assert "secret_table" not in response.text and "SELECT" not in response.text
