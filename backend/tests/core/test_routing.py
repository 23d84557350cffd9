"""The flat routes and their path index (core.routing) choose the route the router's own scan would choose."""

from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute
from httpx import ASGITransport, AsyncClient
from starlette.routing import BaseRoute, Match

from gavel.core.routing import StaticPaths, index_of
from gavel.main import create_app

METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")


def _scanned(routes: list[BaseRoute], path: str, method: str) -> BaseRoute | None:
    """What the router's scan takes: the first route matching path and method in full."""
    for route in routes:
        if route.matches({"type": "http", "path": path, "root_path": "", "method": method})[0] == Match.FULL:
            return route
    return None


def test_every_indexed_path_goes_where_the_scan_goes(settings: Any) -> None:
    app = create_app(settings)
    routes = app.router.routes
    index = index_of(routes)
    api_paths = {r.path for r in routes if isinstance(r, APIRoute) and r.path.startswith("/api/")}
    assert len(index) > 90 and "/api/members/get" in index and "/api/vehicles/get" in index
    for path, candidates in index.items():
        for method in METHODS:
            chosen = next((r for r in candidates if method in (r.methods or ())), None)
            if chosen is not None:
                assert chosen is _scanned(routes, path, method), (method, path)
    # Only paths with parameters are left to the scan.
    assert {p for p in api_paths if "{" not in p} == {p for p in index if p.startswith("/api/")}


def test_a_path_an_earlier_route_takes_is_left_to_the_scan() -> None:
    app = FastAPI()

    @app.get("/items/{item_id}")
    async def one(item_id: str) -> dict[str, str]:
        return {"route": "one", "id": item_id}

    @app.get("/items/export")
    async def export() -> dict[str, str]:  # never reached by GET: the route above takes the path first
        return {"route": "export"}

    @app.post("/items/get")
    async def listing() -> dict[str, str]:
        return {"route": "list"}

    index = index_of(app.router.routes)
    assert "/items/export" not in index and "/items/get" in index


async def test_requests_reach_their_routes_and_the_rest_falls_through(settings: Any) -> None:
    app = create_app(settings)
    assert isinstance(app.router.middleware_stack, StaticPaths)

    @app.get("/api/test-added-late")
    async def late() -> dict[str, str]:
        return {"late": "yes"}

    app.router.routes.insert(0, app.router.routes.pop())  # as tests put a route before the SPA's catch-all
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://t") as client:
        added = await client.get("/api/test-added-late")
        assert added.status_code == 200 and added.json() == {"late": "yes"}
        unsigned = await client.post("/api/members/get", json={})
        assert unsigned.status_code == 401  # the route, its guard included
        wrong_method = await client.get("/api/auth/login")  # the path exists, not for GET: the scan answers
        assert wrong_method.status_code in (404, 405) and "message" in wrong_method.json()
        assert (await client.get("/api/health")).status_code in (200, 503)
        app.router.routes.pop(0)
        gone = await client.get("/api/test-added-late")
        assert gone.status_code == 404
