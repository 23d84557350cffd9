"""Backup and restore tests run on the engine of the pass: fresh SQLite files, or, with TEST_DATABASE_URL,
fresh PostgreSQL databases made for the test and dropped after it. One source with the demo data (all tables
with rows, and the uploads of its vehicle photos) is made and backed up once per run."""

import os
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from gavel.backup.service import backup
from gavel.config import Settings, normalise_database_url
from gavel.migrate import sync_url
from tests.conftest import ADMIN_EMAIL, ADMIN_PASSWORD, DemoDatabase

NewDatabase = Callable[[], str]


@pytest.fixture(scope="session")
def new_database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[NewDatabase]:
    """Makes empty databases (not migrated): SQLite files, or PostgreSQL databases dropped at the end."""
    pg = os.environ.get("TEST_DATABASE_URL")
    folder = tmp_path_factory.mktemp("databases")
    made: list[str] = []
    admin = create_engine(sync_url(normalise_database_url(pg)), isolation_level="AUTOCOMMIT") if pg else None

    def new() -> str:
        name = f"gavel_backup_{uuid.uuid4().hex[:12]}"
        if admin is None:
            return f"sqlite+aiosqlite:///{folder / (name + '.db')}"
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        made.append(name)
        url = make_url(normalise_database_url(str(pg))).set(database=name)
        return url.render_as_string(hide_password=False)

    yield new
    if admin is not None:
        with admin.connect() as conn:
            for name in made:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def settings_for(url: str, data_dir: Path) -> Settings:
    return Settings(
        database_url=url,
        data_dir=data_dir,
        admin_email=ADMIN_EMAIL,
        admin_password=ADMIN_PASSWORD,
        log_json=False,
        run_jobs=False,
        password_hash_time_cost=1,
        password_hash_memory_kib=1024,
        password_hash_parallelism=1,
    )


@dataclass
class Source:
    settings: Settings
    archive: Path


@pytest.fixture(scope="session")
def source(demo_database: DemoDatabase, tmp_path_factory: pytest.TempPathFactory) -> Source:
    """A database with the first administrator and the demo data (the run's, loaded once: tests/conftest.py),
    and its backup."""
    settings = settings_for(demo_database.settings.database_url, demo_database.settings.data_dir)
    result = backup(settings, tmp_path_factory.mktemp("source") / "backup.tar")
    return Source(settings, result.path)


@pytest.fixture
def target(new_database: NewDatabase, tmp_path: Path) -> Settings:
    """An empty database (no tables) and an empty data dir to restore into."""
    return settings_for(new_database(), tmp_path / "target-data")
