"""Apply the Alembic migrations from code (the serve command and the tests use this)."""

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, text

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


def trigram_opclass(connection: Connection) -> str:
    """pg_trgm's operator class, schema-qualified; the extension is installed into public when missing.

    Qualifying it keeps migrations working whatever the search_path (the tests run in their own schemas).
    """
    schema = connection.execute(
        text(
            "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace "
            "WHERE e.extname = 'pg_trgm'"
        )
    ).scalar()
    if schema is None:
        connection.execute(text("CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public"))
        schema = "public"
    return f'"{schema}".gin_trgm_ops'
