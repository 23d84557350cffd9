"""lane runners: the processes running Online lanes, for each one's fair share of the leases (issue 25)

Revision ID: 0038
Revises: 0037
Create Date: 2026-11-29 11:15:00.000000

Declared in gavel/bidding/lanes/models.py (LaneRunner): one row per process that runs lanes, renewed at each
of its ticks (gavel/bidding/lanes/runner.py).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from gavel.db import UTCDateTime

revision: str = "0038"
down_revision: str | None = "0037"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "lane_runner",
        sa.Column("holder", sa.String(length=64), nullable=False),
        sa.Column("alive_until", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("holder", name=op.f("pk_lane_runner")),
    )


def downgrade() -> None:
    op.drop_table("lane_runner")
