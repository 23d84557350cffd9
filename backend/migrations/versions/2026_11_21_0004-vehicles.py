"""vehicles

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-21 20:36:13.541076
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from gavel.migrate import trigram_opclass

revision: str = '0004'
down_revision: str | None = '0003'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:

    op.create_table('counter',
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('value', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('name', name=op.f('pk_counter'))
    )
    op.create_table('vehicle',
    sa.Column('vehicle_lot_number', sa.Integer(), nullable=False),
    sa.Column('vin_number', sa.String(length=17), nullable=False),
    sa.Column('title', sa.String(length=150), nullable=False),
    sa.Column('make', sa.String(length=60), nullable=False),
    sa.Column('model', sa.String(length=60), nullable=False),
    sa.Column('year', sa.Integer(), nullable=False),
    sa.Column('transmission', sa.String(length=20), nullable=True),
    sa.Column('engine_details', sa.String(length=120), nullable=True),
    sa.Column('drive_type', sa.String(length=5), nullable=True),
    sa.Column('fuel_type', sa.String(length=10), nullable=True),
    sa.Column('mileage', sa.Integer(), nullable=False),
    sa.Column('keys_available', sa.Boolean(), nullable=False),
    sa.Column('run_and_drive', sa.Boolean(), nullable=False),
    sa.Column('start_status', sa.Boolean(), nullable=False),
    sa.Column('unknown_status', sa.Boolean(), nullable=False),
    sa.Column('color', sa.String(length=40), nullable=True),
    sa.Column('body_style', sa.String(length=20), nullable=True),
    sa.Column('primary_damage', sa.String(length=30), nullable=True),
    sa.Column('secondary_damage', sa.String(length=30), nullable=True),
    sa.Column('cylinders', sa.Integer(), nullable=True),
    sa.Column('opening_price', sa.Numeric(precision=14, scale=2), nullable=False),
    sa.Column('reserve_price', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('sold_for', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('request_type', sa.String(length=10), nullable=False),
    sa.Column('is_vehicle_delivered_by_seller', sa.Boolean(), nullable=False),
    sa.Column('is_received', sa.Boolean(), nullable=False),
    sa.Column('is_inspection', sa.String(length=15), nullable=False),
    sa.Column('is_returned', sa.Boolean(), nullable=False),
    sa.Column('is_paid', sa.Boolean(), nullable=False),
    sa.Column('gate_pass_status', sa.String(length=12), nullable=False),
    sa.Column('is_released', sa.Boolean(), nullable=False),
    sa.Column('release_date', sa.DateTime(timezone=True), nullable=True),
    sa.Column('auction_id', sa.String(length=32), nullable=True),
    sa.Column('auction_date', sa.Date(), nullable=True),
    sa.Column('event_id', sa.String(length=32), nullable=True),
    sa.Column('event_date', sa.Date(), nullable=True),
    sa.Column('member_id', sa.String(length=32), nullable=False),
    sa.Column('buyer_member_id', sa.String(length=32), nullable=True),
    sa.Column('description', sa.Text(), nullable=True),
    sa.Column('search_text', sa.Text(), nullable=False),
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['buyer_member_id'], ['member.id'], name=op.f('fk_vehicle_buyer_member_id_member'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['member_id'], ['member.id'], name=op.f('fk_vehicle_member_id_member'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vehicle')),
    sa.UniqueConstraint('vehicle_lot_number', name=op.f('uq_vehicle_vehicle_lot_number')),
    sa.UniqueConstraint('vin_number', name=op.f('uq_vehicle_vin_number'))
    )
    with op.batch_alter_table('vehicle', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_vehicle_buyer_member_id'), ['buyer_member_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_vehicle_event_id'), ['event_id'], unique=False)
        batch_op.create_index('ix_vehicle_member_id', ['member_id'], unique=False)
        batch_op.create_index('ix_vehicle_status_created_at', ['status', 'created_at', 'id'], unique=False)
        batch_op.create_index('ix_vehicle_status_make_model', ['status', 'make', 'model'], unique=False)
        batch_op.create_index('ix_vehicle_status_opening_price', ['status', 'opening_price'], unique=False)
        batch_op.create_index('ix_vehicle_status_year', ['status', 'year'], unique=False)

    op.create_table('vehicle_image',
    sa.Column('vehicle_id', sa.String(length=32), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('url', sa.String(length=500), nullable=False),
    sa.Column('thumbnail_url', sa.String(length=500), nullable=False),
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.ForeignKeyConstraint(['vehicle_id'], ['vehicle.id'], name=op.f('fk_vehicle_image_vehicle_id_vehicle'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vehicle_image'))
    )
    with op.batch_alter_table('vehicle_image', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_vehicle_image_vehicle_id'), ['vehicle_id'], unique=False)

    # Lot number, VIN (or its last 6), title, make, model and seller search at 1,000,000 vehicles.
    if op.get_bind().dialect.name == "postgresql":
        opclass = trigram_opclass(op.get_bind())
        op.execute(f"CREATE INDEX ix_vehicle_search_text_trgm ON vehicle USING gin (search_text {opclass})")




def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP INDEX IF EXISTS ix_vehicle_search_text_trgm")


    with op.batch_alter_table('vehicle_image', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_vehicle_image_vehicle_id'))

    op.drop_table('vehicle_image')
    with op.batch_alter_table('vehicle', schema=None) as batch_op:
        batch_op.drop_index('ix_vehicle_status_year')
        batch_op.drop_index('ix_vehicle_status_opening_price')
        batch_op.drop_index('ix_vehicle_status_make_model')
        batch_op.drop_index('ix_vehicle_status_created_at')
        batch_op.drop_index('ix_vehicle_member_id')
        batch_op.drop_index(batch_op.f('ix_vehicle_event_id'))
        batch_op.drop_index(batch_op.f('ix_vehicle_buyer_member_id'))

    op.drop_table('vehicle')
    op.drop_table('counter')

