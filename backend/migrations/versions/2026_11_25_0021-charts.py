"""charts: running totals and indexes so that the dashboard's charts read a year in a few thousand rows

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-25 12:00:00.000000

Declared in gavel/dashboard/charts/models.py. Three tables of running totals, filled from the existing rows and
then kept exact by triggers, as vehicle_list_count (migration 0007, which explains the choices): statement-level
with transition tables on PostgreSQL, row-level on SQLite.
- chart_sale_day (sale_date, band): sold vehicles (status sold, with a sale day) per sale day and band of hammer
  against reserve, with their hammer and reserve totals: sales per week, hammer against reserve.
- chart_intake_day (created_day, status, is_paid, is_released, assigned): vehicles per Dubai day of submission
  and where they stand: the pipeline.
- chart_event_result (sale_date, event_id, outcome): runs with a result per event (by its sale day) and outcome:
  sell-through.
Indexes:
- vehicle: ix_vehicle_status_event_date_sale (status, event_date, sold_for, member_id, buyer_member_id): the
  sold vehicles of a range of sale days with price, seller and buyer from the index alone (top members).
- invoice: ix_invoice_status_issued_at_due (status, issued_at, total, paid_amount): the open invoices issued in
  a period with what they still owe (receivables by age).
- auction_event: ix_auction_event_sale_date (sale_date, start_at): the period's events, the latest first.
"""

# ruff: noqa: S608  (SQL built from this file's own constants, nothing from outside)

from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa
from alembic import op

import gavel.db

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# {r} is "NEW." / "OLD." in a row-level trigger, empty otherwise. Amounts are compared, never read back: on
# SQLite both sides are whole fils, so the ratios hold there too.
BAND = (
    "CASE WHEN {r}reserve_price IS NULL THEN 'noReserve'"
    " WHEN {r}sold_for < {r}reserve_price THEN 'below'"
    " WHEN {r}sold_for * 100 < {r}reserve_price * 110 THEN 'met'"
    " WHEN {r}sold_for * 100 < {r}reserve_price * 125 THEN 'above10'"
    " ELSE 'above25' END"
)
DUBAI_DAY = {
    "postgresql": "(({r}created_at) AT TIME ZONE 'Asia/Dubai')::date",
    "sqlite": "date({r}created_at, '+4 hours')",
}
# A run's sale day: its event's (events are moved only before they have results).
SALE_DAY = "(SELECT e.sale_date FROM auction_event AS e WHERE e.id = {r}event_id)"
# The first day of the week (Monday), month, quarter and year holding a sale day.
PERIOD_STARTS = {
    "postgresql": {
        kind: f"date_trunc('{kind}', {{r}}event_date)::date" for kind in ("week", "month", "quarter", "year")
    },
    "sqlite": {
        "week": "date({r}event_date, '-' || ((CAST(strftime('%w', {r}event_date) AS INTEGER) + 6) % 7) || ' days')",
        "month": "strftime('%Y-%m-01', {r}event_date)",
        "quarter": "printf('%s-%02d-01', strftime('%Y', {r}event_date),"
        " ((CAST(strftime('%m', {r}event_date) AS INTEGER) - 1) / 3) * 3 + 1)",
        "year": "strftime('%Y-01-01', {r}event_date)",
    },
}


@dataclass(frozen=True)
class Totals:
    """A table of running totals over `source`: each row matching `where` adds `sums` to one row per variant of
    keys."""

    table: str
    source: str
    where: str
    variants: list[dict[str, str]]
    sums: dict[str, str]

    @property
    def keys(self) -> list[str]:
        return list(self.variants[0])


def _totals(dialect: str) -> list[Totals]:
    return [
        Totals(
            "chart_sale_day",
            "vehicle",
            "{r}status = 'sold' AND {r}event_date IS NOT NULL",
            [{"sale_date": "{r}event_date", "band": BAND}],
            {"vehicles": "1", "hammer": "{r}sold_for", "reserve": "COALESCE({r}reserve_price, 0)"},
        ),
        Totals(
            "chart_intake_day",
            "vehicle",
            "{r}created_at IS NOT NULL",
            [
                {
                    "created_day": DUBAI_DAY[dialect],
                    "status": "{r}status",
                    "is_paid": "{r}is_paid",
                    "is_released": "{r}is_released",
                    "assigned": "{r}event_id IS NOT NULL",
                }
            ],
            {"vehicles": "1"},
        ),
        Totals(
            "chart_event_result",
            "auction_run",
            "{r}outcome IS NOT NULL",
            [{"sale_date": SALE_DAY, "event_id": "{r}event_id", "outcome": "{r}outcome"}],
            {"runs": "1"},
        ),
        Totals(
            "chart_member_period",
            "vehicle",
            "{r}status = 'sold' AND {r}event_date IS NOT NULL",
            [
                {"kind": f"'{kind}'", "period_start": start, "side": f"'{side}'", "member_id": member}
                for kind, start in PERIOD_STARTS[dialect].items()
                for side, member in (("seller", "{r}member_id"), ("buyer", "{r}buyer_member_id"))
            ],
            {"vehicles": "1", "amount": "{r}sold_for"},
        ),
    ]


def _select(t: Totals, variant: dict[str, str], row: str, sign: str) -> str:
    keys = ", ".join(f"{e.format(r=row)} AS {k}" for k, e in variant.items())
    sums = ", ".join(f"({e.format(r=row)}) * {sign} AS {k}" for k, e in t.sums.items())
    return f"SELECT {keys}, {sums}"


def _upsert_set(t: Totals) -> str:
    return ", ".join(f"{k} = c.{k} + excluded.{k}" for k in t.sums)


def _pg_upsert(t: Totals, sources: list[tuple[str, int]]) -> str:
    keys, sums = ", ".join(t.keys), ", ".join(t.sums)
    union = " UNION ALL ".join(
        f"{_select(t, variant, '', str(sign))} FROM {rows} WHERE {t.where.format(r='')}"
        for rows, sign in sources
        for variant in t.variants
    )
    summed = ", ".join(f"sum({k})" for k in t.sums)
    return (
        f"INSERT INTO {t.table} AS c ({keys}, {sums}) SELECT {keys}, {summed} FROM ({union}) AS x"
        f" WHERE {_present(t.keys)} GROUP BY {keys} ORDER BY {keys}"
        f" ON CONFLICT ({keys}) DO UPDATE SET {_upsert_set(t)};"
    )


def _present(expressions: Sequence[str]) -> str:
    """Every key has a value (a sold vehicle always has its buyer; this keeps a NULL out of a key anyway)."""
    return " AND ".join(f"({e}) IS NOT NULL" for e in expressions)


def _postgresql_triggers(t: Totals) -> list[str]:
    name = t.table
    return [
        f"""CREATE FUNCTION {name}_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    {_pg_upsert(t, [("new_rows", 1)])}
  ELSIF TG_OP = 'DELETE' THEN
    {_pg_upsert(t, [("old_rows", -1)])}
  ELSIF TG_OP = 'UPDATE' THEN
    {_pg_upsert(t, [("new_rows", 1), ("old_rows", -1)])}
  ELSE
    DELETE FROM {name};
  END IF;
  RETURN NULL;
END $$""",
        f"CREATE TRIGGER {name}_insert AFTER INSERT ON {t.source} REFERENCING NEW TABLE AS new_rows"
        f" FOR EACH STATEMENT EXECUTE FUNCTION {name}_apply()",
        f"CREATE TRIGGER {name}_update AFTER UPDATE ON {t.source}"
        f" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows"
        f" FOR EACH STATEMENT EXECUTE FUNCTION {name}_apply()",
        f"CREATE TRIGGER {name}_delete AFTER DELETE ON {t.source} REFERENCING OLD TABLE AS old_rows"
        f" FOR EACH STATEMENT EXECUTE FUNCTION {name}_apply()",
        f"CREATE TRIGGER {name}_truncate AFTER TRUNCATE ON {t.source}"
        f" FOR EACH STATEMENT EXECUTE FUNCTION {name}_apply()",
    ]


def _sqlite_step(t: Totals, row: str, sign: int) -> str:
    keys, sums = ", ".join(t.keys), ", ".join(t.sums)
    upsert = ", ".join(f"{k} = {k} + excluded.{k}" for k in t.sums)
    return " ".join(
        f"INSERT INTO {t.table} ({keys}, {sums}) {_select(t, variant, row + '.', str(sign))}"
        f" WHERE {t.where.format(r=row + '.')} AND {_present([e.format(r=row + '.') for e in variant.values()])}"
        f" ON CONFLICT ({keys}) DO UPDATE SET {upsert};"
        for variant in t.variants
    )


def _sqlite_triggers(t: Totals) -> list[str]:
    name = t.table
    watched = [*(e for variant in t.variants for e in variant.values()), *t.sums.values(), t.where]
    changed = " OR ".join(f"({e.format(r='OLD.')}) IS NOT ({e.format(r='NEW.')})" for e in watched)
    return [
        f"CREATE TRIGGER {name}_insert AFTER INSERT ON {t.source} BEGIN {_sqlite_step(t, 'NEW', 1)} END",
        f"CREATE TRIGGER {name}_update AFTER UPDATE ON {t.source} WHEN {changed}"
        f" BEGIN {_sqlite_step(t, 'OLD', -1)} {_sqlite_step(t, 'NEW', 1)} END",
        f"CREATE TRIGGER {name}_delete AFTER DELETE ON {t.source} BEGIN {_sqlite_step(t, 'OLD', -1)} END",
    ]


def _create_tables() -> None:
    op.create_table(
        "chart_sale_day",
        sa.Column("sale_date", sa.Date(), nullable=False),
        sa.Column("band", sa.String(length=10), nullable=False),
        sa.Column("vehicles", sa.BigInteger(), nullable=False),
        sa.Column("hammer", gavel.db.Amount(precision=14, scale=2), nullable=False),
        sa.Column("reserve", gavel.db.Amount(precision=14, scale=2), nullable=False),
        sa.PrimaryKeyConstraint("sale_date", "band", name=op.f("pk_chart_sale_day")),
    )
    op.create_table(
        "chart_intake_day",
        sa.Column("created_day", sa.Date(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("is_paid", sa.Boolean(), nullable=False),
        sa.Column("is_released", sa.Boolean(), nullable=False),
        sa.Column("assigned", sa.Boolean(), nullable=False),
        sa.Column("vehicles", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint(
            "created_day", "status", "is_paid", "is_released", "assigned", name=op.f("pk_chart_intake_day")
        ),
    )
    op.create_table(
        "chart_event_result",
        sa.Column("sale_date", sa.Date(), nullable=False),
        sa.Column("event_id", sa.String(length=32), nullable=False),
        sa.Column("outcome", sa.String(length=10), nullable=False),
        sa.Column("runs", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("sale_date", "event_id", "outcome", name=op.f("pk_chart_event_result")),
    )
    op.create_table(
        "chart_member_period",
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("period_start", sa.Date(), nullable=False),
        sa.Column("side", sa.String(length=6), nullable=False),
        sa.Column("member_id", sa.String(length=32), nullable=False),
        sa.Column("vehicles", sa.BigInteger(), nullable=False),
        sa.Column("amount", gavel.db.Amount(precision=14, scale=2), nullable=False),
        sa.PrimaryKeyConstraint(
            "kind", "period_start", "side", "member_id", name=op.f("pk_chart_member_period")
        ),
    )


INDEXES = [
    (
        "ix_vehicle_status_event_date_sale",
        "vehicle",
        ["status", "event_date", "sold_for", "member_id", "buyer_member_id"],
    ),
    ("ix_invoice_status_issued_at_due", "invoice", ["status", "issued_at", "total", "paid_amount"]),
    ("ix_auction_event_sale_date", "auction_event", ["sale_date", "start_at"]),
    (
        "ix_chart_member_period_top",
        "chart_member_period",
        ["kind", "period_start", "side", "amount", "member_id"],
    ),
]


def upgrade() -> None:
    _create_tables()
    dialect = op.get_bind().dialect.name
    postgresql = dialect == "postgresql"
    if postgresql:  # nothing may change between the totals and the triggers taking over
        op.execute("LOCK TABLE vehicle, auction_run IN SHARE ROW EXCLUSIVE MODE")
    for t in _totals(dialect):
        keys, sums = ", ".join(t.keys), ", ".join(t.sums)
        summed = ", ".join(f"sum({k})" for k in t.sums)
        union = " UNION ALL ".join(
            f"{_select(t, variant, '', '1')} FROM {t.source} WHERE {t.where.format(r='')}"
            for variant in t.variants
        )
        op.execute(
            f"INSERT INTO {t.table} ({keys}, {sums}) SELECT {keys}, {summed} FROM ({union}) AS x"
            f" WHERE {_present(t.keys)} GROUP BY {keys}"
        )
        for statement in _postgresql_triggers(t) if postgresql else _sqlite_triggers(t):
            op.execute(statement)
    for name, table, columns in INDEXES:
        op.create_index(name, table, columns)


def downgrade() -> None:
    for name, table, _ in reversed(INDEXES):
        op.drop_index(name, table_name=table)
    dialect = op.get_bind().dialect.name
    for t in reversed(_totals(dialect)):
        for trigger in ("insert", "update", "delete", "truncate"):
            on = f" ON {t.source}" if dialect == "postgresql" else ""
            op.execute(f"DROP TRIGGER IF EXISTS {t.table}_{trigger}{on}")
        if dialect == "postgresql":
            op.execute(f"DROP FUNCTION IF EXISTS {t.table}_apply()")
        op.drop_table(t.table)
