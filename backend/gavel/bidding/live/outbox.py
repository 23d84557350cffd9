"""What a transaction tells watchers, and only once it commits.

`writes_repository.LotWrites.event` and `broadcaster.lane_changed` put a notice in the session's `info`; the
session's hooks below send the notices:

- on PostgreSQL, as `pg_notify` in the same transaction: PostgreSQL delivers them to every listening process
  on commit and drops them on rollback (`listener` hears them). A lot event's notice is sent by the database
  itself, by a trigger on the insert of its row (migration 0041: one round trip fewer while the lot's row is
  locked); a lane's, by a statement just before the commit;
- on SQLite (one process), after the commit, to this process's hubs of the same database, in memory.

A notice names what changed (`<eventId>:<lotId>:<sequence>`). On PostgreSQL the trigger's notice also carries
the event itself (`<eventId>:<lotId>:<sequence>:<JSON of its lane, time, kind and payload>`, migration 0042,
when it fits in a notice): the hub hands out a lot's events straight from their notices when they follow the
last one it handed out, and reads the lot events table, the truth, for anything else (a notice lost, a gap,
an event too large to carry), so that a notice lost or duplicated costs nothing but a read.
"""

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import event, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session, SessionTransaction

from gavel.bidding.live.repository import StoredEvent

LOTS_CHANNEL = "gavel_lots"
LANES_CHANNEL = "gavel_lanes"
PRESENCE_CHANNEL = "gavel_presence"

_PENDING = "gavel_live_notices"


@dataclass(frozen=True)
class LotNotice:
    event_id: str
    lot_id: str
    sequence: int
    # The event as its notice carried it (PostgreSQL's trigger), or None: the hub reads it from the table.
    carried: StoredEvent | None = field(default=None, compare=False)

    @property
    def payload(self) -> str:
        return f"{self.event_id}:{self.lot_id}:{self.sequence}"


@dataclass(frozen=True)
class LaneNotice:
    event_id: str
    lane_id: str
    state: str

    @property
    def payload(self) -> str:
        return f"{self.event_id}:{self.lane_id}:{self.state}"


Notice = LotNotice | LaneNotice


def parse_lot(payload: str) -> LotNotice | None:
    parts = payload.split(":", 3)
    if len(parts) < 3 or not parts[2].isdigit():
        return None
    event_id, lot_id, sequence = parts[0], parts[1], int(parts[2])
    carried = _carried(event_id, lot_id, sequence, parts[3]) if len(parts) == 4 else None
    return LotNotice(event_id, lot_id, sequence, carried)


def _carried(event_id: str, lot_id: str, sequence: int, text: str) -> StoredEvent | None:
    """The event a trigger's notice carries; None if it does not read as one (the hub reads the table)."""
    try:
        fields = json.loads(text)
        at = datetime.fromisoformat(fields["at"])
        lane_id, kind, payload = fields["lane"], fields["kind"], fields["payload"]
    except (ValueError, TypeError, KeyError):
        return None
    if at.tzinfo is None or not isinstance(lane_id, str) or not isinstance(kind, str):
        return None
    if not isinstance(payload, dict):
        return None
    return StoredEvent(lot_id, sequence, at, kind, payload, event_id, lane_id)


def parse_lane(payload: str) -> LaneNotice | None:
    parts = payload.split(":")
    return LaneNotice(parts[0], parts[1], parts[2]) if len(parts) == 3 else None


class LocalHub(Protocol):
    """What the outbox hands a notice to in this process (broadcaster.Hub)."""

    def post(self, notices: list[Notice]) -> None: ...


# This process's hubs by their database (the engine's URL): on SQLite the outbox publishes to them.
_hubs: dict[str, list[LocalHub]] = {}


def database_key(bind: Any) -> str:
    """The database an engine or a connection works on, as the hubs are registered by."""
    return str(bind.engine.url)


def register(key: str, hub: LocalHub) -> None:
    _hubs.setdefault(key, []).append(hub)


def unregister(key: str, hub: LocalHub) -> None:
    hubs = _hubs.get(key, [])
    if hub in hubs:
        hubs.remove(hub)
    if not hubs:
        _hubs.pop(key, None)


def hubs_of(key: str) -> list[LocalHub]:
    return list(_hubs.get(key, ()))


@dataclass
class _Pending:
    postgres: bool
    key: str
    notices: list[Notice]


def record(session: AsyncSession | Session, notice: Notice) -> None:
    """The notice, sent when the session's transaction commits (never when it rolls back)."""
    sync = session.sync_session if isinstance(session, AsyncSession) else session
    pending: _Pending | None = sync.info.get(_PENDING)
    if pending is None:
        bind = sync.get_bind()
        pending = _Pending(bind.dialect.name == "postgresql", database_key(bind), [])
        sync.info[_PENDING] = pending
    if pending.postgres and isinstance(notice, LotNotice):
        return  # lot_event's trigger sent it with the insert of the event's row
    pending.notices.append(notice)


@event.listens_for(Session, "before_commit")
def _notify_in_the_transaction(session: Session) -> None:
    pending: _Pending | None = session.info.get(_PENDING)
    if pending is None or not pending.postgres:
        return
    session.info.pop(_PENDING)
    # One statement per notice (lanes' only: lot notices are sent by lot_event's trigger): PostgreSQL sends
    # them with the commit, in this order, and never if the commit fails.
    for notice in pending.notices:
        session.execute(select(func.pg_notify(LANES_CHANNEL, notice.payload)))


@event.listens_for(Session, "after_commit")
def _publish_after_commit(session: Session) -> None:
    pending: _Pending | None = session.info.pop(_PENDING, None)
    if pending is None or pending.postgres:
        return
    for hub in hubs_of(pending.key):
        hub.post(pending.notices)


@event.listens_for(Session, "after_soft_rollback")
def _forget_on_rollback(session: Session, previous_transaction: SessionTransaction) -> None:
    # A savepoint rolled back keeps the notices: one naming a row that was never written reads nothing.
    if not previous_transaction.nested:
        session.info.pop(_PENDING, None)
