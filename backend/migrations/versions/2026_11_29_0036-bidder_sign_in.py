"""bidder sign-in: one-time codes, bidder sessions and bidder accounts (issue 26)

Revision ID: 0036
Revises: 0035
Create Date: 2026-11-29 10:50:00.000000

Declared in gavel/bidders/models.py (BidderCode, BidderSession, BidderAccount). A bidder session is a table
of its own, never a staff `user_session`; its `code_id` is unique, so one code opens one session at most.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from gavel.db import UTCDateTime

revision: str = "0036"
down_revision: str | None = "0035"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "bidder_code",
        sa.Column("member_id", sa.String(length=32), nullable=False),
        sa.Column("address", sa.String(length=254), nullable=False),
        sa.Column("channel", sa.String(length=10), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("used_at", UTCDateTime(), nullable=True),
        sa.Column("revoked_at", UTCDateTime(), nullable=True),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["member.id"], name=op.f("fk_bidder_code_member_id_member"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bidder_code")),
    )
    op.create_index("ix_bidder_code_member_id_created_at", "bidder_code", ["member_id", "created_at"])
    op.create_table(
        "bidder_session",
        sa.Column("member_id", sa.String(length=32), nullable=False),
        sa.Column("code_id", sa.String(length=32), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("device_name", sa.String(length=100), nullable=False),
        sa.Column("operating_system", sa.String(length=100), nullable=False),
        sa.Column("browser_name", sa.String(length=100), nullable=False),
        sa.Column("ip_address", sa.String(length=45), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("last_active_at", UTCDateTime(), nullable=False),
        sa.Column("ended_at", UTCDateTime(), nullable=True),
        sa.Column("end_reason", sa.String(length=30), nullable=True),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(
            ["code_id"],
            ["bidder_code.id"],
            name=op.f("fk_bidder_session_code_id_bidder_code"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["member.id"], name=op.f("fk_bidder_session_member_id_member"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bidder_session")),
        sa.UniqueConstraint("code_id", name=op.f("uq_bidder_session_code_id")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_bidder_session_token_hash")),
    )
    op.create_index("ix_bidder_session_member_id_ended_at", "bidder_session", ["member_id", "ended_at"])
    op.create_table(
        "bidder_account",
        sa.Column("member_id", sa.String(length=32), nullable=False),
        sa.Column("paddle", sa.Integer(), nullable=False),
        sa.Column("code_channel", sa.String(length=10), server_default="sms", nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["member.id"], name=op.f("fk_bidder_account_member_id_member"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("member_id", name=op.f("pk_bidder_account")),
        sa.UniqueConstraint("paddle", name=op.f("uq_bidder_account_paddle")),
    )


def downgrade() -> None:
    op.drop_table("bidder_account")
    op.drop_index("ix_bidder_session_member_id_ended_at", table_name="bidder_session")
    op.drop_table("bidder_session")
    op.drop_index("ix_bidder_code_member_id_created_at", table_name="bidder_code")
    op.drop_table("bidder_code")
