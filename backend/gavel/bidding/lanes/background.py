"""The online lanes' runner in the app (issue 25): filled by the lane runner."""

import asyncio

from fastapi import FastAPI

from gavel.config import Settings


def lane_tasks(app: FastAPI, settings: Settings) -> list[asyncio.Task[None]]:
    """The lane runner's background tasks, started with the app."""
    return []
