"""promotional_senders: promotional SMS sender, opt-out text, WhatsApp content templates, unsubscribe key (issue 28)

Revision ID: 0031
Revises: 0030
Create Date: 2026-11-29 04:00:00.000000
"""

from collections.abc import Sequence

revision: str = "0031"
down_revision: str | None = "0030"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
