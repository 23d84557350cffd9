"""Migration 0039 builds the preferences' tables with their constraints (the density and sort order checks,
the unique index on lower(name), the cascade from the user), drops them on downgrade and builds them again."""

from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from alembic import command
from sqlalchemy import Connection, create_engine, inspect, text
from sqlalchemy.exc import IntegrityError

from gavel.migrate import alembic_config, sync_url

TABLES = {"user_preference", "list_layout", "saved_view"}
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def _user(conn: Connection, user_id: str) -> None:
    conn.execute(
        text(
            "INSERT INTO user_account (id, created_at, updated_at, full_name, email, user_account_status,"
            " is_active, password_hash, must_change_password) VALUES (:id, :now, :now, 'Aisha Khan', :email,"
            " 'Active', true, 'x', false)"
        ),
        {"id": user_id, "now": NOW, "email": f"{user_id}@example.com"},
    )


def _view(conn: Connection, view_id: str, name: str, sort_order: str | None = None) -> None:
    conn.execute(
        text(
            "INSERT INTO saved_view (id, owner_id, list_key, name, shared, search, sort_by, sort_order,"
            " filters, columns, created_at, updated_at)"
            " VALUES (:id, 'u1', 'invoices', :name, false, '', NULL, :order, '{}', NULL, :now, :now)"
        ),
        {"id": view_id, "name": name, "order": sort_order, "now": NOW},
    )


def test_the_tables_their_constraints_and_the_way_back(empty_database: str) -> None:
    config = alembic_config(empty_database)
    command.upgrade(config, "head")
    engine = create_engine(sync_url(empty_database))
    try:
        with engine.begin() as conn:
            assert set(inspect(conn).get_table_names()) >= TABLES
            _user(conn, "u1")
            _view(conn, "v1", "Unpaid")
            conn.execute(
                text(
                    "INSERT INTO user_preference (user_id, density, updated_at)"
                    " VALUES ('u1', 'compact', :now)"
                ),
                {"now": NOW},
            )
            conn.execute(
                text(
                    "INSERT INTO list_layout (user_id, list_key, columns, updated_at)"
                    " VALUES ('u1', 'users', '[{\"key\": \"name\", \"visible\": true}]', :now)"
                ),
                {"now": NOW},
            )
        refused: list[Callable[[Connection], object]] = [
            lambda conn: _view(conn, "v2", "UNPAID"),  # lower(name) is taken by this owner on this list
            lambda conn: _view(conn, "v3", "Other", sort_order="up"),
            lambda conn: conn.execute(text("UPDATE user_preference SET density = 'tiny'")),
        ]
        for write in refused:
            with pytest.raises(IntegrityError), engine.begin() as conn:
                write(conn)
        with engine.begin() as conn:
            conn.execute(text("DELETE FROM user_account WHERE id = 'u1'"))
            for table in TABLES:
                assert conn.execute(text(f"SELECT count(*) FROM {table}")).scalar() == 0  # noqa: S608

        command.downgrade(config, "0038")
        with engine.connect() as conn:
            assert not set(inspect(conn).get_table_names()) & TABLES
        command.upgrade(config, "head")
        with engine.connect() as conn:
            assert set(inspect(conn).get_table_names()) >= TABLES
    finally:
        engine.dispose()
