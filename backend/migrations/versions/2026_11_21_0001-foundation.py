"""foundation: staff, roles, sessions, resets, throttling, audit

Revision ID: 0001
Revises:
Create Date: 2026-11-21 20:01:48.496839
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:

    op.create_table(
        "app_state",
        sa.Column("key", sa.String(length=60), nullable=False),
        sa.Column("value", sa.String(length=200), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_app_state")),
    )
    op.create_table(
        "auth_attempt",
        sa.Column("kind", sa.String(length=30), nullable=False),
        sa.Column("key", sa.String(length=300), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_auth_attempt")),
    )
    with op.batch_alter_table("auth_attempt", schema=None) as batch_op:
        batch_op.create_index(
            "ix_auth_attempt_kind_key_created_at", ["kind", "key", "created_at"], unique=False
        )

    op.create_table(
        "role",
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("is_active", sa.Boolean(), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_role")),
        sa.UniqueConstraint("name", name=op.f("uq_role_name")),
    )
    with op.batch_alter_table("role", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_role_is_active"), ["is_active"], unique=False)

    op.create_table(
        "role_permission",
        sa.Column("role_id", sa.String(length=32), nullable=False),
        sa.Column("module", sa.String(length=30), nullable=False),
        sa.Column("can_add", sa.Boolean(), nullable=False),
        sa.Column("can_view", sa.Boolean(), nullable=False),
        sa.Column("can_edit", sa.Boolean(), nullable=False),
        sa.Column("can_delete", sa.Boolean(), nullable=False),
        sa.Column("can_update_status", sa.Boolean(), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(
            ["role_id"], ["role.id"], name=op.f("fk_role_permission_role_id_role"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_role_permission")),
        sa.UniqueConstraint("role_id", "module", name="uq_role_permission_role_module"),
    )
    with op.batch_alter_table("role_permission", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_role_permission_role_id"), ["role_id"], unique=False)

    op.create_table(
        "user_account",
        sa.Column("full_name", sa.String(length=150), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("phone", sa.String(length=20), nullable=True),
        sa.Column("dob", sa.Date(), nullable=True),
        sa.Column("gender", sa.String(length=1), nullable=True),
        sa.Column("nic_number", sa.String(length=40), nullable=True),
        sa.Column("emirates_id", sa.String(length=18), nullable=True),
        sa.Column("passport_number", sa.String(length=20), nullable=True),
        sa.Column("home_country", sa.String(length=80), nullable=True),
        sa.Column("home_city", sa.String(length=80), nullable=True),
        sa.Column("profile_image", sa.String(length=500), nullable=True),
        sa.Column("user_account_status", sa.String(length=12), nullable=False),
        sa.Column("is_active", sa.Boolean(), nullable=False),
        sa.Column("role_id", sa.String(length=32), nullable=True),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("must_change_password", sa.Boolean(), nullable=False),
        sa.Column("password_changed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["role_id"], ["role.id"], name=op.f("fk_user_account_role_id_role"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_user_account")),
        sa.UniqueConstraint("email", name=op.f("uq_user_account_email")),
    )
    with op.batch_alter_table("user_account", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_user_account_role_id"), ["role_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_user_account_user_account_status"), ["user_account_status"], unique=False
        )

    op.create_table(
        "audit_event",
        sa.Column("actor_id", sa.String(length=32), nullable=True),
        sa.Column("actor_email", sa.String(length=254), nullable=True),
        sa.Column("action", sa.String(length=60), nullable=False),
        sa.Column("entity", sa.String(length=40), nullable=False),
        sa.Column("entity_id", sa.String(length=32), nullable=True),
        sa.Column("old_values", sa.JSON(), nullable=True),
        sa.Column("new_values", sa.JSON(), nullable=True),
        sa.Column("ip_address", sa.String(length=45), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(
            ["actor_id"],
            ["user_account.id"],
            name=op.f("fk_audit_event_actor_id_user_account"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_event")),
    )
    with op.batch_alter_table("audit_event", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_audit_event_actor_id"), ["actor_id"], unique=False)
        batch_op.create_index("ix_audit_event_created_at", ["created_at"], unique=False)
        batch_op.create_index("ix_audit_event_entity_entity_id", ["entity", "entity_id"], unique=False)

    op.create_table(
        "password_reset",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("verified_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reset_token_hash", sa.String(length=64), nullable=True),
        sa.Column("reset_expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reset_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_password_reset_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_password_reset")),
        sa.UniqueConstraint("reset_token_hash", name=op.f("uq_password_reset_reset_token_hash")),
    )
    with op.batch_alter_table("password_reset", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_password_reset_user_id"), ["user_id"], unique=False)

    op.create_table(
        "user_session",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("device_name", sa.String(length=100), nullable=False),
        sa.Column("operating_system", sa.String(length=100), nullable=False),
        sa.Column("browser_name", sa.String(length=100), nullable=False),
        sa.Column("ip_address", sa.String(length=45), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_active_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("end_reason", sa.String(length=30), nullable=True),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_user_session_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_user_session")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_user_session_token_hash")),
    )
    with op.batch_alter_table("user_session", schema=None) as batch_op:
        batch_op.create_index("ix_user_session_user_id_ended_at", ["user_id", "ended_at"], unique=False)


def downgrade() -> None:

    with op.batch_alter_table("user_session", schema=None) as batch_op:
        batch_op.drop_index("ix_user_session_user_id_ended_at")

    op.drop_table("user_session")
    with op.batch_alter_table("password_reset", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_password_reset_user_id"))

    op.drop_table("password_reset")
    with op.batch_alter_table("audit_event", schema=None) as batch_op:
        batch_op.drop_index("ix_audit_event_entity_entity_id")
        batch_op.drop_index("ix_audit_event_created_at")
        batch_op.drop_index(batch_op.f("ix_audit_event_actor_id"))

    op.drop_table("audit_event")
    with op.batch_alter_table("user_account", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_user_account_user_account_status"))
        batch_op.drop_index(batch_op.f("ix_user_account_role_id"))

    op.drop_table("user_account")
    with op.batch_alter_table("role_permission", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_role_permission_role_id"))

    op.drop_table("role_permission")
    with op.batch_alter_table("role", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_role_is_active"))

    op.drop_table("role")
    with op.batch_alter_table("auth_attempt", schema=None) as batch_op:
        batch_op.drop_index("ix_auth_attempt_kind_key_created_at")

    op.drop_table("auth_attempt")
    op.drop_table("app_state")
