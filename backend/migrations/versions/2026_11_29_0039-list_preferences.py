"""list preferences: a user's density, each list's columns, and saved views (issue 29)

Revision ID: 0039
Revises: 0038
Create Date: 2026-11-29 14:00:00.000000

Declared in gavel/preferences/models.py (UserPreference, ListLayout, SavedView). Each user's rows go with the
user (ON DELETE CASCADE). One name per owner and list, whatever its case: a unique index on lower(name), which
decides between two views of one name saved at once.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from gavel.db import UTCDateTime

revision: str = "0039"
down_revision: str | None = "0038"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "user_preference",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("density", sa.String(length=12), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.CheckConstraint("density IN ('comfortable', 'compact')", name=op.f("ck_user_preference_density")),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_user_preference_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_user_preference")),
    )
    op.create_table(
        "list_layout",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("list_key", sa.String(length=40), nullable=False),
        sa.Column("columns", sa.JSON(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_list_layout_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "list_key", name=op.f("pk_list_layout")),
    )
    op.create_table(
        "saved_view",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("owner_id", sa.String(length=32), nullable=False),
        sa.Column("list_key", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("shared", sa.Boolean(), nullable=False),
        sa.Column("search", sa.String(length=200), nullable=False),
        sa.Column("sort_by", sa.String(length=60), nullable=True),
        sa.Column("sort_order", sa.String(length=4), nullable=True),
        sa.Column("filters", sa.JSON(), nullable=False),
        sa.Column("columns", sa.JSON(), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.CheckConstraint(
            "sort_order IS NULL OR sort_order IN ('asc', 'desc')", name=op.f("ck_saved_view_sort_order")
        ),
        sa.ForeignKeyConstraint(
            ["owner_id"],
            ["user_account.id"],
            name=op.f("fk_saved_view_owner_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_saved_view")),
    )
    op.create_index("ix_saved_view_list_key_shared", "saved_view", ["list_key", "shared"])
    # A functional index: sa.text keeps lower(name) as written, on SQLite (3.9 and later) and PostgreSQL.
    op.create_index(
        "uq_saved_view_owner_list_name",
        "saved_view",
        ["owner_id", "list_key", sa.text("lower(name)")],
        unique=True,
    )


def downgrade() -> None:
    op.drop_index("uq_saved_view_owner_list_name", table_name="saved_view")
    op.drop_index("ix_saved_view_list_key_shared", table_name="saved_view")
    op.drop_table("saved_view")
    op.drop_table("list_layout")
    op.drop_table("user_preference")
