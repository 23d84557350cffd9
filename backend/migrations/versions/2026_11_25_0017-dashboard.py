"""dashboard: the Today figures read ranges of small indexes, never the million-row tables

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-25 12:00:00.000000

- invoice: ix_invoice_status_due_amounts (status, due_at, total, paid_amount): the invoices due today (open
  states, a day of due times) and the overdue ones, with what is still owed, from the index alone.
- vehicle: ix_vehicle_status_gate_pass_created_at (status, gate_pass_status, created_at, id): the sold vehicles
  whose gate pass is issued and not used (the dashboard's count, the Sold list's `gatePassIssued` filter).
- vehicle: ix_vehicle_status_stage_created_at (status, is_received, is_inspection, created_at, id): the Review
  list at one stage of review (its new `stage` filter, which the dashboard's 'Received, not inspected' opens),
  newest first.
- vehicle: ix_vehicle_in_yard_event_date (event_date) on the sold vehicles still in the yard (not released, not
  picked up): the vehicles past their free storage days are a range of their sale days.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

IN_YARD = "status = 'sold' AND is_released IS false AND gate_pass_status <> 'Picked Up'"
IN_YARD_SQLITE = "status = 'sold' AND is_released = 0 AND gate_pass_status <> 'Picked Up'"


def upgrade() -> None:
    op.create_index("ix_invoice_status_due_amounts", "invoice", ["status", "due_at", "total", "paid_amount"])
    op.create_index(
        "ix_vehicle_status_gate_pass_created_at",
        "vehicle",
        ["status", "gate_pass_status", "created_at", "id"],
    )
    op.create_index(
        "ix_vehicle_status_stage_created_at",
        "vehicle",
        ["status", "is_received", "is_inspection", "created_at", "id"],
    )
    op.create_index(
        "ix_vehicle_in_yard_event_date",
        "vehicle",
        ["event_date"],
        postgresql_where=sa.text(IN_YARD),
        sqlite_where=sa.text(IN_YARD_SQLITE),
    )


def downgrade() -> None:
    op.drop_index("ix_vehicle_in_yard_event_date", table_name="vehicle")
    op.drop_index("ix_vehicle_status_stage_created_at", table_name="vehicle")
    op.drop_index("ix_vehicle_status_gate_pass_created_at", table_name="vehicle")
    op.drop_index("ix_invoice_status_due_amounts", table_name="invoice")
