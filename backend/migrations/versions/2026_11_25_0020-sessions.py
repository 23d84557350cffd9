"""sessions: the staff session console lists live sessions by last activity (issue 15)

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-25 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Partial: only sessions not ended, the ones the console and the sign-in conflict check look among.
    op.create_index(
        "ix_user_session_live_last_active_at",
        "user_session",
        ["last_active_at"],
        postgresql_where=sa.text("ended_at IS NULL"),
        sqlite_where=sa.text("ended_at IS NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_user_session_live_last_active_at", table_name="user_session")
