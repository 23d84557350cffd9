"""audit: the device of each event, an index per audit-log filter, and triggers that keep the trail append-only

The actor's foreign key goes: staff users are deleted for real, and ON DELETE SET NULL would rewrite the trail
(which the triggers now refuse). The id stays in the row, with the email beside it.

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-25 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

REFUSAL = "The audit trail is append-only: audit events cannot be changed or deleted."
INDEXES = {
    "ix_audit_event_created_at_id": ["created_at", "id"],
    "ix_audit_event_actor_id_created_at": ["actor_id", "created_at", "id"],
    "ix_audit_event_action_created_at": ["action", "created_at", "id"],
    "ix_audit_event_entity_created_at": ["entity", "created_at", "id"],
    "ix_audit_event_entity_entity_id_created_at": ["entity", "entity_id", "created_at", "id"],
}
OLD_INDEXES = {
    "ix_audit_event_actor_id": ["actor_id"],
    "ix_audit_event_created_at": ["created_at"],
    "ix_audit_event_entity_entity_id": ["entity", "entity_id"],
}
POSTGRESQL_TRIGGERS = [
    f"""CREATE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION '{REFUSAL}' USING ERRCODE = 'restrict_violation';
    END $$""",
    "CREATE TRIGGER audit_event_no_change BEFORE UPDATE OR DELETE ON audit_event"
    " FOR EACH ROW EXECUTE FUNCTION audit_event_append_only()",
    "CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event"
    " FOR EACH STATEMENT EXECUTE FUNCTION audit_event_append_only()",
]
SQLITE_TRIGGERS = [
    f"CREATE TRIGGER audit_event_no_{verb.lower()} BEFORE {verb} ON audit_event"
    f" BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END"
    for verb in ("UPDATE", "DELETE")
]


def upgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    with op.batch_alter_table("audit_event", schema=None) as batch_op:
        batch_op.drop_constraint("fk_audit_event_actor_id_user_account", type_="foreignkey")
        batch_op.add_column(sa.Column("device", sa.String(length=200), nullable=True))
        for name in OLD_INDEXES:
            batch_op.drop_index(name)
        for name, columns in INDEXES.items():
            batch_op.create_index(name, columns, unique=False)
    for statement in POSTGRESQL_TRIGGERS if postgresql else SQLITE_TRIGGERS:
        op.execute(statement)


def downgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    if postgresql:
        op.execute("DROP TRIGGER IF EXISTS audit_event_no_truncate ON audit_event")
        op.execute("DROP TRIGGER IF EXISTS audit_event_no_change ON audit_event")
        op.execute("DROP FUNCTION IF EXISTS audit_event_append_only()")
    else:
        op.execute("DROP TRIGGER IF EXISTS audit_event_no_update")
        op.execute("DROP TRIGGER IF EXISTS audit_event_no_delete")
    # Events of deleted staff users keep an id the foreign key would refuse: they lose it, as before 0018.
    op.execute("UPDATE audit_event SET actor_id = NULL WHERE actor_id NOT IN (SELECT id FROM user_account)")
    with op.batch_alter_table("audit_event", schema=None) as batch_op:
        for name in INDEXES:
            batch_op.drop_index(name)
        for name, columns in OLD_INDEXES.items():
            batch_op.create_index(name, columns, unique=False)
        batch_op.drop_column("device")
        batch_op.create_foreign_key(
            "fk_audit_event_actor_id_user_account", "user_account", ["actor_id"], ["id"], ondelete="SET NULL"
        )
