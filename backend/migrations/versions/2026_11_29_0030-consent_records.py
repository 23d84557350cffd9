"""consent_records: members' consent to promotions as records (issue 28)

Revision ID: 0030
Revises: 0029
Create Date: 2026-11-29 04:00:00.000000
"""

from collections.abc import Sequence

revision: str = "0030"
down_revision: str | None = "0029"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
