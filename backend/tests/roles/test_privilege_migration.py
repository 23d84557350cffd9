"""Migration 0027 keeps every role's rights: Payments Edit (which voided) becomes Payments Delete (which now
voids), and Reports, Audit log and Sessions are granted to the roles that reached them through other rows."""

from datetime import UTC, datetime

from alembic import command
from sqlalchemy import create_engine, text

from gavel.migrate import alembic_config, sync_url

BOXES = ("can_add", "can_view", "can_edit", "can_delete", "can_update_status")
SELECT = text(
    "SELECT module, can_add, can_view, can_edit, can_delete, can_update_status FROM role_permission"
    " WHERE role_id = :r"
)
INSERT = text(
    "INSERT INTO role_permission (id, role_id, module, can_add, can_view, can_edit, can_delete,"
    " can_update_status) VALUES (:id, :role, :module, :can_add, :can_view, :can_edit, :can_delete,"
    " :can_update_status)"
)
# role: {module: boxes held before}
BEFORE = {
    "cashier": {"Payments": {"can_view", "can_edit"}},
    "clerk": {"Payments": {"can_view", "can_delete"}, "Calender": {"can_view", "can_add"}},
    "admin": {"Roles": {"can_view"}, "Users": {"can_edit"}},
    "nobody": {},
}


def _rows(conn: object, role_id: str) -> dict[str, set[str]]:
    rows = conn.execute(SELECT, {"r": role_id}).all()  # type: ignore[attr-defined]
    return {row[0]: {box for box, on in zip(BOXES, row[1:], strict=True) if on} for row in rows}


def test_rights_survive_the_new_rows(empty_database: str) -> None:
    config = alembic_config(empty_database)
    command.upgrade(config, "0026")
    engine = create_engine(sync_url(empty_database))
    now = datetime.now(UTC)
    try:
        with engine.begin() as conn:
            for role_id, modules in BEFORE.items():
                conn.execute(
                    text(
                        "INSERT INTO role (id, created_at, updated_at, name, is_active, require_two_step)"
                        " VALUES (:id, :now, :now, :id, true, false)"
                    ),
                    {"id": role_id, "now": now},
                )
                for n, (module, held) in enumerate(modules.items()):
                    conn.execute(
                        INSERT,
                        {"id": f"{role_id}{n}", "role": role_id, "module": module}
                        | {b: b in held for b in BOXES},
                    )
        command.upgrade(config, "0027")
        with engine.connect() as conn:
            cashier, clerk = _rows(conn, "cashier"), _rows(conn, "clerk")
            admin, nobody = _rows(conn, "admin"), _rows(conn, "nobody")
        assert cashier["Payments"] == {"can_view", "can_delete"}  # could void, still can
        assert clerk["Payments"] == {"can_view"}  # could not void, still cannot
        assert clerk["Calender"] == {"can_view"}
        assert cashier["Reports"] == clerk["Reports"] == {"can_view"} and admin["Reports"] == set()
        assert admin["AuditLog"] == {"can_view"} and cashier["AuditLog"] == set()
        assert admin["Sessions"] == {"can_view", "can_delete"} and clerk["Sessions"] == set()
        assert nobody == {"Reports": set(), "AuditLog": set(), "Sessions": set()}
        command.downgrade(config, "0026")
        with engine.connect() as conn:
            assert _rows(conn, "cashier") == {"Payments": {"can_view", "can_edit"}}
            assert "Reports" not in _rows(conn, "admin")
    finally:
        engine.dispose()
