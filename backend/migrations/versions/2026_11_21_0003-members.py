"""members

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-21 20:28:52.864956
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from gavel.migrate import trigram_opclass

revision: str = '0003'
down_revision: str | None = '0002'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:

    op.create_table('member',
    sa.Column('first_name', sa.String(length=80), nullable=False),
    sa.Column('last_name', sa.String(length=80), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=False),
    sa.Column('phone', sa.String(length=20), nullable=False),
    sa.Column('profile_image', sa.String(length=500), nullable=True),
    sa.Column('is_trusted_seller', sa.Boolean(), nullable=False),
    sa.Column('member_identity_no', sa.String(length=40), nullable=False),
    sa.Column('is_seller', sa.Boolean(), nullable=False),
    sa.Column('is_buyer', sa.Boolean(), nullable=False),
    sa.Column('seller_type', sa.String(length=20), nullable=True),
    sa.Column('member_entity', sa.String(length=20), nullable=False),
    sa.Column('company_name', sa.String(length=150), nullable=True),
    sa.Column('status', sa.String(length=12), nullable=False),
    sa.Column('request_type', sa.String(length=10), nullable=False),
    sa.Column('security_plan_id', sa.String(length=32), nullable=True),
    sa.Column('buying_power', sa.Numeric(precision=14, scale=2), nullable=False),
    sa.Column('password_hash', sa.String(length=200), nullable=True),
    sa.Column('must_change_password', sa.Boolean(), nullable=False),
    sa.Column('status_changed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('search_text', sa.Text(), nullable=False),
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['security_plan_id'], ['security_plan.id'], name=op.f('fk_member_security_plan_id_security_plan'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_member')),
    sa.UniqueConstraint('email', name=op.f('uq_member_email')),
    sa.UniqueConstraint('phone', name=op.f('uq_member_phone'))
    )
    with op.batch_alter_table('member', schema=None) as batch_op:
        batch_op.create_index('ix_member_created_at', ['created_at', 'id'], unique=False)
        batch_op.create_index(batch_op.f('ix_member_member_identity_no'), ['member_identity_no'], unique=False)
        batch_op.create_index(batch_op.f('ix_member_security_plan_id'), ['security_plan_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_member_seller_type'), ['seller_type'], unique=False)
        batch_op.create_index('ix_member_status_created_at', ['status', 'created_at', 'id'], unique=False)
        batch_op.create_index('ix_member_status_entity', ['status', 'member_entity'], unique=False)
        batch_op.create_index('ix_member_status_is_buyer', ['status', 'is_buyer'], unique=False)
        batch_op.create_index('ix_member_status_is_seller', ['status', 'is_seller'], unique=False)

    op.create_table('member_profile',
    sa.Column('member_id', sa.String(length=32), nullable=False),
    sa.Column('nationality', sa.String(length=60), nullable=True),
    sa.Column('address', sa.String(length=300), nullable=True),
    sa.Column('emirate', sa.String(length=40), nullable=True),
    sa.Column('city', sa.String(length=80), nullable=True),
    sa.Column('dob', sa.Date(), nullable=True),
    sa.Column('trade_license_number', sa.String(length=40), nullable=True),
    sa.Column('trade_license_expiry', sa.Date(), nullable=True),
    sa.Column('identity_type', sa.String(length=10), nullable=False),
    sa.Column('identity_expiry', sa.Date(), nullable=False),
    sa.Column('identity_front_image', sa.String(length=500), nullable=True),
    sa.Column('identity_back_image', sa.String(length=500), nullable=True),
    sa.Column('trade_license_image', sa.String(length=500), nullable=True),
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.ForeignKeyConstraint(['member_id'], ['member.id'], name=op.f('fk_member_profile_member_id_member'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_member_profile')),
    sa.UniqueConstraint('member_id', name=op.f('uq_member_profile_member_id'))
    )
    # Search by any value stays fast at 200,000 members: a trigram index serves LIKE '%term%' on PostgreSQL.
    if op.get_bind().dialect.name == "postgresql":
        opclass = trigram_opclass(op.get_bind())
        op.execute(f"CREATE INDEX ix_member_search_text_trgm ON member USING gin (search_text {opclass})")



def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP INDEX IF EXISTS ix_member_search_text_trgm")

    op.drop_table('member_profile')
    with op.batch_alter_table('member', schema=None) as batch_op:
        batch_op.drop_index('ix_member_status_is_seller')
        batch_op.drop_index('ix_member_status_is_buyer')
        batch_op.drop_index('ix_member_status_entity')
        batch_op.drop_index('ix_member_status_created_at')
        batch_op.drop_index(batch_op.f('ix_member_seller_type'))
        batch_op.drop_index(batch_op.f('ix_member_security_plan_id'))
        batch_op.drop_index(batch_op.f('ix_member_member_identity_no'))
        batch_op.drop_index('ix_member_created_at')

    op.drop_table('member')

