"""promotional_senders: promotional SMS sender, opt-out text, WhatsApp content templates, unsubscribe key (issue 28)

Revision ID: 0031
Revises: 0030
Create Date: 2026-11-29 04:00:00.000000

Declared in gavel/business/models.py (promo_opt_out_en/_ar: the line every promotional SMS ends with, the
operators' block short code by default), gavel/alerts/models.py (AlertTemplate.twilio_content_sid_en/_ar: the
approved WhatsApp template as Twilio's Content API names it; AlertMessage.twilio_content_sid: the one a message
was written with), and the key that signs the unsubscribe links of promotional emails (gavel/core/signing.py), an
app_state row made now with random bytes, beside the gate passes' key, so that every process and machine agrees.
"""

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0031"
down_revision: str | None = "0030"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OPT_OUT_EN = "To opt out send B AD-GAVEL to 7726"
OPT_OUT_AR = "لإلغاء الاشتراك أرسل B AD-GAVEL إلى 7726"
UNSUBSCRIBE_KEY = "unsubscribe_key"
app_state = sa.table("app_state", sa.column("key", sa.String), sa.column("value", sa.String))


def upgrade() -> None:
    with op.batch_alter_table("business_settings", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("promo_opt_out_en", sa.String(length=100), server_default=OPT_OUT_EN, nullable=False)
        )
        batch_op.add_column(
            sa.Column("promo_opt_out_ar", sa.String(length=100), server_default=OPT_OUT_AR, nullable=False)
        )
    with op.batch_alter_table("alert_template", schema=None) as batch_op:
        batch_op.add_column(sa.Column("twilio_content_sid_en", sa.String(length=34), nullable=True))
        batch_op.add_column(sa.Column("twilio_content_sid_ar", sa.String(length=34), nullable=True))
    with op.batch_alter_table("alert_message", schema=None) as batch_op:
        batch_op.add_column(sa.Column("twilio_content_sid", sa.String(length=34), nullable=True))
    op.bulk_insert(app_state, [{"key": UNSUBSCRIBE_KEY, "value": secrets.token_hex(32)}])


def downgrade() -> None:
    op.execute(app_state.delete().where(app_state.c.key == UNSUBSCRIBE_KEY))
    with op.batch_alter_table("alert_message", schema=None) as batch_op:
        batch_op.drop_column("twilio_content_sid")
    with op.batch_alter_table("alert_template", schema=None) as batch_op:
        batch_op.drop_column("twilio_content_sid_ar")
        batch_op.drop_column("twilio_content_sid_en")
    with op.batch_alter_table("business_settings", schema=None) as batch_op:
        batch_op.drop_column("promo_opt_out_ar")
        batch_op.drop_column("promo_opt_out_en")
