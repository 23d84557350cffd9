"""increment tables: the asking price's step by price band (issue 25)

Revision ID: 0035
Revises: 0034
Create Date: 2026-11-29 07:20:00.000000

Declared in gavel/bidding/increment_tables/models.py (IncrementTable, IncrementBand). The business's one table
is made here, empty and at version 0: no band is no table, and every lot steps by its auction's flat
`bidIncrementAmount` until Settings saves bands. Saves only ever update this row (its version checked), so two
first saves can never both make it.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from gavel.db import Amount, UTCDateTime

revision: str = "0035"
down_revision: str | None = "0034"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    table = op.create_table(
        "increment_table",
        sa.Column("id", sa.String(length=20), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=True),
        sa.Column("updated_by_id", sa.String(length=32), nullable=True),
        sa.Column("updated_by_name", sa.String(length=150), nullable=True),
        sa.ForeignKeyConstraint(
            ["updated_by_id"],
            ["user_account.id"],
            name=op.f("fk_increment_table_updated_by_id_user_account"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_increment_table")),
    )
    op.create_table(
        "increment_band",
        sa.Column("table_id", sa.String(length=20), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("from_price", Amount(), nullable=False),
        sa.Column("step", Amount(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["increment_table.id"],
            name=op.f("fk_increment_band_table_id_increment_table"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "position", name=op.f("pk_increment_band")),
    )
    op.bulk_insert(table, [{"id": "business", "version": 0}])


def downgrade() -> None:
    op.drop_table("increment_band")
    op.drop_table("increment_table")
