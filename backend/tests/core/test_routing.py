"""The flat routes and their path index (core.routing) choose the route the router's own scan would choose."""

import re
from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute
from httpx import ASGITransport, AsyncClient
from starlette.routing import BaseRoute, Match

from gavel.core.routing import ParamPaths, StaticPaths, index_of
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


def _filled(path: str, value: str) -> str:
    return re.sub(r"\{[^}]+\}", value, path)


def test_every_path_with_an_id_goes_where_the_scan_goes(settings: Any) -> None:
    app = create_app(settings)
    routes = app.router.routes
    params = ParamPaths(routes)
    with_ids = [r for r in routes if isinstance(r, APIRoute) and r.param_convertors and ":" not in r.path]
    assert len(with_ids) > 50
    taken = 0
    for route in with_ids:
        # An id, and words that are also literal segments of other routes (the index must still pick as the
        # scan picks when a literal route of the same shape comes first).
        for value in ("a1b2c3", "get", "export", "status"):
            path = _filled(route.path, value)
            for method in METHODS:
                scope = {"type": "http", "path": path, "root_path": "", "method": method, "headers": []}
                found = params.route_for(scope)
                if found is not None:
                    taken += 1
                    assert found[0] is _scanned(routes, path, method), (method, path)
    assert taken > 100


def test_a_route_the_index_cannot_hold_still_comes_first() -> None:
    app = FastAPI()

    @app.get("/files/{rest:path}")
    async def files(rest: str) -> dict[str, str]:
        return {"route": "files"}

    @app.get("/files/{file_id}")
    async def one(file_id: str) -> dict[str, str]:  # never reached: the route above takes the path first
        return {"route": "one"}

    @app.get("/items/{item_id}/price")
    async def price(item_id: str) -> dict[str, str]:
        return {"route": "price"}

    @app.get("/items/{item_id}/{part}")
    async def part(item_id: str, part: str) -> dict[str, str]:
        return {"route": "part"}

    params = ParamPaths(app.router.routes)

    def chosen(path: str, method: str = "GET") -> Any:
        found = params.route_for({"type": "http", "path": path, "root_path": "", "method": method})
        return None if found is None else found[0].name

    assert chosen("/files/a1") is None  # the scan decides (and takes the path route)
    assert chosen("/items/a1/price") == "price" and chosen("/items/a1/colour") == "part"
    assert chosen("/items/a1/price", "POST") is None  # no route takes the method: the scan answers 405
    assert chosen("/nothing/a1") is None
