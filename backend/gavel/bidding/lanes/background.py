"""The online lanes' runner in the app (issue 25): one task per app process, a `LaneScheduler` moving each
lane it holds at the lane's own wake time (a lot's clock, a next lot) and renewing its leases. Every process
runs it; the leases decide which one moves each lane."""

import asyncio
import os
import socket
import uuid
from collections.abc import Callable
from datetime import datetime

from fastapi import FastAPI
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from gavel.bidding.lanes.models import LaneRun
from gavel.bidding.lanes.runner import STEPS_AT_ONCE, Moved, renew, step_alone
from gavel.bidding.lanes.scheduler import LaneScheduler
from gavel.config import Settings
from gavel.core.clock import Clock
from gavel.db import make_engine, make_sessionmaker


def holder_name() -> str:
    """This process's name on the leases it holds: host, process id and a random part (a restarted process
    with the same pid is another holder)."""
    return f"{socket.gethostname()[:30]}:{os.getpid()}:{uuid.uuid4().hex[:12]}"


async def run_lanes(
    maker: async_sessionmaker[AsyncSession], clock_of: Callable[[], Clock], holder: str
) -> None:
    """The runner's loop (in an app process, or in `python -m gavel worker`): `clock_of` is read at each turn
    (the e2e backend moves the app's clock). Each held lane moves at its own wake time (`LaneScheduler`); a
    failure is logged and tried again at the next upkeep."""

    async def renewed(now: datetime) -> list[tuple[LaneRun, str | None]]:
        return await renew(maker, now, holder)

    async def stepped(lane_id: str, now: datetime) -> Moved | None:
        # The clock itself, not `now`: the step times a close or an open under its lot's lock.
        return await step_alone(maker, lane_id, holder, clock_of())

    await LaneScheduler(renewed, stepped, clock_of).run()


def lane_tasks(app: FastAPI, settings: Settings) -> list[asyncio.Task[None]]:
    """The lane runner's background tasks, started with the app. On PostgreSQL the runner has an engine of
    its own (a connection per lane moving at once): under a load of bids its closes and lease renewals never
    wait for a connection of the requests' pool. SQLite's one file keeps the app's engine, whose writers take
    turns."""
    engine, holder = app.state.engine, holder_name()
    if engine.dialect.name != "postgresql":
        return [asyncio.create_task(run_lanes(app.state.sessionmaker, lambda: app.state.clock, holder))]
    own = make_engine(
        engine.url.render_as_string(hide_password=False), pool_size=STEPS_AT_ONCE + 1, max_overflow=0
    )
    return [asyncio.create_task(_run_lanes_on(own, lambda: app.state.clock, holder))]


async def _run_lanes_on(engine: AsyncEngine, clock_of: Callable[[], Clock], holder: str) -> None:
    try:
        await run_lanes(make_sessionmaker(engine), clock_of, holder)
    finally:
        await engine.dispose()
