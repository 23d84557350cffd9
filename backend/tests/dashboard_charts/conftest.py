"""The hand-counted business of data.py, with the app's clock on its 'now'."""

from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from tests.auctions.factory import moved_clock
from tests.dashboard_charts.data import NOW, Business, build


@pytest.fixture
async def business(app: Any, db: async_sessionmaker[AsyncSession]) -> Business:
    moved_clock(app, NOW)
    return await build(db)
