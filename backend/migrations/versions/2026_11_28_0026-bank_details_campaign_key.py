"""bank_details_campaign_key: how to pay on the tax invoice, and one campaign per click (issue 23)

Revision ID: 0026
Revises: 0025
Create Date: 2026-11-28 21:00:00.000000

Declared in gavel/business/models.py (bank_name, bank_account_name, iban: the tax invoice's 'How to pay',
empty until Settings, Business fills them) and gavel/alerts/models.py (AlertCampaign.request_key: the key the
campaign dialog makes once per opening; the unique index lets a second request with the same key, a double
click or a retried request, create no second campaign, even when both arrive at the same moment).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0026"
down_revision: str | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("business_settings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bank_name", sa.String(length=100), nullable=True))
        batch_op.add_column(sa.Column("bank_account_name", sa.String(length=150), nullable=True))
        batch_op.add_column(sa.Column("iban", sa.String(length=34), nullable=True))
    with op.batch_alter_table("alert_campaign", schema=None) as batch_op:
        batch_op.add_column(sa.Column("request_key", sa.String(length=64), nullable=True))
        batch_op.create_index("uq_alert_campaign_request_key", ["request_key"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("alert_campaign", schema=None) as batch_op:
        batch_op.drop_index("uq_alert_campaign_request_key")
        batch_op.drop_column("request_key")
    with op.batch_alter_table("business_settings", schema=None) as batch_op:
        batch_op.drop_column("iban")
        batch_op.drop_column("bank_account_name")
        batch_op.drop_column("bank_name")
