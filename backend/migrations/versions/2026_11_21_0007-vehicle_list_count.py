"""vehicle_list_count and vehicle list indexes: counts, totals, pages and sorts at 1,000,000 vehicles (bench/)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-21 23:45:00.000000

- vehicle_list_count: one row per (status, is_received, is_inspection, assigned, is_paid, is_released,
  is_returned) holding how many vehicles have exactly those values (a few dozen rows); the counts of every list
  request, and the page total of a list filtered on these alone, are sums of its rows. Filled from the existing
  vehicles, then kept exact by triggers, as member_list_count (migration 0006, which explains the choices):
  statement-level with transition tables on PostgreSQL, row-level on SQLite. `assigned` is event_id IS NOT NULL.
- (status, <sort column>, id) for every sortable column, so that a page's ids come in order from an index-only
  scan (first and deep pages alike); the (status, year) and (status, opening_price) indexes of 0004 gain the id.
- (status, make, year, id): the make filter with the newest model years first (the filtered and sorted case).
"""

# ruff: noqa: S608  (SQL built from this file's own constant names, nothing from outside)

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLE, COUNTED, COUNT = "vehicle_list_count", "vehicle", "vehicles"
# Key column -> its value for a row ({r} is "NEW." / "OLD." in a row-level trigger, empty otherwise).
KEYS = {
    "status": "{r}status",
    "is_received": "{r}is_received",
    "is_inspection": "{r}is_inspection",
    "assigned": "{r}event_id IS NOT NULL",
    "is_paid": "{r}is_paid",
    "is_released": "{r}is_released",
    "is_returned": "{r}is_returned",
}
NEW_INDEXES = {
    "ix_vehicle_status_lot_number": ["status", "vehicle_lot_number", "id"],
    "ix_vehicle_status_make_id": ["status", "make", "id"],
    "ix_vehicle_status_model_id": ["status", "model", "id"],
    "ix_vehicle_status_mileage": ["status", "mileage", "id"],
    "ix_vehicle_status_sold_for": ["status", "sold_for", "id"],
    "ix_vehicle_status_make_year": ["status", "make", "year", "id"],
}
WIDENED = {  # name: (columns of 0004, columns from here on)
    "ix_vehicle_status_year": (["status", "year"], ["status", "year", "id"]),
    "ix_vehicle_status_opening_price": (["status", "opening_price"], ["status", "opening_price", "id"]),
}


def _values(row: str) -> str:
    return ", ".join(expression.format(r=row) for expression in KEYS.values())


def _named(row: str) -> str:
    return ", ".join(f"{expression.format(r=row)} AS {key}" for key, expression in KEYS.items())


def _pg_upsert(sources: list[tuple[str, int]]) -> str:
    keys = ", ".join(KEYS)
    union = " UNION ALL ".join(f"SELECT {_named('')}, {sign} AS d FROM {rows}" for rows, sign in sources)
    return (
        f"INSERT INTO {TABLE} AS c ({keys}, {COUNT}) SELECT {keys}, sum(d) FROM ({union}) AS x"
        f" GROUP BY {keys} HAVING sum(d) <> 0 ORDER BY {keys}"
        f" ON CONFLICT ({keys}) DO UPDATE SET {COUNT} = c.{COUNT} + excluded.{COUNT};"
    )


def _postgresql_triggers() -> list[str]:
    return [
        f"""CREATE FUNCTION {TABLE}_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    {_pg_upsert([("new_rows", 1)])}
  ELSIF TG_OP = 'DELETE' THEN
    {_pg_upsert([("old_rows", -1)])}
  ELSIF TG_OP = 'UPDATE' THEN
    {_pg_upsert([("new_rows", 1), ("old_rows", -1)])}
  ELSE
    DELETE FROM {TABLE};
  END IF;
  RETURN NULL;
END $$""",
        f"CREATE TRIGGER {TABLE}_insert AFTER INSERT ON {COUNTED} REFERENCING NEW TABLE AS new_rows"
        f" FOR EACH STATEMENT EXECUTE FUNCTION {TABLE}_apply()",
        f"CREATE TRIGGER {TABLE}_update AFTER UPDATE ON {COUNTED}"
        f" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows"
        f" FOR EACH STATEMENT EXECUTE FUNCTION {TABLE}_apply()",
        f"CREATE TRIGGER {TABLE}_delete AFTER DELETE ON {COUNTED} REFERENCING OLD TABLE AS old_rows"
        f" FOR EACH STATEMENT EXECUTE FUNCTION {TABLE}_apply()",
        f"CREATE TRIGGER {TABLE}_truncate AFTER TRUNCATE ON {COUNTED}"
        f" FOR EACH STATEMENT EXECUTE FUNCTION {TABLE}_apply()",
    ]


def _sqlite_step(row: str, sign: int) -> str:
    keys = ", ".join(KEYS)
    return (
        f"INSERT INTO {TABLE} ({keys}, {COUNT}) VALUES ({_values(row + '.')}, {sign})"
        f" ON CONFLICT ({keys}) DO UPDATE SET {COUNT} = {COUNT} + excluded.{COUNT};"
    )


def _sqlite_triggers() -> list[str]:
    changed = " OR ".join(f"({e.format(r='OLD.')}) IS NOT ({e.format(r='NEW.')})" for e in KEYS.values())
    return [
        f"CREATE TRIGGER {TABLE}_insert AFTER INSERT ON {COUNTED} BEGIN {_sqlite_step('NEW', 1)} END",
        f"CREATE TRIGGER {TABLE}_update AFTER UPDATE ON {COUNTED} WHEN {changed}"
        f" BEGIN {_sqlite_step('OLD', -1)} {_sqlite_step('NEW', 1)} END",
        f"CREATE TRIGGER {TABLE}_delete AFTER DELETE ON {COUNTED} BEGIN {_sqlite_step('OLD', -1)} END",
    ]


def upgrade() -> None:
    op.create_table(
        TABLE,
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("is_received", sa.Boolean(), nullable=False),
        sa.Column("is_inspection", sa.String(length=15), nullable=False),
        sa.Column("assigned", sa.Boolean(), nullable=False),
        sa.Column("is_paid", sa.Boolean(), nullable=False),
        sa.Column("is_released", sa.Boolean(), nullable=False),
        sa.Column("is_returned", sa.Boolean(), nullable=False),
        sa.Column(COUNT, sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint(*KEYS, name=op.f(f"pk_{TABLE}")),
    )
    postgresql = op.get_bind().dialect.name == "postgresql"
    if postgresql:  # no vehicle may change between the count and the triggers taking over
        op.execute(f"LOCK TABLE {COUNTED} IN SHARE ROW EXCLUSIVE MODE")
    keys = ", ".join(KEYS)
    op.execute(
        f"INSERT INTO {TABLE} ({keys}, {COUNT}) SELECT {keys}, count(*)"
        f" FROM (SELECT {_named('')} FROM {COUNTED}) AS x GROUP BY {keys}"
    )
    for statement in _postgresql_triggers() if postgresql else _sqlite_triggers():
        op.execute(statement)
    for name, (_, columns) in WIDENED.items():
        op.drop_index(name, table_name=COUNTED)
        op.create_index(name, COUNTED, columns, unique=False)
    for name, columns in NEW_INDEXES.items():
        op.create_index(name, COUNTED, columns, unique=False)


def downgrade() -> None:
    for name in reversed(NEW_INDEXES):
        op.drop_index(name, table_name=COUNTED)
    for name, (columns, _) in WIDENED.items():
        op.drop_index(name, table_name=COUNTED)
        op.create_index(name, COUNTED, columns, unique=False)
    postgresql = op.get_bind().dialect.name == "postgresql"
    for trigger in ("insert", "update", "delete", "truncate"):
        op.execute(f"DROP TRIGGER IF EXISTS {TABLE}_{trigger}" + (f" ON {COUNTED}" if postgresql else ""))
    if postgresql:
        op.execute(f"DROP FUNCTION IF EXISTS {TABLE}_apply()")
    op.drop_table(TABLE)
