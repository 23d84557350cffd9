"""status reasons of members and vehicles; the kind of a charge

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 13:30:00.000000

- member.status_reason, vehicle.status_reason: why a member was rejected or deactivated, why a vehicle was
  rejected or cancelled (shown on the record and, later, in the member's notification).
- vehicle.status_changed_at: when the vehicle's status last changed (members already had it).
- charge.kind: sale (per sold vehicle, by price band), gatePass, storagePerDay, latePayment. Charges of the same kind
  and side must not have overlapping price bands. Existing charges become `sale`, except the three fees the demo
  data has always held under their own titles, which get their real kind so that no two active bands overlap.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DEMO_KINDS = {"gate fee": "gatePass", "storage per day": "storagePerDay", "late payment fee": "latePayment"}


def upgrade() -> None:
    # Plain ADD COLUMN on every engine: a batch copy of member or vehicle on SQLite would drop the triggers
    # of the counts tables (0006, 0007) and trip the foreign keys of the rows that refer to them.
    op.add_column("member", sa.Column("status_reason", sa.Text(), nullable=True))
    op.add_column("vehicle", sa.Column("status_reason", sa.Text(), nullable=True))
    op.add_column("vehicle", sa.Column("status_changed_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("charge", sa.Column("kind", sa.String(length=20), nullable=False, server_default="sale"))
    op.create_index("ix_charge_kind", "charge", ["kind"], unique=False)
    charge = sa.table("charge", sa.column("title_key", sa.String), sa.column("kind", sa.String))
    for title_key, kind in DEMO_KINDS.items():
        op.execute(charge.update().where(charge.c.title_key == title_key).values(kind=kind))


def downgrade() -> None:
    op.drop_index("ix_charge_kind", table_name="charge")
    # DROP COLUMN in place (SQLite 3.35+ and PostgreSQL) for the same reason as above.
    for table, column in (
        ("charge", "kind"),
        ("vehicle", "status_changed_at"),
        ("vehicle", "status_reason"),
        ("member", "status_reason"),
    ):
        op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
