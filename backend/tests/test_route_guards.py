"""Every route of the app is either public by name or guarded by a signed-in session."""

from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIWebSocketRoute, RouteContext, iter_route_contexts

from gavel.bidders.deps import current_bidder
from gavel.bidders.live import access as bidder_live_access
from gavel.bidders.live.sockets import bidder_socket
from gavel.bidding.live import access as live_access
from gavel.bidding.live.sockets import live_socket
from gavel.guards import current_principal, require, require_any
from gavel.main import create_app
from gavel.permissions import Module, Privilege

# (method, path) pairs that anyone may call, each for a reason.
PUBLIC = {
    ("GET", "/api/health"),  # load balancer probe
    ("GET", "/api/app-config"),  # durations the login page needs
    ("POST", "/api/auth/login"),
    ("POST", "/api/auth/login/code"),  # proves itself with the signed challenge and a code
    ("POST", "/api/auth/logout-session"),  # proves itself with email and password
    ("POST", "/api/forgot-password"),
    ("POST", "/api/resend-otp"),
    ("POST", "/api/verify-otp"),
    ("POST", "/api/reset-password"),  # proves itself with the reset token
    # A member's sign-in by one-time code (issue 26): the same answer for every address; verify proves itself
    # with the code (the other bidder routes take the bidder guard, gavel.bidders.deps.current_bidder)
    ("POST", "/api/bidder/sign-in"),
    ("POST", "/api/bidder/verify"),
    # The alerts providers' webhooks: each request proves itself with the provider's signature
    ("POST", "/api/webhooks/twilio/status"),
    ("POST", "/api/webhooks/twilio/inbound"),
    ("GET", "/api/webhooks/meta"),  # Meta's handshake: proves itself with the verify token
    ("POST", "/api/webhooks/meta"),
    # A promotional email's unsubscribe link: the signed token is the proof (GET only shows the page)
    ("GET", "/unsubscribe/{token}"),
    ("POST", "/unsubscribe/{token}"),
}
# WebSocket routes that authenticate in-band: a browser cannot set a header on a WebSocket, so the client
# sends its staff bearer token as the first message and the route checks it (the guards' checks and the
# privilege) before it sends anything. Each names its endpoint and the check that endpoint must call; an HTTP
# route is never exempt this way.
IN_BAND = {
    "/api/live/events/{event_id}": (live_socket, live_access, "check"),  # the lots' live feed (issue 25)
    "/api/bidder/live": (bidder_socket, bidder_live_access, "check"),  # the bidders' live feed (issue 26)
}
SPA_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
PUBLIC |= {
    ("GET", "/api/openapi.json"),
    ("HEAD", "/api/openapi.json"),
    ("GET", "/api/docs"),
    ("GET", "/api/docs/oauth2-redirect"),
    *(("ANY", path) for path in ("/api/docs-assets", "/public")),  # static files: docs assets, uploads
    *((method, "/{full_path:path}") for method in SPA_METHODS),  # the SPA's index.html, 404 under /api
}


# The guards: staff's (every staff route) and the bidders' (every /api/bidder route but signing in).
GUARDS = {current_principal, current_bidder}


def _calls(dependant: Dependant) -> set[Any]:
    found = {dependant.call}
    for sub in dependant.dependencies:
        found |= _calls(sub)
    return found


def _routes(app: FastAPI) -> list[RouteContext]:
    return list(iter_route_contexts(app.routes))


def _pairs(route: RouteContext) -> set[tuple[str, str]]:
    return {(method, str(route.path)) for method in (route.methods or {"ANY"})}


def _authenticates_in_band(route: RouteContext) -> bool:
    """A WebSocket route of IN_BAND whose endpoint is the one named there."""
    named = IN_BAND.get(str(route.path))
    return (
        named is not None
        and isinstance(route.original_route, APIWebSocketRoute)
        and route.endpoint is named[0]
    )


def unguarded_routes(app: FastAPI) -> list[str]:
    unguarded = []
    for route in _routes(app):
        if _authenticates_in_band(route):
            continue
        for method, path in sorted(_pairs(route) - PUBLIC):
            dependant = getattr(route, "dependant", None)
            if dependant is None or not _calls(dependant) & GUARDS:
                unguarded.append(f"{method} {path}")
    return unguarded


def test_every_route_is_public_or_guarded(settings: Any) -> None:
    app = create_app(settings)
    assert len(_routes(app)) > 10
    assert unguarded_routes(app) == [], "routes with no guard and not on the public list"


def test_an_unguarded_route_is_caught(settings: Any) -> None:
    app = create_app(settings)
    router = APIRouter(prefix="/api")

    @router.get("/members/secret")
    async def secret() -> dict[str, str]:
        return {}

    @router.get("/members/guarded")
    async def guarded(_: Any = require(Module.MEMBERS, Privilege.VIEW)) -> dict[str, str]:
        return {}

    @router.get("/lookups/secret")
    async def guarded_by_any(
        _: Any = require_any((Module.MEMBERS, Privilege.VIEW), (Module.SETTINGS, Privilege.VIEW)),
    ) -> dict[str, str]:
        return {}

    app.include_router(router)
    assert unguarded_routes(app) == ["GET /api/members/secret"]


def test_in_band_routes_are_websockets_that_call_their_check(settings: Any) -> None:
    routes = {str(route.path): route for route in _routes(create_app(settings))}
    for path, (endpoint, module, check) in IN_BAND.items():
        assert path in routes, f"{path} is on the in-band list but is no route"
        assert _authenticates_in_band(routes[path]), (
            f"{path} is not the WebSocket route of {endpoint.__name__}"
        )
        # The endpoint calls the module's check (its refusals: tests/bidding/test_live_socket_auth.py).
        assert endpoint.__globals__.get(module.__name__.rsplit(".", 1)[-1]) is module
        assert check in endpoint.__code__.co_names and callable(getattr(module, check))


def test_an_http_route_on_an_in_band_path_is_still_caught(settings: Any) -> None:
    app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)
    router = APIRouter(prefix="/api")

    @router.get("/live/events/{event_id}")
    async def imitation(event_id: str) -> dict[str, str]:
        return {}

    router.add_api_websocket_route("/live/events/{event_id}", live_socket)
    app.include_router(router)
    assert unguarded_routes(app) == ["GET /api/live/events/{event_id}"]


def test_public_list_names_only_real_routes(settings: Any) -> None:
    real = set().union(*(_pairs(route) for route in _routes(create_app(settings))))
    assert real >= PUBLIC


def test_operation_ids_are_tag_dash_name(settings: Any) -> None:
    schema = create_app(settings).openapi()
    ids = [op["operationId"] for path in schema["paths"].values() for op in path.values()]
    assert "auth-login" in ids
    assert all("-" in i and " " not in i for i in ids)
    assert len(ids) == len(set(ids))
