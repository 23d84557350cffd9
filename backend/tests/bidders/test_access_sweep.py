"""Staff and members never share access: a bidder token is refused by every staff route, and a staff token
by every bidder route (401). Every route of the app is swept, as tests/test_route_guards.py does."""

import re
from typing import Any

from fastapi.routing import APIRoute, iter_route_contexts
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.bidders.deps import current_bidder
from gavel.guards import current_principal
from tests.bidders.conftest import StoppedClock, make_member, signed_in
from tests.factories import admin_headers


def _calls(dependant: Any) -> set[Any]:
    found = {dependant.call}
    for sub in dependant.dependencies:
        found |= _calls(sub)
    return found


def guarded_by(app: Any, guard: Any) -> list[tuple[str, str]]:
    """The (method, path) of every HTTP route whose dependencies include the guard."""
    found = set()
    for route in iter_route_contexts(app.routes):
        if not isinstance(route.original_route, APIRoute) or guard not in _calls(route.dependant):
            continue
        found |= {(method, str(route.path)) for method in route.methods or ()}
    return sorted(found)


async def _call(client: AsyncClient, method: str, path: str, headers: dict[str, str]) -> Any:
    url = re.sub(r"\{[^}]+\}", "x", path)
    body: dict[str, Any] | None = {} if method in ("POST", "PUT", "PATCH") else None
    return await client.request(method, url, json=body, headers=headers)


async def test_a_bidder_token_is_refused_by_every_staff_route(
    app: Any, client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    await make_member(db, 1)
    bidder = await signed_in(client, db, "bidder1@example.com")
    staff_routes = guarded_by(app, current_principal)
    assert len(staff_routes) > 100
    assert not set(staff_routes) & set(guarded_by(app, current_bidder))
    admitted = []
    for method, path in staff_routes:
        answer = await _call(client, method, path, bidder)
        if answer.status_code != 401:
            admitted.append(f"{method} {path}: {answer.status_code}")
    assert admitted == []
    assert (await client.get("/api/bidder/me", headers=bidder)).status_code == 200  # the token was good


async def test_a_staff_token_is_refused_by_every_bidder_route(
    app: Any, client: AsyncClient, clock: StoppedClock
) -> None:
    staff = await admin_headers(client)
    bidder_routes = guarded_by(app, current_bidder)
    assert ("GET", "/api/bidder/me") in bidder_routes and ("POST", "/api/bidder/sign-out") in bidder_routes
    for method, path in bidder_routes:
        answer = await _call(client, method, path, staff)
        assert (answer.status_code, answer.json()["message"]) == (
            401,
            "Please sign in with your member account to continue.",
        ), f"{method} {path}"
    assert (await client.get("/api/auth/me", headers=staff)).status_code == 200  # the token was good


async def test_bidder_routes_are_guarded_or_public_by_name(app: Any) -> None:
    """Every /api/bidder route takes the bidder guard, but signing in itself."""
    public = {("POST", "/api/bidder/sign-in"), ("POST", "/api/bidder/verify")}
    bidder_paths = set()
    for route in iter_route_contexts(app.routes):
        if str(route.path).startswith("/api/bidder/") and isinstance(route.original_route, APIRoute):
            bidder_paths |= {(m, str(route.path)) for m in route.methods or ()}
    assert bidder_paths - public == set(guarded_by(app, current_bidder))
    assert not bidder_paths & set(guarded_by(app, current_principal))
