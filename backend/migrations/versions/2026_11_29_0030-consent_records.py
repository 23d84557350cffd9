"""consent_records: members' consent to promotions as records (issue 28)

Revision ID: 0030
Revises: 0029
Create Date: 2026-11-29 04:00:00.000000

Declared in gavel/members/consents/models.py (ConsentRecord). Each consent a member held before (their
promo_consent_sms, _whatsapp, _email) becomes a record 'Recorded before consent tracking': given, with no
wording, at the time of the member's newest audit event (else when the member was last updated, else
created). The booleans stay, and stay equal to each channel's newest record.
"""

from collections.abc import Sequence
from datetime import UTC, datetime
from uuid import uuid4

import sqlalchemy as sa
from alembic import op

revision: str = "0030"
down_revision: str | None = "0029"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CHANNELS = (
    ("sms", "promo_consent_sms"),
    ("whatsapp", "promo_consent_whatsapp"),
    ("email", "promo_consent_email"),
)
BATCH = 1000

member = sa.table(
    "member",
    sa.column("id", sa.String),
    sa.column("first_name", sa.String),
    sa.column("last_name", sa.String),
    sa.column("company_name", sa.String),
    sa.column("email", sa.String),
    sa.column("phone", sa.String),
    sa.column("created_at", sa.DateTime(timezone=True)),
    sa.column("updated_at", sa.DateTime(timezone=True)),
    *(sa.column(column, sa.Boolean) for _, column in CHANNELS),
)
audit_event = sa.table(
    "audit_event",
    sa.column("entity", sa.String),
    sa.column("entity_id", sa.String),
    sa.column("created_at", sa.DateTime(timezone=True)),
)


def _utc(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def upgrade() -> None:
    consent = op.create_table(
        "member_consent",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("member_id", sa.String(length=32), nullable=True),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=10), nullable=False),
        sa.Column("given", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("method", sa.String(length=20), nullable=False),
        sa.Column("wording", sa.Text(), nullable=True),
        sa.Column("recorded_by_id", sa.String(length=32), nullable=True),
        sa.Column("recorded_by", sa.String(length=200), nullable=False),
        sa.Column("member_name", sa.String(length=200), nullable=False),
        sa.Column("address", sa.String(length=254), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["member.id"], name=op.f("fk_member_consent_member_id_member"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["recorded_by_id"],
            ["user_account.id"],
            name=op.f("fk_member_consent_recorded_by_id_user_account"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_member_consent")),
    )
    op.create_index("ix_member_consent_member_at", "member_consent", ["member_id", "at", "sequence"])
    op.create_index(
        "uq_member_consent_member_sequence", "member_consent", ["member_id", "sequence"], unique=True
    )
    op.create_index("ix_member_consent_recorded_by_id", "member_consent", ["recorded_by_id"])
    _records_of_the_flags(consent)


def _records_of_the_flags(consent: sa.Table) -> None:
    bind = op.get_bind()
    last_audit = (
        sa.select(audit_event.c.entity_id, sa.func.max(audit_event.c.created_at).label("at"))
        .where(audit_event.c.entity == "member")
        .group_by(audit_event.c.entity_id)
        .subquery()
    )
    consenting = sa.or_(*(member.c[column] == sa.true() for _, column in CHANNELS))
    rows = (
        bind.execute(
            sa.select(member, last_audit.c.at.label("last_audit_at"))
            .select_from(member.outerjoin(last_audit, last_audit.c.entity_id == member.c.id))
            .where(consenting)
            .order_by(member.c.id)
        )
        .mappings()
        .all()
    )
    batch: list[dict[str, object]] = []
    for row in rows:
        at = _utc(row["last_audit_at"] or row["updated_at"] or row["created_at"])
        name = row["company_name"] or f"{row['first_name']} {row['last_name']}"
        given = [channel for channel, column in CHANNELS if row[column]]
        for sequence, channel in enumerate(given, start=1):
            batch.append(
                {
                    "id": uuid4().hex,
                    "member_id": row["id"],
                    "sequence": sequence,
                    "channel": channel,
                    "given": True,
                    "at": at,
                    "method": "before_tracking",
                    "wording": None,
                    "recorded_by_id": None,
                    "recorded_by": "Recorded before consent tracking",
                    "member_name": name[:200],
                    "address": row["email"] if channel == "email" else row["phone"],
                }
            )
        if len(batch) >= BATCH:
            op.bulk_insert(consent, batch)
            batch = []
    if batch:
        op.bulk_insert(consent, batch)


def downgrade() -> None:
    op.drop_index("ix_member_consent_recorded_by_id", table_name="member_consent")
    op.drop_index("uq_member_consent_member_sequence", table_name="member_consent")
    op.drop_index("ix_member_consent_member_at", table_name="member_consent")
    op.drop_table("member_consent")
