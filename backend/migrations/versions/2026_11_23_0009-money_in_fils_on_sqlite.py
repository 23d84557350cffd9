"""money as whole fils on SQLite; staff phones unique

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-23 14:10:00.000000

- SQLite has no decimal type: its NUMERIC columns kept amounts as binary floats, so SQL sums drifted from the
  fils. On SQLite every money column now holds an integer count of fils (gavel.db.Amount reads it back as a
  Decimal); the rows there are converted. PostgreSQL keeps NUMERIC(14, 2) and is left alone.
- user_account.phone becomes unique in the database, as the users service has always required, so that two
  racing creates cannot both take one phone.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MONEY = {
    "security_plan": ("plan_amount", "amount_after_discount", "buying_power"),
    "charge": ("charges", "min_price", "max_price"),
    "member": ("buying_power",),
    "vehicle": ("opening_price", "reserve_price", "sold_for"),
}


def _convert(expression: str) -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    for table, columns in MONEY.items():
        assignments = ", ".join(f"{column} = {expression.format(c=column)}" for column in columns)
        op.execute(f"UPDATE {table} SET {assignments}")  # noqa: S608 (this file's own names)


def upgrade() -> None:
    _convert("CAST(ROUND({c} * 100) AS INTEGER)")
    op.create_index("uq_user_account_phone", "user_account", ["phone"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_user_account_phone", table_name="user_account")
    _convert("ROUND({c} / 100.0, 2)")
