"""The API's routes, flat on the app's router, and a request found by its path in one dictionary lookup.

FastAPI 0.165 keeps an included router as one route that walks its whole tree of routers again for every
request (to learn whether a route was added, then every candidate's path twice): with the API's 27 module
routers inside one /api router, that took 0.1 to 0.6 ms of each request by the module's place in the list
(issue 16, bench/python_time.py). The module routers' routes are copied onto the app's router instead, as
include_router did before FastAPI 0.160, and StaticPaths hands a request whose path holds no parameter to the
routes of that path at once (a path the index would answer differently is left to the router's scan:
index_of).

A path with an id in it (`/api/bidder/lots/{lotId}`, which members poll 200 times a second) was matched by the
router's scan of its 215 routes, two tests a route: a tenth of a poll's time. ParamPaths indexes those
routes by their number of segments and the literal segments before the first parameter; a request tries only
the routes of its own shape and takes the first, in the router's order, that matches it in full, unless a
route the index cannot hold (a mount, a `{x:path}`, the SPA's catch-all) comes before it and matches too.
Anything else (no route of that shape, a method the path lacks) is matched by the router's scan as before.
"""

from collections.abc import Iterable, Sequence

from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute
from starlette.routing import BaseRoute, Match
from starlette.types import ASGIApp, Receive, Scope, Send


def add_api_routes(app: FastAPI, routers: Iterable[APIRouter], prefix: str) -> None:
    """Every route of the routers on the app's own router, under the prefix, with all its options."""
    for router in routers:
        for route in router.routes:
            if not isinstance(route, APIRoute):
                raise TypeError(f"{route!r}: only API routes are copied (a module router includes no router)")
            app.router.add_api_route(
                prefix + route.path,
                route.endpoint,
                response_model=route.response_model,
                status_code=route.status_code,
                tags=route.tags,
                dependencies=route.dependencies,
                summary=route.summary,
                description=route.description,
                response_description=route.response_description,
                responses=route.responses,
                deprecated=route.deprecated,
                methods=route.methods,
                operation_id=route.operation_id,
                response_model_include=route.response_model_include,
                response_model_exclude=route.response_model_exclude,
                response_model_by_alias=route.response_model_by_alias,
                response_model_exclude_unset=route.response_model_exclude_unset,
                response_model_exclude_defaults=route.response_model_exclude_defaults,
                response_model_exclude_none=route.response_model_exclude_none,
                include_in_schema=route.include_in_schema,
                response_class=route.response_class,
                name=route.name,
                callbacks=route.callbacks,
                openapi_extra=route.openapi_extra,
                generate_unique_id_function=route.generate_unique_id_function,
                strict_content_type=route.strict_content_type,
                max_body_size=route.max_body_size,
                form_limits=route.form_limits or None,
            )


def _probe(path: str, method: str) -> Scope:
    return {"type": "http", "path": path, "root_path": "", "method": method, "headers": []}


def index_of(routes: Sequence[BaseRoute]) -> dict[str, tuple[APIRoute, ...]]:
    """The API routes whose path holds no parameter, by path, in the router's order.

    A path is left out when a route before it in the list also takes that path and one of its methods in full
    (a parameter, a mount): the router would have chosen that one, so the index must not."""
    index: dict[str, list[APIRoute]] = {}
    shadowed: set[str] = set()
    for position, route in enumerate(routes):
        if not isinstance(route, APIRoute) or route.param_convertors:
            continue
        for earlier in routes[:position]:
            if earlier in index.get(route.path, ()):
                continue
            if any(earlier.matches(_probe(route.path, m))[0] == Match.FULL for m in route.methods or ()):
                shadowed.add(route.path)
        index.setdefault(route.path, []).append(route)
    return {path: tuple(found) for path, found in index.items() if path not in shadowed}


Shape = tuple[int, tuple[str, ...]]  # a path's number of segments, and the literal ones before a parameter


def _indexable(route: BaseRoute) -> bool:
    """An API route with parameters, each a whole segment of its own and none that spans segments."""
    if not isinstance(route, APIRoute) or not route.param_convertors:
        return False
    segments = route.path.split("/")
    return all(
        ("{" not in part) or (part.startswith("{") and part.endswith("}") and ":" not in part)
        for part in segments
    )


def _shape(path: str) -> Shape:
    segments = path.split("/")
    literal = []
    for part in segments:
        if "{" in part:
            break
        literal.append(part)
    return len(segments), tuple(literal)


class ParamPaths:
    """The API routes with parameters by shape (their position in the router's list kept), and the routes no
    index holds, which a request must still be checked against."""

    def __init__(self, routes: Sequence[BaseRoute]) -> None:
        self.by_shape: dict[Shape, list[tuple[int, APIRoute]]] = {}
        self.static: set[str] = set()
        self.others: list[tuple[int, BaseRoute]] = []
        for position, route in enumerate(routes):
            if _indexable(route):
                assert isinstance(route, APIRoute)
                self.by_shape.setdefault(_shape(route.path), []).append((position, route))
            elif isinstance(route, APIRoute) and not route.param_convertors:
                self.static.add(route.path)
            else:
                self.others.append((position, route))

    def route_for(self, scope: Scope) -> tuple[APIRoute, Scope] | None:
        """The route the router's scan would take in full, with its child scope; None: the scan decides."""
        path: str = scope["path"]
        if path in self.static:
            return None  # a literal path the static index left out: a route before it takes it (index_of)
        segments = path.split("/")
        count = len(segments)
        candidates: list[tuple[int, APIRoute]] = []
        for literal in range(count + 1):
            candidates.extend(self.by_shape.get((count, tuple(segments[:literal])), ()))
        if not candidates:
            return None
        candidates.sort(key=lambda found: found[0])
        for position, route in candidates:
            match, child_scope = route.matches(scope)
            if match != Match.FULL:
                continue
            if any(
                earlier < position and other.matches(scope)[0] == Match.FULL for earlier, other in self.others
            ):
                return None
            return route, child_scope
        return None


class StaticPaths:
    """ASGI, in place of the router's own matching: a request to an indexed path goes straight to the route of
    that path that takes its method; anything else (no such path, no such method: the router answers 405 or
    the SPA) goes to the router. The index is made again when a route is added or removed."""

    def __init__(self, router: APIRouter, fallback: ASGIApp) -> None:
        self.router = router
        self.fallback = fallback
        self._index: dict[str, tuple[APIRoute, ...]] = {}
        self._params = ParamPaths(())
        self._indexed: tuple[int, int, int] | None = None

    def _current(self) -> dict[str, tuple[APIRoute, ...]]:
        routes = self.router.routes
        # Routes are appended (add_api_route) or put first and taken away again (tests): the length and the
        # two ends tell a change, without comparing every route on every request.
        seen = (len(routes), id(routes[0]), id(routes[-1])) if routes else (0, 0, 0)
        if seen != self._indexed:
            self._index = index_of(routes)
            self._params = ParamPaths(routes)
            self._indexed = seen
        return self._index

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not scope.get("root_path"):
            for route in self._current().get(scope["path"], ()):
                match, child_scope = route.matches(scope)
                if match == Match.FULL:
                    await self._handle(route, child_scope, scope, receive, send)
                    return
            found = self._params.route_for(scope)
            if found is not None:
                await self._handle(*found, scope, receive, send)
                return
        await self.fallback(scope, receive, send)

    async def _handle(
        self, route: APIRoute, child_scope: Scope, scope: Scope, receive: Receive, send: Send
    ) -> None:
        scope.setdefault("router", self.router)
        scope.update(child_scope)
        await route.handle(scope, receive, send)


def index_static_paths(app: FastAPI) -> None:
    """Put StaticPaths in front of the app router's matching."""
    app.router.middleware_stack = StaticPaths(app.router, app.router.middleware_stack)
