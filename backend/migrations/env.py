"""Alembic environment: runs on the app's URL (sync driver), batch mode for SQLite."""

from alembic import context
from sqlalchemy import create_engine, pool

from gavel.config import get_settings
from gavel.migrate import sync_url
from gavel.models import metadata

config = context.config


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.attributes.get("url") or sync_url(get_settings().resolved_database_url)
    engine = create_engine(url, poolclass=pool.NullPool)
    with engine.connect() as conn:
        _run(conn)


def _run(connection: object) -> None:
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
