"""The migrations build exactly the schema the models declare, so a new autogenerate starts from no drift."""

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from gavel.migrate import sync_url
from gavel.models import metadata

# Made by raw SQL on PostgreSQL only (pg_trgm), so the models cannot declare them.
RAW_SQL_INDEXES = {
    "ix_member_search_text_trgm",
    "ix_vehicle_search_text_trgm",
    "ix_invoice_search_text_trgm",
    "ix_payment_search_text_trgm",
    "ix_alert_message_search_text_trgm",
}


def _include(obj: Any, name: str | None, type_: str, reflected: bool, compare_to: Any) -> bool:
    return not (type_ == "index" and name in RAW_SQL_INDEXES)


def test_migrations_match_the_models(database_url: str) -> None:
    engine = create_engine(sync_url(database_url))
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"include_object": _include})
            assert compare_metadata(context, metadata) == []
    finally:
        engine.dispose()
