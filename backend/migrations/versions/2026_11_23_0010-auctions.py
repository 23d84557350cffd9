"""auctions, their events, lanes and runs

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-23 15:00:00.000000

- auction: a recurring sale at a yard; first_event_at, last_event_at and event_count are fixed when it is created
  (its events are generated then), so lists sort and filter on them without reading the events.
- auction_event: one occurrence, with its Asia/Dubai sale day.
- auction_lane: the lanes of an event, numbered 1.. (shown as A, B, ...).
- auction_run: a vehicle's place in a lane (run number unique per lane) and its result. The partial unique index
  uq_auction_run_current_vehicle lets a vehicle be placed in one event at a time.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from gavel.db import Amount, UTCDateTime

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _id() -> sa.Column[str]:
    return sa.Column("id", sa.String(length=32), nullable=False)


def _stamps() -> list[sa.Column[object]]:
    return [
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "auction",
        _id(),
        *_stamps(),
        sa.Column("auction_title", sa.String(length=150), nullable=False),
        sa.Column("title_key", sa.String(length=150), nullable=False),
        sa.Column("auction_type", sa.String(length=10), nullable=False),
        sa.Column("location_id", sa.String(length=32), nullable=False),
        sa.Column("lane_count", sa.Integer(), nullable=False),
        sa.Column("bid_increment_amount", Amount(), nullable=False),
        sa.Column("counter_bid_time", sa.Integer(), nullable=False),
        sa.Column("repeat_type", sa.String(length=10), nullable=False),
        sa.Column("repeat_until", sa.Date(), nullable=True),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("first_event_at", UTCDateTime(), nullable=False),
        sa.Column("last_event_at", UTCDateTime(), nullable=False),
        sa.Column("event_count", sa.Integer(), nullable=False),
        sa.Column("created_by_id", sa.String(length=32), nullable=True),
        sa.ForeignKeyConstraint(
            ["location_id"], ["location.id"], name="fk_auction_location_id_location", ondelete="RESTRICT"
        ),
        sa.ForeignKeyConstraint(
            ["created_by_id"],
            ["user_account.id"],
            name="fk_auction_created_by_id_user_account",
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_auction"),
    )
    op.create_index("ix_auction_location_id", "auction", ["location_id"])
    op.create_index("ix_auction_created_by_id", "auction", ["created_by_id"])
    op.create_index("ix_auction_status_created_at", "auction", ["status", "created_at", "id"])
    op.create_index("ix_auction_status_first_event_at", "auction", ["status", "first_event_at", "id"])
    op.create_index("ix_auction_status_title_key", "auction", ["status", "title_key", "id"])
    op.create_index("ix_auction_type_status", "auction", ["auction_type", "status"])

    op.create_table(
        "auction_event",
        _id(),
        *_stamps(),
        sa.Column("auction_id", sa.String(length=32), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("start_at", UTCDateTime(), nullable=False),
        sa.Column("end_at", UTCDateTime(), nullable=False),
        sa.Column("sale_date", sa.Date(), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("completed_at", UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["auction_id"], ["auction.id"], name="fk_auction_event_auction_id_auction", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_auction_event"),
    )
    op.create_index("ix_auction_event_auction_start", "auction_event", ["auction_id", "start_at"])
    op.create_index("ix_auction_event_start_at", "auction_event", ["start_at", "id"])

    op.create_table(
        "auction_lane",
        _id(),
        sa.Column("event_id", sa.String(length=32), nullable=False),
        sa.Column("lane_number", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["auction_event.id"], name="fk_auction_lane_event_id_auction_event", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_auction_lane"),
        sa.UniqueConstraint("event_id", "lane_number", name="uq_auction_lane_event_id"),
    )

    op.create_table(
        "auction_run",
        _id(),
        *_stamps(),
        sa.Column("event_id", sa.String(length=32), nullable=False),
        sa.Column("lane_id", sa.String(length=32), nullable=False),
        sa.Column("vehicle_id", sa.String(length=32), nullable=False),
        sa.Column("run_number", sa.Integer(), nullable=False),
        sa.Column("is_current", sa.Boolean(), nullable=False),
        sa.Column("outcome", sa.String(length=10), nullable=True),
        sa.Column("buyer_id", sa.String(length=32), nullable=True),
        sa.Column("sold_for", Amount(), nullable=True),
        sa.Column("seller_approved", sa.Boolean(), nullable=False),
        sa.Column("recorded_at", UTCDateTime(), nullable=True),
        sa.Column("recorded_by_id", sa.String(length=32), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"], ["auction_event.id"], name="fk_auction_run_event_id_auction_event", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["lane_id"], ["auction_lane.id"], name="fk_auction_run_lane_id_auction_lane", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["vehicle_id"], ["vehicle.id"], name="fk_auction_run_vehicle_id_vehicle", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["buyer_id"], ["member.id"], name="fk_auction_run_buyer_id_member", ondelete="RESTRICT"
        ),
        sa.ForeignKeyConstraint(
            ["recorded_by_id"],
            ["user_account.id"],
            name="fk_auction_run_recorded_by_id_user_account",
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_auction_run"),
        sa.UniqueConstraint("lane_id", "run_number", name="uq_auction_run_lane_id"),
    )
    op.create_index(
        "uq_auction_run_current_vehicle",
        "auction_run",
        ["vehicle_id"],
        unique=True,
        postgresql_where=sa.text("is_current"),
        sqlite_where=sa.text("is_current"),
    )
    op.create_index("ix_auction_run_event_lane_run", "auction_run", ["event_id", "lane_id", "run_number"])
    op.create_index("ix_auction_run_vehicle_id", "auction_run", ["vehicle_id"])
    op.create_index("ix_auction_run_buyer_id", "auction_run", ["buyer_id"])


def downgrade() -> None:
    op.drop_table("auction_run")
    op.drop_table("auction_lane")
    op.drop_table("auction_event")
    op.drop_table("auction")
