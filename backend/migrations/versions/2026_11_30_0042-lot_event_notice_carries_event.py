"""lot event notice carries the event: the trigger's notice holds the lot event itself when it fits

Revision ID: 0042
Revises: 0041
Create Date: 2026-11-30 22:30:00.000000

The notice of migration 0041 named the lot and its sequence, and every app process's hub read the new rows
from lot_event before handing them to its sockets: one more round trip, and a wait for a connection of a pool
busy with bids, between a bid's commit and its watchers. Now the notice also carries the event's lane, time,
kind and payload as JSON (`<eventId>:<lotId>:<sequence>:<json>`) when the whole notice stays well under
PostgreSQL's 8,000 bytes; a larger event is announced as before and read from the table
(gavel/bidding/live/outbox.py). SQLite has no NOTIFY: nothing changes there.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0042"
down_revision: str | None = "0041"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    # The event's JSON is left out past 7,000 bytes: a notice's payload must stay under 8,000.
    op.execute(
        """
        CREATE OR REPLACE FUNCTION gavel_lot_event_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            lot_event_id text;
            lot_lane_id text;
            carried text;
        BEGIN
            SELECT event_id, lane_id INTO lot_event_id, lot_lane_id FROM lot WHERE id = NEW.lot_id;
            carried := json_build_object(
                'lane', lot_lane_id, 'at', NEW.at, 'kind', NEW.kind, 'payload', NEW.payload
            )::text;
            IF octet_length(carried) > 7000 THEN
                carried := NULL;
            END IF;
            PERFORM pg_notify(
                'gavel_lots',
                lot_event_id || ':' || NEW.lot_id || ':' || NEW.sequence || coalesce(':' || carried, '')
            );
            RETURN NULL;
        END
        $$
        """
    )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        """
        CREATE OR REPLACE FUNCTION gavel_lot_event_notify() RETURNS trigger LANGUAGE plpgsql AS $$
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
