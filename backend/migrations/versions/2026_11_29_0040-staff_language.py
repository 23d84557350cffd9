"""staff language: each staff user's choice of English or Arabic for the web app and the API's messages (issue 27)

Revision ID: 0040
Revises: 0039
Create Date: 2026-11-29 21:30:00.000000

Declared in gavel/users/models.py (User.language). Every user starts in English; the schema accepts 'en' or 'ar'
only, as it does for a member's preferred language.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0040"
down_revision: str | None = "0039"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("user_account", sa.Column("language", sa.String(length=2), server_default="en", nullable=False))


def downgrade() -> None:
    op.execute("ALTER TABLE user_account DROP COLUMN language")
