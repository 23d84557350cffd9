"""The app factory: routers, error handlers, security headers, uploads and the SPA."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress

from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi_offline import FastAPIOffline

from gavel.alerts.campaigns.router import router as campaigns_router
from gavel.alerts.delivery.dispatcher import run_dispatcher
from gavel.alerts.delivery.router import router as webhooks_router
from gavel.alerts.router import router as alerts_router
from gavel.alerts.unsubscribe.router import router as unsubscribe_router
from gavel.auctions.router import router as auctions_router
from gavel.auth.admin_router import router as staff_resets_router
from gavel.auth.router import router as auth_router
from gavel.auth.service import AuthService
from gavel.bidders.account.router import router as bidder_account_router
from gavel.bidders.live.app import bidder_live_tasks, install_bidder_live
from gavel.bidders.lots.router import router as bidder_lots_router
from gavel.bidders.router import router as bidders_router
from gavel.bidders.watchlist.router import router as bidder_watchlist_router
from gavel.bidding.approval.router import router as approval_router
from gavel.bidding.increment_tables.router import router as increment_tables_router
from gavel.bidding.lanes.background import lane_tasks
from gavel.bidding.lanes.router import router as lanes_router
from gavel.bidding.live.app import install_live, live_tasks
from gavel.bidding.router import router as lots_router
from gavel.business.router import router as business_router
from gavel.charges.router import router as charges_router
from gavel.config import Settings, get_settings
from gavel.core import heap, sealing
from gavel.core.clock import ShiftedClock, SystemClock
from gavel.core.clock_ticks import Ticks
from gavel.core.database_errors import install_database_error_handlers
from gavel.core.database_retry import DatabaseRetryMiddleware
from gavel.core.middleware import RequestContextMiddleware
from gavel.core.openapi import declare_unauthorized
from gavel.core.passwords import configure_hashing
from gavel.core.routing import add_api_routes, index_static_paths
from gavel.core.spa import mount_spa
from gavel.dashboard.charts.router import router as dashboard_charts_router
from gavel.dashboard.router import router as dashboard_router
from gavel.db import make_engine, make_read_sessionmaker, make_sessionmaker, use_sessionmakers
from gavel.deposits.router import router as deposits_router
from gavel.documents.router import router as documents_router
from gavel.errors import install_error_handlers
from gavel.gatepass.router import router as gate_router
from gavel.invoices.router import router as invoices_router
from gavel.invoices.vehicles_router import router as vehicles_with_invoices_router
from gavel.jobs.clock_jobs import run_forever
from gavel.locations.router import router as locations_router
from gavel.lookups.router import router as lookups_router
from gavel.members.consents.router import router as member_consents_router
from gavel.members.plans_router import router as plans_router
from gavel.members.router import router as members_router
from gavel.members.service import MemberService
from gavel.payments.router import router as payments_router
from gavel.payouts.router import router as payouts_router
from gavel.preferences.router import router as preferences_router
from gavel.reports.router import router as reports_router
from gavel.roles.router import router as roles_router
from gavel.staff_sessions.router import router as staff_sessions_router
from gavel.statements.router import router as statements_router
from gavel.storage import PublicFiles
from gavel.system.clock_router import router as clock_router
from gavel.system.health import router as health_router
from gavel.trail.router import router as audit_router
from gavel.uploads.router import router as uploads_router
from gavel.users.roles_router import router as role_changes_router
from gavel.users.router import router as users_router
from gavel.users.service import UserService
from gavel.vehicles.router import router as vehicles_router
from gavel.wiring import connect_handlers


def _operation_id(route: APIRoute) -> str:
    tag = str(route.tags[0]) if route.tags else "default"
    return f"{tag}-{route.name}"


def configure_services(app: FastAPI, settings: Settings) -> None:
    """The settings and the services that read them, kept on the app's state."""
    app.state.settings = settings
    sealing.configure(settings.totp_keys)
    app.state.clock = ShiftedClock() if settings.movable_clock else SystemClock()
    app.state.auth_service = AuthService(settings)
    app.state.user_service = UserService(settings)
    app.state.member_service = MemberService(settings)


def create_app(settings: Settings | None = None) -> FastAPI:

    settings = settings or get_settings()
    connect_handlers()
    configure_hashing(settings)

    url = settings.resolved_database_url
    pooled = (
        {"pool_size": settings.database_pool_size, "max_overflow": settings.database_pool_overflow}
        if url.startswith("postgresql")
        else {}
    )
    engine = make_engine(url, **pooled)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # The OpenAPI document is built once here, not by its first reader: /api/docs waited 6 s for it on a
        # loaded machine (FastAPI keeps it in app.openapi_schema).
        app.openapi()
        # The clock jobs and the alerts' dispatcher (GAVEL_RUN_JOBS=0: `python -m gavel worker` runs them).
        maker, clock = app.state.sessionmaker, app.state.clock
        # Asked when the dev clock moves: the jobs run at once, and the move answers once they have.
        app.state.clock_ticks = Ticks() if settings.run_jobs else None
        tasks = (
            [
                asyncio.create_task(run_forever(maker, clock, ticks=app.state.clock_ticks)),
                asyncio.create_task(run_dispatcher(maker, clock, settings)),
            ]
            if settings.run_jobs
            else []
        )
        tasks += live_tasks(app)
        tasks += bidder_live_tasks(app)  # after the hub: the bidders' feed relays it
        if settings.run_jobs:
            tasks += lane_tasks(app, settings)
        if getattr(app.state, "settle_heap", False):
            heap.settle()  # python -m gavel serve only (serving_app): see core/heap.py
        yield
        for task in tasks:
            task.cancel()
            with suppress(asyncio.CancelledError):
                await task
        await engine.dispose()

    app = FastAPIOffline(
        title="Gavel API",
        version="0.1.0",
        description="The back office of a vehicle auction business.",
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
        swagger_ui_oauth2_redirect_url="/api/docs/oauth2-redirect",
        static_url="/api/docs-assets",
        generate_unique_id_function=_operation_id,
        lifespan=lifespan,
    )
    app.state.engine = engine
    use_sessionmakers(app, make_sessionmaker(engine), make_read_sessionmaker(engine))
    configure_services(app, settings)

    install_error_handlers(app)
    install_database_error_handlers(app)
    # Inside the request context (same request id): a read whose connection broke runs once more, and no
    # database failure reaches the server without an answer (core.database_retry).
    app.add_middleware(DatabaseRetryMiddleware)
    app.add_middleware(RequestContextMiddleware)

    routers = [
        health_router,
        auth_router,
        roles_router,
        role_changes_router,
        users_router,
        staff_resets_router,
        locations_router,
        plans_router,
        charges_router,
        uploads_router,
        member_consents_router,  # before members_router: /members/consent-options is no member's id
        members_router,
        vehicles_router,
        vehicles_with_invoices_router,
        auctions_router,
        approval_router,  # before lots_router: /lots/on-approval is no lot's id
        lots_router,
        lanes_router,
        increment_tables_router,
        business_router,
        invoices_router,
        payments_router,
        payouts_router,
        gate_router,
        documents_router,
        dashboard_router,
        dashboard_charts_router,
        lookups_router,
        statements_router,
        deposits_router,
        reports_router,
        audit_router,
        alerts_router,
        campaigns_router,
        webhooks_router,
        staff_sessions_router,
        preferences_router,  # the signed-in user's own list settings and saved views
        bidders_router,  # members signed in as bidders: their own tokens, never a staff one
        bidder_lots_router,
        bidder_watchlist_router,
        bidder_account_router,
    ]
    if settings.movable_clock:
        routers.append(clock_router)
    add_api_routes(app, routers, prefix="/api")
    add_api_routes(app, [unsubscribe_router], prefix="")  # the unsubscribe link of promotional emails
    install_live(app)  # the lots' WebSocket (an API route copy takes no WebSocket route)
    install_bidder_live(app)  # the bidders' WebSocket, /api/bidder/live

    app.mount("/public", PublicFiles(), name="public")  # the configured file store (gavel.storage)
    mount_spa(app, settings.spa_dir)
    declare_unauthorized(app)
    index_static_paths(app)
    return app
