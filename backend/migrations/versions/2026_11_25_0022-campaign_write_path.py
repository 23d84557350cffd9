"""campaign write path: what a 100,000-message campaign writes per message, made cheaper (issue 14)

- `alert_message.provider_message_id` is unique among the messages that have one: a partial unique index
  instead of a unique constraint, so that a queued message (no provider id yet) adds no index entry.
- On PostgreSQL the trigram index of `alert_message.search_text` keeps up to 64 MB of new entries in its
  pending list (4 MB by default) before merging them: a campaign's messages are appended there while it is
  queued, and the clock job merges them right after (gavel.alerts.campaigns.service.write_due), instead of
  every 4 MB in the middle of the campaign.

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-25 13:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

HAS_PROVIDER_ID = sa.text("provider_message_id IS NOT NULL")


def upgrade() -> None:
    with op.batch_alter_table("alert_message", schema=None) as batch_op:
        batch_op.drop_constraint("uq_alert_message_provider_message_id", type_="unique")
    op.create_index(
        "uq_alert_message_provider_message_id",
        "alert_message",
        ["provider_message_id"],
        unique=True,
        postgresql_where=HAS_PROVIDER_ID,
        sqlite_where=HAS_PROVIDER_ID,
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER INDEX ix_alert_message_search_text_trgm SET (gin_pending_list_limit = 65536)")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER INDEX ix_alert_message_search_text_trgm RESET (gin_pending_list_limit)")
    op.drop_index("uq_alert_message_provider_message_id", table_name="alert_message")
    with op.batch_alter_table("alert_message", schema=None) as batch_op:
        batch_op.create_unique_constraint("uq_alert_message_provider_message_id", ["provider_message_id"])
