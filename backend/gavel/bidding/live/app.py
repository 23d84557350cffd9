"""The live feed's place in the app (issue 25): filled by the live feed."""

import asyncio

from fastapi import FastAPI


def install_live(app: FastAPI) -> None:
    """The WebSocket route and what it needs, on the app."""


def live_tasks(app: FastAPI) -> list[asyncio.Task[None]]:
    """The live feed's background tasks, started with the app."""
    return []
