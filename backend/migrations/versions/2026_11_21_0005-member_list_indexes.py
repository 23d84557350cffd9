"""member list indexes: counts and every sort order read from an index (bench/ at 200,000 members)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-21 21:00:00.000000

- ix_member_status_entity_kinds (status, member_entity, is_seller, is_buyer): the grouped counts query of every
  list request becomes an index-only scan instead of a sequential scan of the whole member table; the page total of
  a list filtered by status, entity and member type is a range of the same index.
- ix_member_status_<column> (status, <column>, id) for the sortable columns besides createdAt (which has
  ix_member_status_created_at): the page's ids come in order from an index-only scan, so neither a first page nor a
  deep page sorts every member of the list. ix_member_status_id serves sortBy status (one status per list: the
  order is then by id).
- ix_member_status_{seller_type,trusted,plan} (status, <filter>, created_at, id) for the list filters seller type,
  trusted seller and security plan: the page total is a range of the index (the trusted-seller total was a
  sequential scan of the table, the others a BitmapAnd with every member of the status) and the default page
  (newest first) is read in order from it.
"""

from collections.abc import Sequence

from alembic import op

revision: str = '0005'
down_revision: str | None = '0004'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXES = {
    "ix_member_status_entity_kinds": ["status", "member_entity", "is_seller", "is_buyer"],
    "ix_member_status_first_name": ["status", "first_name", "id"],
    "ix_member_status_last_name": ["status", "last_name", "id"],
    "ix_member_status_email": ["status", "email", "id"],
    "ix_member_status_company_name": ["status", "company_name", "id"],
    "ix_member_status_id": ["status", "id"],
    "ix_member_status_seller_type": ["status", "seller_type", "created_at", "id"],
    "ix_member_status_trusted": ["status", "is_trusted_seller", "created_at", "id"],
    "ix_member_status_plan": ["status", "security_plan_id", "created_at", "id"],
}


def upgrade() -> None:
    for name, columns in INDEXES.items():
        op.create_index(name, 'member', columns, unique=False)


def downgrade() -> None:
    for name in reversed(INDEXES):
        op.drop_index(name, table_name='member', if_exists=True)
