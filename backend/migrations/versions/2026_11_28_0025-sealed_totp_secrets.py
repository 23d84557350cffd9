"""sealed_totp_secrets: room for an authenticator secret sealed at rest (issue 16)

Revision ID: 0025
Revises: 0024
Create Date: 2026-11-28 08:00:00.000000

Declared in gavel/auth/models.py (TwoStep.stored_secret, column `secret`). With GAVEL_TOTP_KEYS set, a secret
is stored as 'fernet:' and a Fernet token (gavel/auth/sealed.py): 147 characters for a 32-character secret,
more than the 64 the column held. The rows are left as they are: `python -m gavel seal-totp-secrets` seals them.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("user_two_step", schema=None) as batch_op:
        batch_op.alter_column(
            "secret", existing_type=sa.String(length=64), type_=sa.String(length=255), existing_nullable=False
        )


def downgrade() -> None:
    with op.batch_alter_table("user_two_step", schema=None) as batch_op:
        batch_op.alter_column(
            "secret", existing_type=sa.String(length=255), type_=sa.String(length=64), existing_nullable=False
        )
