"""bidder watch list: the lots each member watches (issue 26)

Revision ID: 0037
Revises: 0036
Create Date: 2026-11-29 11:20:00.000000

Declared in gavel/bidders/watchlist/models.py (BidderWatch). One row per member and lot (the primary key),
so that watching a lot twice, or twice at once, keeps one.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from gavel.db import UTCDateTime

revision: str = "0037"
down_revision: str | None = "0036"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "bidder_watch",
        sa.Column("member_id", sa.String(length=32), nullable=False),
        sa.Column("lot_id", sa.String(length=32), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["member.id"], name=op.f("fk_bidder_watch_member_id_member"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["lot_id"], ["lot.id"], name=op.f("fk_bidder_watch_lot_id_lot"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("member_id", "lot_id", name=op.f("pk_bidder_watch")),
    )
    op.create_index("ix_bidder_watch_lot_id", "bidder_watch", ["lot_id"])


def downgrade() -> None:
    op.drop_index("ix_bidder_watch_lot_id", table_name="bidder_watch")
    op.drop_table("bidder_watch")
