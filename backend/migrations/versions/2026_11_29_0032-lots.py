"""lots: the bid engine's lots, their bid logs, maxima and numbered events (issue 25)

Revision ID: 0032
Revises: 0031
Create Date: 2026-11-29 05:00:00.000000

Declared in gavel/bidding/models.py (LotRow, LotBid, LotMaximum, LotEvent). A lot is one run of an event
(`lot.run_id` unique), made by `gavel.bidding.service.ensure_lots`; no lot is made here for the runs that
exist: an event's lots are made when its sale is prepared.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from gavel.db import Amount, UTCDateTime

revision: str = "0032"
down_revision: str | None = "0031"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _fk(table: str, column: str, referred: str, ondelete: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], [f"{referred}.id"], name=op.f(f"fk_{table}_{column}_{referred}"), ondelete=ondelete
    )


def upgrade() -> None:
    op.create_table(
        "lot",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("run_id", sa.String(length=32), nullable=False),
        sa.Column("event_id", sa.String(length=32), nullable=False),
        sa.Column("lane_id", sa.String(length=32), nullable=False),
        sa.Column("vehicle_id", sa.String(length=32), nullable=False),
        sa.Column("run_number", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(length=10), nullable=False),
        sa.Column("opening_price", Amount(), nullable=False),
        sa.Column("reserve_price", Amount(), nullable=True),
        sa.Column("increments", sa.JSON(), nullable=False),
        sa.Column("counter_bid_seconds", sa.Integer(), nullable=False),
        sa.Column("price", Amount(), nullable=True),
        sa.Column("leader_member_id", sa.String(length=32), nullable=True),
        sa.Column("leader_source", sa.String(length=10), nullable=True),
        sa.Column("last_bid_sequence", sa.Integer(), nullable=False),
        sa.Column("last_event_sequence", sa.Integer(), nullable=False),
        sa.Column("clock_ends_at", UTCDateTime(), nullable=True),
        sa.Column("opened_at", UTCDateTime(), nullable=True),
        sa.Column("closed_at", UTCDateTime(), nullable=True),
        sa.Column("result", sa.String(length=12), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        _fk("lot", "run_id", "auction_run", "CASCADE"),
        _fk("lot", "event_id", "auction_event", "CASCADE"),
        _fk("lot", "lane_id", "auction_lane", "CASCADE"),
        _fk("lot", "vehicle_id", "vehicle", "CASCADE"),
        _fk("lot", "leader_member_id", "member", "RESTRICT"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lot")),
        sa.UniqueConstraint("run_id", name=op.f("uq_lot_run_id")),
    )
    op.create_index("ix_lot_event_lane_run", "lot", ["event_id", "lane_id", "run_number"])
    op.create_index("ix_lot_state_event", "lot", ["state", "event_id"])
    op.create_index("ix_lot_leader_state", "lot", ["leader_member_id", "state"])
    op.create_index("ix_lot_vehicle_id", "lot", ["vehicle_id"])

    op.create_table(
        "lot_bid",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("lot_id", sa.String(length=32), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
        sa.Column("source", sa.String(length=10), nullable=False),
        sa.Column("bidder_id", sa.String(length=32), nullable=True),
        sa.Column("entered_by", sa.String(length=32), nullable=True),
        sa.Column("amount", Amount(), nullable=False),
        sa.Column("maximum", Amount(), nullable=True),
        sa.Column("automatic", sa.Boolean(), nullable=False),
        sa.Column("accepted", sa.Boolean(), nullable=False),
        sa.Column("reason", sa.String(length=30), nullable=True),
        sa.Column("withdrawal", sa.Boolean(), nullable=False),
        sa.Column("note", sa.Text(), nullable=True),
        sa.Column("recorded_at", UTCDateTime(), nullable=False),
        _fk("lot_bid", "lot_id", "lot", "CASCADE"),
        _fk("lot_bid", "bidder_id", "member", "RESTRICT"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lot_bid")),
        sa.UniqueConstraint("lot_id", "sequence", name=op.f("uq_lot_bid_lot_id")),
    )
    op.create_index("ix_lot_bid_bidder_id", "lot_bid", ["bidder_id"])

    op.create_table(
        "lot_maximum",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("lot_id", sa.String(length=32), nullable=False),
        sa.Column("bidder_id", sa.String(length=32), nullable=False),
        sa.Column("amount", Amount(), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(length=10), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
        _fk("lot_maximum", "lot_id", "lot", "CASCADE"),
        _fk("lot_maximum", "bidder_id", "member", "RESTRICT"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lot_maximum")),
        sa.UniqueConstraint("lot_id", "bidder_id", name=op.f("uq_lot_maximum_lot_id")),
    )
    op.create_index("ix_lot_maximum_bidder_id", "lot_maximum", ["bidder_id"])

    op.create_table(
        "lot_event",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("lot_id", sa.String(length=32), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        _fk("lot_event", "lot_id", "lot", "CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lot_event")),
        sa.UniqueConstraint("lot_id", "sequence", name=op.f("uq_lot_event_lot_id")),
    )


def downgrade() -> None:
    op.drop_table("lot_event")
    op.drop_index("ix_lot_maximum_bidder_id", table_name="lot_maximum")
    op.drop_table("lot_maximum")
    op.drop_index("ix_lot_bid_bidder_id", table_name="lot_bid")
    op.drop_table("lot_bid")
    op.drop_index("ix_lot_vehicle_id", table_name="lot")
    op.drop_index("ix_lot_leader_state", table_name="lot")
    op.drop_index("ix_lot_state_event", table_name="lot")
    op.drop_index("ix_lot_event_lane_run", table_name="lot")
    op.drop_table("lot")
