"""What a move writes to its lot (a bid's or a withdrawn maximum's log rows and the maxima that changed; for
every move, opening, closing, a pause, an approval's step, the lot's row and its numbered event), gathered and
then sent together (`gavel.db.WritesTogether`): on PostgreSQL one round trip where the unit of work made four
or five, each of them under the lot's lock, holding up the bids queued behind it (bench/README.md, run 7).
The statements are built once per shape of move (`_statements`) and sent with each move's values. Every move
of a lot numbers its events here and nowhere else.

The lot's row read under the lock is kept in step in the session as each change is gathered (its committed
values set, so that no flush writes them again); a failure rolls the transaction back, which expires it. The
maxima are read as plain values (`repository.StoredMaximum`), not kept in the session."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import bindparam, delete, insert, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.sql.dml import UpdateBase

from gavel.bidding.bids import LogRow
from gavel.bidding.live import outbox
from gavel.bidding.live.outbox import LotNotice
from gavel.bidding.lot import Lot
from gavel.bidding.models import LotBid, LotEvent, LotMaximum, LotRow
from gavel.bidding.money import to_amount
from gavel.bidding.repository import StoredMaximum
from gavel.db import WritesTogether, new_id, utcnow

_LOG_COLUMNS = (
    "id", "lot_id", "sequence", "at", "source", "bidder_id", "entered_by", "amount", "maximum", "automatic",
    "accepted", "reason", "withdrawal", "note", "recorded_at",
)  # fmt: skip
_MAXIMUM_VALUES = ("amount", "sequence", "source", "at")
_EVENT_COLUMNS = ("id", "lot_id", "sequence", "at", "kind", "payload")


@dataclass(frozen=True)
class _Shape:
    """What a move writes, counted: moves of one shape send one statement, built once (`_statements`)."""

    log: int
    maxima_inserted: int
    maxima_updated: int
    maxima_deleted: bool
    events: int
    lot: tuple[str, ...]  # the lot's columns set, in order


def _named(prefix: str, columns: Sequence[str]) -> dict[str, Any]:
    return {column: bindparam(f"{prefix}_{column}") for column in columns}


@lru_cache(maxsize=512)
def _statements(shape: _Shape) -> WritesTogether:
    """A shape's statements, with parameters named after their row: `log0_amount`, `max1_sequence`..."""
    statements: list[UpdateBase] = [
        insert(LotBid).values(_named(f"log{n}", _LOG_COLUMNS)) for n in range(shape.log)
    ]
    for n in range(shape.maxima_inserted):
        columns = ("id", "lot_id", "bidder_id", *_MAXIMUM_VALUES)
        statements.append(insert(LotMaximum).values(_named(f"new{n}", columns)))
    for n in range(shape.maxima_updated):
        changed = update(LotMaximum).where(LotMaximum.id == bindparam(f"max{n}_key"))
        statements.append(changed.values(_named(f"max{n}", _MAXIMUM_VALUES)))
    if shape.maxima_deleted:
        statements.append(delete(LotMaximum).where(LotMaximum.id.in_(bindparam("gone_keys", expanding=True))))
    statements.extend(
        insert(LotEvent).values(_named(f"event{n}", _EVENT_COLUMNS)) for n in range(shape.events)
    )
    if shape.lot:
        statements.append(
            update(LotRow).where(LotRow.id == bindparam("lot_key")).values(_named("lot", shape.lot))
        )
    return WritesTogether(statements)


def _params(prefix: str, values: dict[str, Any]) -> dict[str, Any]:
    return {f"{prefix}_{column}": value for column, value in values.items()}


class LotWrites:
    """One move's writes to the lot `row`, which the transaction holds locked."""

    def __init__(self, session: AsyncSession, row: LotRow) -> None:
        self._session = session
        self.row = row
        self._lot: dict[str, Any] = {}
        self._log: list[dict[str, Any]] = []
        self._inserted: list[dict[str, Any]] = []
        self._updated: list[tuple[str, dict[str, Any]]] = []
        self._gone: list[str] = []
        self._events: list[dict[str, Any]] = []

    def set(self, **values: Any) -> None:
        """Columns of the lot's row."""
        for key, value in values.items():
            set_committed_value(self.row, key, value)
        self._lot.update(values)

    def log(self, rows: Sequence[LogRow], *, note: str | None = None) -> None:
        """The rows for the lot's log; `note`, staff's reason, goes with a withdrawal's row."""
        recorded_at = utcnow()
        for row in rows:
            self._log.append(
                {
                    "id": new_id(),
                    "lot_id": self.row.id,
                    "sequence": row.sequence,
                    "at": row.at,
                    "source": row.source.value,
                    "bidder_id": row.bidder,
                    "entered_by": row.entered_by,
                    "amount": to_amount(row.amount),
                    "maximum": to_amount(row.maximum) if row.maximum is not None else None,
                    "automatic": row.automatic,
                    "accepted": row.accepted,
                    "reason": row.reason.value if row.reason is not None else None,
                    "withdrawal": row.withdrawal,
                    "note": note if row.withdrawal else None,
                    "recorded_at": recorded_at,
                }
            )

    def store(self, stored: Sequence[StoredMaximum], lot: Lot) -> None:
        """The engine's lot written back: its state, price, leader and last row, and the maxima that changed
        since `stored` (the lot's maxima as read under its lock)."""
        self.set(
            state=lot.state.value,
            price=to_amount(lot.price) if lot.price is not None else None,
            leader_member_id=lot.leader,
            leader_source=lot.leader_source.value if lot.leader_source is not None else None,
            last_bid_sequence=lot.last_sequence,
        )
        kept = {maximum.bidder_id: maximum for maximum in stored}
        for held in lot.maxima:
            values = {
                "amount": to_amount(held.amount),
                "sequence": held.sequence,
                "source": held.source.value,
                "at": held.at,
            }
            found = kept.pop(held.bidder, None)
            if found is None:
                self._inserted.append(
                    {"id": new_id(), "lot_id": self.row.id, "bidder_id": held.bidder, **values}
                )
            elif any(getattr(found, key) != value for key, value in values.items()):
                self._updated.append((found.id, values))
        self._gone.extend(maximum.id for maximum in kept.values())

    def event(self, kind: str, payload: dict[str, Any], at: datetime) -> int:
        """The lot's next numbered event (numbers follow one another without gaps: the row is held), and its
        notice to watchers, sent with the commit and never on rollback (`live.outbox`). Its number."""
        sequence = self.row.last_event_sequence + 1
        self.set(last_event_sequence=sequence)
        self._events.append(
            {
                "id": new_id(),
                "lot_id": self.row.id,
                "sequence": sequence,
                "at": at,
                "kind": kind,
                "payload": payload,
            }
        )
        outbox.record(self._session, LotNotice(self.row.event_id, self.row.id, sequence))
        return sequence

    async def send(self) -> None:
        if self._lot:
            self.set(updated_at=utcnow())
        shape = _Shape(
            log=len(self._log),
            maxima_inserted=len(self._inserted),
            maxima_updated=len(self._updated),
            maxima_deleted=bool(self._gone),
            events=len(self._events),
            lot=tuple(self._lot),
        )
        params: dict[str, Any] = {
            "lot_key": self.row.id,
            "gone_keys": self._gone,
            **_params("lot", self._lot),
        }
        for n, row in enumerate(self._log):
            params.update(_params(f"log{n}", row))
        for n, row in enumerate(self._inserted):
            params.update(_params(f"new{n}", row))
        for n, (key, values) in enumerate(self._updated):
            params[f"max{n}_key"] = key
            params.update(_params(f"max{n}", values))
        for n, row in enumerate(self._events):
            params.update(_params(f"event{n}", row))
        await _statements(shape).send(self._session, params)
