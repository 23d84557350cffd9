"""lot approvals: a lot closed below reserve waits for the seller's answer (issue 25)

Revision ID: 0033
Revises: 0032
Create Date: 2026-11-29 07:20:00.000000

Declared in gavel/bidding/approval/models.py (LotApproval: one per lot closed on approval, its status,
deadline and counter-offer; LotApprovalStep: each change, in order) and gavel/business/models.py
(approval_deadline_time: the Dubai time of the next working day by which the seller answers, 17:00).

The alert templates of the two new events (gavel.alerts.defaults: sellerApprovalRequested to the seller,
counterOffered to the buyer), in English and Arabic on every channel, are written for an installation that
has none yet: a fresh install's migration 0016 already wrote them from the same defaults.
"""

from collections.abc import Sequence
from datetime import UTC, datetime
from uuid import uuid4

import sqlalchemy as sa
from alembic import op

from gavel.alerts import defaults
from gavel.db import Amount, UTCDateTime

revision: str = "0033"
down_revision: str | None = "0032"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NEW_EVENTS = ("sellerApprovalRequested", "counterOffered")
TEMPLATE_COLUMNS = (
    "id", "event", "channel", "name", "subject_en", "subject_ar", "body_en", "body_ar",
    "whatsapp_template_name", "created_at", "updated_at",
)  # fmt: skip


def _fk(table: str, column: str, referred: str, ondelete: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], [f"{referred}.id"], name=op.f(f"fk_{table}_{column}_{referred}"), ondelete=ondelete
    )


def upgrade() -> None:
    op.create_table(
        "lot_approval",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("lot_id", sa.String(length=32), nullable=False),
        sa.Column("event_id", sa.String(length=32), nullable=False),
        sa.Column("vehicle_id", sa.String(length=32), nullable=False),
        sa.Column("seller_id", sa.String(length=32), nullable=False),
        sa.Column("buyer_id", sa.String(length=32), nullable=True),
        sa.Column("price", Amount(), nullable=False),
        sa.Column("reserve_price", Amount(), nullable=False),
        sa.Column("deadline", UTCDateTime(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("counter_amount", Amount(), nullable=True),
        sa.Column("sold_for", Amount(), nullable=True),
        sa.Column("decided_at", UTCDateTime(), nullable=True),
        sa.Column("steps", sa.Integer(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        _fk("lot_approval", "lot_id", "lot", "CASCADE"),
        _fk("lot_approval", "event_id", "auction_event", "CASCADE"),
        _fk("lot_approval", "vehicle_id", "vehicle", "CASCADE"),
        _fk("lot_approval", "seller_id", "member", "RESTRICT"),
        _fk("lot_approval", "buyer_id", "member", "RESTRICT"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lot_approval")),
        sa.UniqueConstraint("lot_id", name=op.f("uq_lot_approval_lot_id")),
    )
    op.create_index("ix_lot_approval_status_deadline", "lot_approval", ["status", "deadline"])
    op.create_index(op.f("ix_lot_approval_event_id"), "lot_approval", ["event_id"])
    op.create_index(op.f("ix_lot_approval_vehicle_id"), "lot_approval", ["vehicle_id"])
    op.create_index(op.f("ix_lot_approval_seller_id"), "lot_approval", ["seller_id"])
    op.create_index(op.f("ix_lot_approval_buyer_id"), "lot_approval", ["buyer_id"])

    op.create_table(
        "lot_approval_step",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("approval_id", sa.String(length=32), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("amount", Amount(), nullable=True),
        sa.Column("by_id", sa.String(length=32), nullable=True),
        sa.Column("by_name", sa.String(length=150), nullable=False),
        sa.Column("note", sa.Text(), nullable=True),
        _fk("lot_approval_step", "approval_id", "lot_approval", "CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lot_approval_step")),
        sa.UniqueConstraint("approval_id", "sequence", name=op.f("uq_lot_approval_step_approval_id")),
    )

    with op.batch_alter_table("business_settings", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("approval_deadline_time", sa.String(length=5), server_default="17:00", nullable=False)
        )
    _new_templates()


def _new_templates() -> None:
    """The new events' templates and switches (all on) where the installation has none."""
    bind = op.get_bind()
    template = sa.table("alert_template", *(sa.column(name) for name in TEMPLATE_COLUMNS))
    switch = sa.table(
        "alert_switch",
        sa.column("event"),
        sa.column("channel"),
        sa.column("enabled"),
        sa.column("updated_at"),
    )
    had = {(row[0], row[1]) for row in bind.execute(sa.select(template.c.event, template.c.channel))}
    switched = {(row[0], row[1]) for row in bind.execute(sa.select(switch.c.event, switch.c.channel))}
    now = datetime.now(UTC)
    rows = [row for row in defaults.rows() if row["event"] in NEW_EVENTS]
    missing = [row for row in rows if (row["event"], row["channel"]) not in had]
    if missing:
        op.bulk_insert(
            template, [{"id": uuid4().hex, **row, "created_at": now, "updated_at": now} for row in missing]
        )
    unswitched = [row for row in rows if (row["event"], row["channel"]) not in switched]
    if unswitched:
        op.bulk_insert(
            switch,
            [
                {"event": row["event"], "channel": row["channel"], "enabled": True, "updated_at": now}
                for row in unswitched
            ],
        )


def downgrade() -> None:
    # The new events' messages and templates go with them (their event is unknown to the code before).
    new_events = sa.bindparam("events", value=list(NEW_EVENTS), expanding=True)
    op.execute(
        sa.text(
            "DELETE FROM alert_message_event WHERE message_id IN "
            "(SELECT id FROM alert_message WHERE event IN :events)"
        ).bindparams(new_events)
    )
    for table in ("alert_message", "alert_switch", "alert_template"):
        op.execute(sa.table(table, sa.column("event")).delete().where(sa.column("event").in_(NEW_EVENTS)))
    with op.batch_alter_table("business_settings", schema=None) as batch_op:
        batch_op.drop_column("approval_deadline_time")
    op.drop_table("lot_approval_step")
    for index in ("buyer_id", "seller_id", "vehicle_id", "event_id"):
        op.drop_index(op.f(f"ix_lot_approval_{index}"), table_name="lot_approval")
    op.drop_index("ix_lot_approval_status_deadline", table_name="lot_approval")
    op.drop_table("lot_approval")
