"""A database connection lost under a request: a read is tried once more on a fresh connection, a write
answers 503 with Retry-After and is never run twice; nothing reaches the server without an answer."""

from typing import Any

import pytest
from httpx import ASGITransport, AsyncClient
from sqlalchemy.exc import OperationalError, PendingRollbackError, ProgrammingError
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.database_errors import UNAVAILABLE, connection_lost, unavailable
from gavel.db import is_read
from tests.factories import admin_headers
from tests.hardening.conftest import Breaker

ROLE = {"name": "Yard crew", "permissions": []}


def _assert_unavailable(response: Any) -> None:
    assert response.status_code == 503, response.text
    body = response.json()
    assert body["message"] == UNAVAILABLE
    assert body["errors"] == [] and body["requestId"] == response.headers["x-request-id"]
    assert response.headers["retry-after"] == "5"


@pytest.mark.parametrize(
    ("method", "path", "body", "statement"),
    [
        ("POST", "/api/role/get", {"search": "Super"}, "FROM role"),
        ("POST", "/api/members/get", {"pageNo": 1, "limit": 10}, "FROM member"),
        ("GET", "/api/lookups/locations", None, "FROM location"),
        ("GET", "/api/auth/me", None, "FROM user_session"),
    ],
)
async def test_a_read_whose_connection_broke_is_tried_once_more_and_succeeds(
    committing: tuple[Any, AsyncClient], breaker: Breaker, method: str, path: str, body: Any, statement: str
) -> None:
    _, client = committing
    headers = await admin_headers(client)
    breaker.arm(statement, times=1)
    response = await client.request(method, path, json=body, headers=headers)
    assert response.status_code == 200, response.text
    assert breaker.fired == 1, "the connection was broken once"
    assert breaker.seen >= 2, "the read ran again after the break"


async def test_the_second_try_gets_the_same_body(
    committing: tuple[Any, AsyncClient], breaker: Breaker
) -> None:
    """A list call's filters are in its body: the second try reads them again."""
    _, client = committing
    headers = await admin_headers(client)
    breaker.arm("FROM role", times=1)
    found = await client.post("/api/role/get", json={"search": "Super"}, headers=headers)
    breaker.arm("FROM role", times=1)
    none = await client.post("/api/role/get", json={"search": "no such role"}, headers=headers)
    assert found.status_code == none.status_code == 200
    assert [r["name"] for r in found.json()["roles"]] == ["Super Admin"]
    assert none.json()["roles"] == []


async def test_a_read_that_breaks_again_answers_503_after_one_more_try(
    committing: tuple[Any, AsyncClient], breaker: Breaker
) -> None:
    _, client = committing
    headers = await admin_headers(client)
    breaker.arm("FROM member", times=5)
    response = await client.post("/api/members/get", json={}, headers=headers)
    _assert_unavailable(response)
    assert breaker.fired == 2, "one first try and one more, never a third"
    breaker.arm("")
    assert (await client.post("/api/members/get", json={}, headers=headers)).status_code == 200


async def test_a_write_whose_connection_broke_answers_503_and_is_not_run_again(
    committing: tuple[Any, AsyncClient], breaker: Breaker
) -> None:
    _, client = committing
    headers = await admin_headers(client)
    breaker.arm("INSERT INTO role ", times=1)
    response = await client.post("/api/role/create", json=ROLE, headers=headers)
    _assert_unavailable(response)
    assert breaker.fired == 1 and breaker.seen == 1, "the write ran once"
    listed = await client.post("/api/role/get", json={"search": "Yard crew"}, headers=headers)
    assert listed.json()["roles"] == [], "its transaction was rolled back"
    again = await client.post("/api/role/create", json=ROLE, headers=headers)
    assert again.status_code == 201, again.text


async def test_a_write_whose_commit_broke_answers_503(
    committing: tuple[Any, AsyncClient], breaker: Breaker
) -> None:
    """The COMMIT's outcome is unknown to the app when the connection breaks under it: 503, never retried."""
    _, client = committing
    headers = await admin_headers(client)
    breaker.arm("COMMIT", times=5)
    response = await client.post("/api/role/create", json=ROLE, headers=headers)
    _assert_unavailable(response)
    assert breaker.fired == 1
    breaker.arm("")
    listed = await client.post("/api/role/get", json={"search": "Yard crew"}, headers=headers)
    assert listed.status_code == 200 and listed.json()["roles"] == []


async def test_the_killed_connection_is_replaced_for_the_next_requests(
    committing: tuple[Any, AsyncClient], breaker: Breaker
) -> None:
    """A connection lost mid-request (pg_terminate_backend on PostgreSQL, the driver's disconnect on SQLite):
    the read succeeds on a fresh connection, and the pool keeps serving."""
    _, client = committing
    headers = await admin_headers(client)
    breaker.arm("FROM member", times=1)
    assert (await client.post("/api/members/get", json={}, headers=headers)).status_code == 200
    breaker.arm("")
    for _ in range(5):
        assert (await client.post("/api/vehicles/get", json={}, headers=headers)).status_code == 200
    assert (await client.get("/api/health")).json()["database"]["status"] == "ok"


async def test_a_database_error_outside_sqlalchemy_still_gets_its_503(
    committing: tuple[Any, AsyncClient],
) -> None:
    """The driver's own error (raised where SQLAlchemy does not wrap it) is answered, not left to the server:
    with raise_app_exceptions=True an exception reaching the server would fail this request."""
    app, _ = committing

    class OperationalError(Exception):  # a driver's class, by module and name
        __module__ = "psycopg"

    @app.get("/api/test-driver-error")
    async def driver_error() -> None:
        raise OperationalError("consuming input failed: server closed the connection unexpectedly")

    @app.post("/api/test-pending/get")
    async def pending() -> None:
        raise PendingRollbackError("Can't reconnect until invalid transaction is rolled back.", None, None)

    for _ in range(2):  # before the SPA's catch-all
        app.router.routes.insert(0, app.router.routes.pop())
    transport = ASGITransport(app=app, raise_app_exceptions=True)
    async with AsyncClient(transport=transport, base_url="http://testserver") as strict:
        _assert_unavailable(await strict.get("/api/test-driver-error"))
        _assert_unavailable(await strict.post("/api/test-pending/get", json={}))


def test_what_counts_as_a_read() -> None:
    assert is_read("GET", "/api/members/abc") and is_read("HEAD", "/public/x.png")
    assert is_read("POST", "/api/members/get") and is_read("POST", "/api/alerts/templates/get")
    assert not is_read("POST", "/api/members/create") and not is_read("PUT", "/api/members/get")
    assert not is_read("POST", "/api/auth/login") and not is_read("DELETE", "/api/role/x")


def test_what_counts_as_a_database_that_is_not_there() -> None:
    lost = OperationalError(
        "SELECT 1", {}, Exception("server closed the connection"), connection_invalidated=True
    )
    refused = OperationalError("connect", {}, Exception("connection refused"))
    wrong = ProgrammingError("SELECT", {}, Exception('relation "x" does not exist'))
    assert unavailable(lost) and connection_lost(lost)
    assert unavailable(refused) and not connection_lost(refused), "down, not lost: no second try"
    assert not unavailable(wrong) and not connection_lost(wrong)
    try:
        try:
            raise lost
        except OperationalError:
            second = PendingRollbackError(
                "Can't reconnect until invalid transaction is rolled back", None, None
            )
            raise second  # noqa: B904 (raised while the first is handled, as SQLAlchemy does)
    except PendingRollbackError as second:
        assert unavailable(second) and connection_lost(second), "found through the exception being handled"


async def test_a_session_that_fails_to_close_does_not_undo_a_committed_answer(
    committing: tuple[Any, AsyncClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The COMMIT went through and then closing the session met a dead connection: still the 201."""
    _, client = committing
    headers = await admin_headers(client)

    async def broken_close(self: AsyncSession) -> None:
        raise OperationalError("ROLLBACK", {}, Exception("server closed the connection"), True)

    monkeypatch.setattr(AsyncSession, "close", broken_close)
    created = await client.post("/api/role/create", json=ROLE, headers=headers)
    monkeypatch.undo()
    assert created.status_code == 201, created.text
    listed = await client.post("/api/role/get", json={"search": "Yard crew"}, headers=headers)
    assert [r["name"] for r in listed.json()["roles"]] == ["Yard crew"]


async def test_a_rollback_that_fails_keeps_the_request_s_own_answer(
    committing: tuple[Any, AsyncClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 404 stays a 404 when the rollback after it meets a dead connection."""
    _, client = committing
    headers = await admin_headers(client)

    async def broken_rollback(self: AsyncSession) -> None:
        raise OperationalError("ROLLBACK", {}, Exception("server closed the connection"), True)

    monkeypatch.setattr(AsyncSession, "rollback", broken_rollback)
    response = await client.get("/api/members/no-such-member", headers=headers)
    monkeypatch.undo()
    assert response.status_code == 404, response.text
