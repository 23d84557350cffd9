"""privilege_rows: voiding an invoice has its own box; Reports, Audit log and Sessions are rows (issue 23)

Revision ID: 0027
Revises: 0026
Create Date: 2026-11-28 21:10:00.000000

Declared in gavel/permissions.py (Module, MEANINGS). Nobody gains or loses a right:
- Payments Delete, which allowed nothing, now voids invoices: it takes the value of Payments Edit, which voided
  them and now allows nothing (cleared).
- Calendar allows only View: its other boxes, which allowed nothing, are cleared.
- Reports View goes to the roles with Payments View (the reports were guarded by it), Audit log View to the
  roles with Roles View, Sessions View and Delete to the roles with Users Edit.
"""

from collections.abc import Sequence
from uuid import uuid4

import sqlalchemy as sa
from alembic import op

revision: str = "0027"
down_revision: str | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

permission = sa.table(
    "role_permission",
    sa.column("id", sa.String),
    sa.column("role_id", sa.String),
    sa.column("module", sa.String),
    sa.column("can_add", sa.Boolean),
    sa.column("can_view", sa.Boolean),
    sa.column("can_edit", sa.Boolean),
    sa.column("can_delete", sa.Boolean),
    sa.column("can_update_status", sa.Boolean),
)
role = sa.table("role", sa.column("id", sa.String))
NEW_MODULES = ("Reports", "AuditLog", "Sessions")


def upgrade() -> None:
    bind = op.get_bind()
    payments = permission.c.module == "Payments"
    bind.execute(
        permission.update().where(payments).values(can_delete=permission.c.can_edit, can_edit=sa.false())
    )
    bind.execute(
        permission.update()
        .where(permission.c.module == "Calender")
        .values(can_add=sa.false(), can_edit=sa.false(), can_delete=sa.false(), can_update_status=sa.false())
    )
    grants = {
        "Reports": {"can_view": ("Payments", "can_view")},
        "AuditLog": {"can_view": ("Roles", "can_view")},
        "Sessions": {"can_view": ("Users", "can_edit"), "can_delete": ("Users", "can_edit")},
    }
    held = {
        (role_id, module): {"can_view": bool(view), "can_edit": bool(edit)}
        for role_id, module, view, edit in bind.execute(
            sa.select(permission.c.role_id, permission.c.module, permission.c.can_view, permission.c.can_edit)
        ).all()
    }
    role_ids = [row[0] for row in bind.execute(sa.select(role.c.id)).all()]
    rows = []
    for role_id in role_ids:
        for module in NEW_MODULES:
            if (role_id, module) in held:
                continue
            row = {
                "id": uuid4().hex,
                "role_id": role_id,
                "module": module,
                "can_add": False,
                "can_view": False,
                "can_edit": False,
                "can_delete": False,
                "can_update_status": False,
            }
            for column, (source, box) in grants[module].items():
                row[column] = held.get((role_id, source), {}).get(box, False)
            rows.append(row)
    if rows:
        op.bulk_insert(permission, rows)


def downgrade() -> None:
    bind = op.get_bind()
    bind.execute(permission.delete().where(permission.c.module.in_(NEW_MODULES)))
    bind.execute(
        permission.update()
        .where(permission.c.module == "Payments")
        .values(can_edit=permission.c.can_delete, can_delete=sa.false())
    )
