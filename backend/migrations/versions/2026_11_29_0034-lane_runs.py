"""lane runs: online lanes' clocks, pauses and leases (issue 25)

Revision ID: 0034
Revises: 0033
Create Date: 2026-11-29 07:20:00.000000

Declared in gavel/bidding/lanes/models.py (LaneRun): one row per lane being sold, made by the lane runner
(Online lanes, when their event starts) or by a pause (Live lanes). Also the lot table's index for the
runner's queries (a lane's lots by state in run order: gavel/bidding/models.py LotRow).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from gavel.db import UTCDateTime

revision: str = "0034"
down_revision: str | None = "0033"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _fk(column: str, referred: str, ondelete: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], [f"{referred}.id"], name=op.f(f"fk_lane_run_{column}_{referred}"), ondelete=ondelete
    )


def upgrade() -> None:
    op.create_table(
        "lane_run",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("lane_id", sa.String(length=32), nullable=False),
        sa.Column("event_id", sa.String(length=32), nullable=False),
        sa.Column("mode", sa.String(length=6), nullable=False),
        sa.Column("state", sa.String(length=8), nullable=False),
        sa.Column("resume_state", sa.String(length=8), nullable=True),
        sa.Column("paused_seconds", sa.Float(), nullable=True),
        sa.Column("current_lot_id", sa.String(length=32), nullable=True),
        sa.Column("next_open_at", UTCDateTime(), nullable=True),
        sa.Column("wake_at", UTCDateTime(), nullable=True),
        sa.Column("lease_holder", sa.String(length=64), nullable=True),
        sa.Column("lease_expires_at", UTCDateTime(), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        _fk("lane_id", "auction_lane", "CASCADE"),
        _fk("event_id", "auction_event", "CASCADE"),
        _fk("current_lot_id", "lot", "SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lane_run")),
        sa.UniqueConstraint("lane_id", name=op.f("uq_lane_run_lane_id")),
    )
    op.create_index("ix_lane_run_mode_state", "lane_run", ["mode", "state"])
    op.create_index("ix_lane_run_event_id", "lane_run", ["event_id"])
    op.create_index("ix_lot_lane_state_run", "lot", ["lane_id", "state", "run_number"])


def downgrade() -> None:
    op.drop_index("ix_lot_lane_state_run", table_name="lot")
    op.drop_index("ix_lane_run_event_id", table_name="lane_run")
    op.drop_index("ix_lane_run_mode_state", table_name="lane_run")
    op.drop_table("lane_run")
