"""outbound payments: an index for the list of payouts and refunds by kind and status

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-25 06:30:00.000000

- payment: ix_payment_kind_confirmation (kind, confirmation, paid_at, id). The outbound list filters payouts or
  refunds, by status, newest first; refunds are few among many payments, so without it the first page of
  refunds would read every payment. Direction, confirmation, paid_at (and 'completed this month') and member
  already have theirs (0011).
"""

from collections.abc import Sequence

from alembic import op

revision: str = '0013'
down_revision: str | None = '0012'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        'ix_payment_kind_confirmation', 'payment', ['kind', 'confirmation', 'paid_at', 'id'], unique=False
    )


def downgrade() -> None:
    op.drop_index('ix_payment_kind_confirmation', table_name='payment')
