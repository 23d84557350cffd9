"""Apply the Alembic migrations from code (the serve command and the tests use this)."""

from pathlib import Path

from alembic import command
from alembic.config import Config

BACKEND_DIR = Path(__file__).resolve().parents[1]


def sync_url(async_url: str) -> str:
    """The same database through a synchronous driver, for Alembic."""
    return async_url.replace("sqlite+aiosqlite", "sqlite", 1)


def alembic_config(url: str) -> Config:
    config = Config(str(BACKEND_DIR / "alembic.ini"))
    config.set_main_option("script_location", str(BACKEND_DIR / "migrations"))
    config.attributes["url"] = sync_url(url)
    return config


def upgrade(url: str) -> None:
    command.upgrade(alembic_config(url), "head")
