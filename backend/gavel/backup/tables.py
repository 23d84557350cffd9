"""What a database holds: its Alembic revision, the rows of each table, and whether it holds any data."""

from sqlalchemy import Connection, Engine, create_engine, inspect, text

from gavel.migrate import sync_url

# Tables whose rows the migrations themselves write (the default business settings, the alerts' switches and
# templates, the unsubscribe links' key in app_state, the bid increment table's one row, without bands) and
# Alembic's own: a database with rows only there holds no data of anyone's yet.
# tests/backup/test_restore.py fails when a migration starts seeding another table.
SEEDED_BY_MIGRATIONS = frozenset(
    {"alembic_version", "business_settings", "alert_switch", "alert_template", "app_state", "increment_table"}
)


def sync_engine(url: str) -> Engine:
    """The configured database through a synchronous driver (psycopg is both; aiosqlite becomes sqlite3)."""
    return create_engine(sync_url(url))


def table_names(conn: Connection) -> list[str]:
    return sorted(inspect(conn).get_table_names())


def revision(conn: Connection) -> str | None:
    if "alembic_version" not in table_names(conn):
        return None
    return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()


def row_counts(conn: Connection) -> dict[str, int]:
    quote = conn.dialect.identifier_preparer.quote
    return {
        name: int(conn.execute(text(f"SELECT count(*) FROM {quote(name)}")).scalar_one())  # noqa: S608
        for name in table_names(conn)
    }


def data_held(counts: dict[str, int]) -> dict[str, int]:
    """The tables with rows that the migrations did not write: empty when the database holds no data."""
    return {name: rows for name, rows in counts.items() if rows and name not in SEEDED_BY_MIGRATIONS}


def describe(held: dict[str, int], limit: int = 4) -> str:
    """'it holds 120 rows in vehicle, 3 in users' for an error message."""
    biggest = sorted(held.items(), key=lambda item: (-item[1], item[0]))
    parts = [f"{rows} in {name}" for name, rows in biggest[:limit]]
    parts[0] = parts[0].replace(" in ", " rows in ", 1)
    more = f" and rows in {len(biggest) - limit} more tables" if len(biggest) > limit else ""
    return f"it holds {', '.join(parts)}{more}"
