"""The online lanes' runner in the app (issue 25): one task per app process ticking `runner.tick`, asleep
until the nearest lot clock, next lot or lease renewal. Every process runs it; the leases decide which one
moves each lane."""

import asyncio
import logging
import os
import socket
import uuid

from fastapi import FastAPI

from gavel.bidding.lanes.runner import RENEW_EVERY, tick
from gavel.config import Settings

log = logging.getLogger("gavel.bidding.lanes")

SHORTEST_SLEEP = 0.005  # seconds: a wake that came a hair early reads the clock again this soon


def holder_name() -> str:
    """This process's name on the leases it holds: host, process id and a random part (a restarted process
    with the same pid is another holder)."""
    return f"{socket.gethostname()[:30]}:{os.getpid()}:{uuid.uuid4().hex[:12]}"


async def run_lanes(app: FastAPI, holder: str) -> None:
    """The runner's loop: a failure is logged and the runner goes on at the next lease renewal."""
    while True:
        try:
            wait = await tick(app.state.sessionmaker, app.state.clock, holder)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the lane runner's tick failed; trying again")
            wait = RENEW_EVERY
        await asyncio.sleep(max(wait, SHORTEST_SLEEP))


def lane_tasks(app: FastAPI, settings: Settings) -> list[asyncio.Task[None]]:
    """The lane runner's background tasks, started with the app."""
    return [asyncio.create_task(run_lanes(app, holder_name()))]
