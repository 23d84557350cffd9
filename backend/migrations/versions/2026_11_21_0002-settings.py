"""settings: locations, security plans, charges

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21 20:22:02.764900
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0002'
down_revision: str | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:

    op.create_table('charge',
    sa.Column('title', sa.String(length=120), nullable=False),
    sa.Column('title_key', sa.String(length=120), nullable=False),
    sa.Column('charges', sa.Numeric(precision=14, scale=2), nullable=False),
    sa.Column('applies_to', sa.String(length=10), nullable=False),
    sa.Column('min_price', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('max_price', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.Column('description', sa.Text(), nullable=True),
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_charge')),
    sa.UniqueConstraint('title_key', name=op.f('uq_charge_title_key'))
    )
    with op.batch_alter_table('charge', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_charge_applies_to'), ['applies_to'], unique=False)
        batch_op.create_index(batch_op.f('ix_charge_is_active'), ['is_active'], unique=False)

    op.create_table('security_plan',
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('name_key', sa.String(length=100), nullable=False),
    sa.Column('tag', sa.String(length=40), nullable=True),
    sa.Column('plan_amount', sa.Numeric(precision=14, scale=2), nullable=False),
    sa.Column('amount_after_discount', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('buying_power', sa.Numeric(precision=14, scale=2), nullable=False),
    sa.Column('description', sa.Text(), nullable=True),
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_security_plan')),
    sa.UniqueConstraint('name_key', name=op.f('uq_security_plan_name_key'))
    )
    op.create_table('location',
    sa.Column('title', sa.String(length=120), nullable=False),
    sa.Column('title_key', sa.String(length=120), nullable=False),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('physical_address', sa.String(length=300), nullable=False),
    sa.Column('mailing_address', sa.String(length=300), nullable=True),
    sa.Column('phone_number', sa.String(length=20), nullable=False),
    sa.Column('fax_number', sa.String(length=20), nullable=True),
    sa.Column('general_manager_id', sa.String(length=32), nullable=True),
    sa.Column('country', sa.String(length=80), nullable=False),
    sa.Column('state', sa.String(length=80), nullable=False),
    sa.Column('city', sa.String(length=80), nullable=False),
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['general_manager_id'], ['user_account.id'], name=op.f('fk_location_general_manager_id_user_account'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_location'))
    )
    with op.batch_alter_table('location', schema=None) as batch_op:
        batch_op.create_index('ix_location_city_title', ['city', 'title_key'], unique=True)
        batch_op.create_index(batch_op.f('ix_location_general_manager_id'), ['general_manager_id'], unique=False)
        batch_op.create_index('ix_location_status_created_at', ['status', 'created_at'], unique=False)

    op.create_table('location_hours',
    sa.Column('location_id', sa.String(length=32), nullable=False),
    sa.Column('weekday', sa.Integer(), nullable=False),
    sa.Column('opens_at', sa.Time(), nullable=True),
    sa.Column('closes_at', sa.Time(), nullable=True),
    sa.Column('closed', sa.Boolean(), nullable=False),
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.ForeignKeyConstraint(['location_id'], ['location.id'], name=op.f('fk_location_hours_location_id_location'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_location_hours')),
    sa.UniqueConstraint('location_id', 'weekday', name='uq_location_hours_location_weekday')
    )



def downgrade() -> None:

    op.drop_table('location_hours')
    with op.batch_alter_table('location', schema=None) as batch_op:
        batch_op.drop_index('ix_location_status_created_at')
        batch_op.drop_index(batch_op.f('ix_location_general_manager_id'))
        batch_op.drop_index('ix_location_city_title')

    op.drop_table('location')
    op.drop_table('security_plan')
    with op.batch_alter_table('charge', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_charge_is_active'))
        batch_op.drop_index(batch_op.f('ix_charge_applies_to'))

    op.drop_table('charge')

