"""ledger: one entry per member and number, found by its number

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-25 09:00:00.000000

- ledger_entry: uq_ledger_entry_member_sequence (member_id, sequence). Every entry is written after the member's
  last one (taken by its number, newest first, under the member's row lock) and the ledger screen pages by that
  number: the index finds the last entry without reading the member's whole ledger, and two entries can never
  share a number, so the running balances have one order on every engine.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("uq_ledger_entry_member_sequence", "ledger_entry", ["member_id", "sequence"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_ledger_entry_member_sequence", table_name="ledger_entry")
