"""plan_subscribers_index: the plans list's subscriber counts and deposits read from an index alone (issue 16)

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-28 07:00:00.000000

Declared in gavel/members/models.py. The plans list sums each plan's members and the deposits they hold
(plans/repository.py, subscriber_totals). With half of 200,000 members on a plan, PostgreSQL read the whole
member table for it (65 ms); from ix_member_plan_deposit (security_plan_id, deposit_held) it reads the
plans' entries alone (20 ms, an index-only scan). It replaces ix_member_security_plan_id, whose place it
takes for the plan's subscribers page and the foreign key's checks.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_member_plan_deposit", "member", ["security_plan_id", "deposit_held"], unique=False)
    op.drop_index("ix_member_security_plan_id", table_name="member")


def downgrade() -> None:
    op.create_index("ix_member_security_plan_id", "member", ["security_plan_id"], unique=False)
    op.drop_index("ix_member_plan_deposit", table_name="member")
