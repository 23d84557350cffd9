"""The live feed's place in the app (issue 25): the lots' WebSocket, and the process's hub with its
PostgreSQL listener and presence heartbeat started with the app (every process runs its own, GAVEL_RUN_JOBS or
not: each holds sockets)."""

import asyncio
from contextlib import suppress

from fastapi import FastAPI

from gavel.bidding.live.broadcaster import Hub
from gavel.bidding.live.listener import listen
from gavel.bidding.live.sockets import live_socket


def install_live(app: FastAPI) -> None:
    """The WebSocket route and what it needs, on the app."""
    app.add_api_websocket_route("/api/live/events/{event_id}", live_socket, name="live-event")


def live_tasks(app: FastAPI) -> list[asyncio.Task[None]]:
    """The live feed's background tasks, started with the app: the hub (and, on PostgreSQL, its listener and
    the watchers' heartbeat). The hub is `app.state.live_hub` while they run."""
    engine = app.state.engine
    hub = Hub(engine, app.state.read_sessionmaker, app.state.clock)
    app.state.live_hub = hub
    tasks = [asyncio.create_task(_run_hub(app, hub))]
    if hub.postgres:
        url = engine.url.render_as_string(hide_password=False)
        tasks += [asyncio.create_task(listen(hub, url)), asyncio.create_task(hub.heartbeat())]
    return tasks


async def _run_hub(app: FastAPI, hub: Hub) -> None:
    try:
        await hub.run()
    finally:
        if getattr(app.state, "live_hub", None) is hub:
            del app.state.live_hub
        if hub.postgres:
            with suppress(Exception):
                await asyncio.shield(hub.farewell())
