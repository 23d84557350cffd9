"""The rule that lets a read run twice (core.database_retry): a read route, GET or POST .../get, writes
nothing but what may be written again. Every read route of the app is called (list calls with an empty body,
the others with an id that does not exist) and its writes are recorded."""

from typing import Any

from fastapi.routing import iter_route_contexts
from httpx import AsyncClient
from sqlalchemy import event

from gavel.db import is_read
from tests.factories import admin_headers

# The writes a read may do, each safe to do twice.
IDEMPOTENT = (
    "UPDATE user_session SET last_active_at",  # the session touch of the auth guard (sets it to now)
    "INSERT INTO app_state",  # the gate pass signing key, made once: ON CONFLICT DO NOTHING
)
WRITES = ("INSERT", "UPDATE", "DELETE", "MERGE", "TRUNCATE", "ALTER", "CREATE", "DROP")


def _read_routes(app: Any) -> list[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for route in iter_route_contexts(app.routes):
        path = str(route.path)
        if (
            not path.startswith("/api/")
            or path.startswith(("/api/docs", "/api/openapi"))
            or not route.methods
        ):
            continue
        found |= {(m, path) for m in route.methods if m != "HEAD" and is_read(m, path)}
    return sorted(found)


async def test_every_read_route_writes_only_what_may_be_written_twice(
    committing: tuple[Any, AsyncClient],
) -> None:
    app, client = committing
    headers = await admin_headers(client)
    writes: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        text = " ".join(statement.split())
        if text.upper().startswith(WRITES) and not text.startswith(IDEMPOTENT):
            writes.append(text[:120])

    routes = _read_routes(app)
    assert ("POST", "/api/members/get") in routes and ("GET", "/api/members/{id}") in routes
    engine = app.state.engine.sync_engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        answered: dict[str, int] = {}
        for method, template in routes:
            path = template.replace("{", "").replace("}", "-missing")
            body = {} if method == "POST" else None
            response = await client.request(method, path, json=body, headers=headers)
            answered[f"{method} {template}"] = response.status_code
            assert response.status_code < 500, (method, template, response.text)
            assert not writes, f"{method} {template} wrote: {writes}"
    finally:
        event.remove(engine, "before_cursor_execute", record)
    assert sum(1 for status in answered.values() if status == 200) >= 20, answered
