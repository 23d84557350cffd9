"""lot event notify: PostgreSQL tells the listening app processes of a lot event from the insert itself

Revision ID: 0041
Revises: 0040
Create Date: 2026-11-30 08:30:00.000000

A trigger on lot_event sends `pg_notify('gavel_lots', '<eventId>:<lotId>:<sequence>')` for each row inserted,
which PostgreSQL delivers when the transaction commits and never when it rolls back, as the app's own
`SELECT pg_notify(...)` before the commit did (gavel/bidding/live/outbox.py). It saves that statement's round
trip in every transaction that changes a lot, while the lot's row is locked. SQLite has no NOTIFY: there the
outbox still hands the notices to the process's hubs after the commit.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0041"
down_revision: str | None = "0040"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        """
        CREATE FUNCTION gavel_lot_event_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify(
                'gavel_lots',
                (SELECT event_id FROM lot WHERE id = NEW.lot_id) || ':' || NEW.lot_id || ':' || NEW.sequence
            );
            RETURN NULL;
        END
        $$
        """
    )
    op.execute(
        "CREATE TRIGGER lot_event_notify AFTER INSERT ON lot_event "
        "FOR EACH ROW EXECUTE FUNCTION gavel_lot_event_notify()"
    )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER lot_event_notify ON lot_event")
    op.execute("DROP FUNCTION gavel_lot_event_notify()")
