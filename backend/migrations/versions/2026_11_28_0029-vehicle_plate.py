"""vehicle_plate: the vehicle's number plate, shown at the gate so the guard can match the car (issue 23)

Revision ID: 0029
Revises: 0028
Create Date: 2026-11-28 21:30:00.000000

Declared in gavel/vehicles/models.py (Vehicle.plate_number): optional, as typed (e.g. 'Dubai A 12345'); a
vehicle without plates (export, new) leaves it empty.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0029"
down_revision: str | None = "0028"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# Plain ALTER TABLE (SQLite 3.35+ drops a column in place): a batch copy of `vehicle` would fail on the rows
# that refer to it and lose its triggers (migrations 0007 and 0021).
def upgrade() -> None:
    op.add_column("vehicle", sa.Column("plate_number", sa.String(length=20), nullable=True))


def downgrade() -> None:
    op.drop_column("vehicle", "plate_number")
