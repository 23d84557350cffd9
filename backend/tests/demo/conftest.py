"""The demo's tests read the run's demo database (tests/conftest.py, demo_database), loaded once, in the
rolled-back transaction of each test."""

from collections.abc import Iterator

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from tests.conftest import DemoDatabase, engine_of_the_run


@pytest.fixture(scope="session")
def run_engine(demo_database: DemoDatabase) -> Iterator[AsyncEngine]:
    yield from engine_of_the_run(demo_database.settings.database_url)
