"""two_step: sign-in with an authenticator app code (TOTP), recovery codes, and roles that require it (issue 16)

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-25 13:00:00.000000

Declared in gavel/auth/models.py (user_two_step, two_step_recovery_code) and gavel/roles/models.py
(role.require_two_step).
- user_two_step: one row per staff user who has started or finished setting up an authenticator app; pending
  while enabled_at is NULL. last_used_step is the time step of the last code accepted (no code is taken twice).
- two_step_recovery_code: the user's single-use recovery codes, argon2id hashes only.
- role.require_two_step: the role's users must sign in with a code; false for every existing role.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "user_two_step",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("secret", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("enabled_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_used_step", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_user_two_step_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_user_two_step")),
    )
    op.create_table(
        "two_step_recovery_code",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("code_hash", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_two_step_recovery_code_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_two_step_recovery_code")),
    )
    op.create_index(
        op.f("ix_two_step_recovery_code_user_id"), "two_step_recovery_code", ["user_id"], unique=False
    )
    with op.batch_alter_table("role", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("require_two_step", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("role", schema=None) as batch_op:
        batch_op.drop_column("require_two_step")
    op.drop_index(op.f("ix_two_step_recovery_code_user_id"), table_name="two_step_recovery_code")
    op.drop_table("two_step_recovery_code")
    op.drop_table("user_two_step")
