"""member_list_count: the counts of the member lists, kept by triggers instead of counted on every request

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-21 23:30:00.000000

One row per (status, member_entity, is_seller, is_buyer) holding how many members have exactly those values (at
most 5 x 2 x 4 = 40 rows); the counts of every list request, and the page total of a list filtered by status,
entity and member type alone, are sums of these rows (bench/README.md: the grouped count read all 200,000 index
entries on every request). Filled from the existing members here, then kept exact by triggers:

- PostgreSQL: statement-level triggers with transition tables, one upsert per statement (a bulk status change of
  100 members is one statement), keys written in order so that two concurrent statements lock the rows they share
  in the same order; an UPDATE that changes none of the keys writes nothing (HAVING sum <> 0). Concurrent writers
  of the same key wait for each other's row lock, as with any counter, and each adds its own delta to the latest
  committed value (READ COMMITTED re-reads the row), so the sums stay exact. TRUNCATE member empties the table.
- SQLite: row-level triggers doing the same (a single writer at a time, so nothing to order).

Unqualified names resolve through search_path at run time, so the tests' per-run PostgreSQL schemas work. A later
SQLite batch_alter_table that recreates `member` drops its triggers: such a migration must recreate them.
"""

# ruff: noqa: S608  (SQL built from this file's own constant names, nothing from outside)

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLE, COUNTED, COUNT = "member_list_count", "member", "members"
KEYS = ["status", "member_entity", "is_seller", "is_buyer"]


def _pg_upsert(sources: list[tuple[str, int]]) -> str:
    keys = ", ".join(KEYS)
    union = " UNION ALL ".join(f"SELECT {keys}, {sign} AS d FROM {rows}" for rows, sign in sources)
    return (
        f"INSERT INTO {TABLE} AS c ({keys}, {COUNT}) SELECT {keys}, sum(d) FROM ({union}) x"
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
    values = ", ".join(f"{row}.{k}" for k in KEYS)
    return (
        f"INSERT INTO {TABLE} ({keys}, {COUNT}) VALUES ({values}, {sign})"
        f" ON CONFLICT ({keys}) DO UPDATE SET {COUNT} = {COUNT} + excluded.{COUNT};"
    )


def _sqlite_triggers() -> list[str]:
    changed = " OR ".join(f"OLD.{k} IS NOT NEW.{k}" for k in KEYS)
    return [
        f"CREATE TRIGGER {TABLE}_insert AFTER INSERT ON {COUNTED} BEGIN {_sqlite_step('NEW', 1)} END",
        f"CREATE TRIGGER {TABLE}_update AFTER UPDATE ON {COUNTED} WHEN {changed}"
        f" BEGIN {_sqlite_step('OLD', -1)} {_sqlite_step('NEW', 1)} END",
        f"CREATE TRIGGER {TABLE}_delete AFTER DELETE ON {COUNTED} BEGIN {_sqlite_step('OLD', -1)} END",
    ]


def upgrade() -> None:
    op.create_table(
        TABLE,
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("member_entity", sa.String(length=20), nullable=False),
        sa.Column("is_seller", sa.Boolean(), nullable=False),
        sa.Column("is_buyer", sa.Boolean(), nullable=False),
        sa.Column(COUNT, sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint(*KEYS, name=op.f(f"pk_{TABLE}")),
    )
    keys = ", ".join(KEYS)
    postgresql = op.get_bind().dialect.name == "postgresql"
    if postgresql:  # no member may change between the count and the triggers taking over
        op.execute(f"LOCK TABLE {COUNTED} IN SHARE ROW EXCLUSIVE MODE")
    op.execute(
        f"INSERT INTO {TABLE} ({keys}, {COUNT}) SELECT {keys}, count(*) FROM {COUNTED} GROUP BY {keys}"
    )
    for statement in _postgresql_triggers() if postgresql else _sqlite_triggers():
        op.execute(statement)


def downgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    for trigger in ("insert", "update", "delete", "truncate"):
        op.execute(f"DROP TRIGGER IF EXISTS {TABLE}_{trigger}" + (f" ON {COUNTED}" if postgresql else ""))
    if postgresql:
        op.execute(f"DROP FUNCTION IF EXISTS {TABLE}_apply()")
    op.drop_table(TABLE)
