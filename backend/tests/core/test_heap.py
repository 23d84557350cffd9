"""The serving process freezes its started heap (gavel/core/heap.py); an app built any other way (the tests,
the command line) does not."""

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gavel import __main__ as command_line
from gavel.config import Settings
from gavel.core import heap
from gavel.core import logging as app_logging
from gavel.main import create_app
from tests.conftest import migrated_database


@pytest.fixture
def own_database(tmp_path: Path) -> Iterator[str]:
    with migrated_database(tmp_path) as url:
        yield url


def test_settling_keeps_the_objects_alive_then_out_of_every_later_pass() -> None:
    kept = [object() for _ in range(10)]
    try:
        heap.settle()
        assert gc.get_freeze_count() >= len(kept)
    finally:
        gc.unfreeze()  # the rest of this test run collects them again
    assert gc.get_freeze_count() == 0


async def _started(app: Any) -> None:
    async with app.router.lifespan_context(app):
        pass


@pytest.mark.parametrize("serving", [True, False])
async def test_only_the_served_app_settles_its_heap_once_started(
    serving: bool, own_database: str, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settled: list[int] = []
    monkeypatch.setattr(heap, "settle", lambda: settled.append(1))
    started = settings.model_copy(update={"database_url": own_database, "run_jobs": False})
    monkeypatch.setattr(command_line, "get_settings", lambda: started)
    monkeypatch.setattr(app_logging, "configure_logging", lambda json_lines: None)  # the run's own logging
    app = command_line.serving_app() if serving else create_app(started)
    await _started(app)
    assert settled == ([1] if serving else [])
