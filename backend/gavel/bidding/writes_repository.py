"""What a move writes to its lot (a bid's or a withdrawn maximum's log rows and the maxima that changed; for
every move, opening, closing, a pause, an approval's step, the lot's row and its numbered event), gathered and
then sent together (`gavel.db.execute_together`): on PostgreSQL one round trip where the unit of work made
four or five, each of them under the lot's lock, holding up the bids queued behind it (bench/README.md,
run 7). Every move of a lot numbers its events here and nowhere else.

The lot's row read under the lock is kept in step in the session as each change is gathered (its committed
values set, so that no flush writes them again); a failure rolls the transaction back, which expires it. The
maxima are read as plain values (`repository.StoredMaximum`), not kept in the session."""

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, update
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
from gavel.db import execute_together, new_id, utcnow


class LotWrites:
    """One move's writes to the lot `row`, which the transaction holds locked."""

    def __init__(self, session: AsyncSession, row: LotRow) -> None:
        self._session = session
        self.row = row
        self._lot: dict[str, Any] = {}
        self._log: list[dict[str, Any]] = []
        self._maxima: list[UpdateBase] = []
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
                row = {"id": new_id(), "lot_id": self.row.id, "bidder_id": held.bidder, **values}
                self._maxima.append(insert(LotMaximum).values(row))
            elif any(getattr(found, key) != value for key, value in values.items()):
                self._maxima.append(update(LotMaximum).where(LotMaximum.id == found.id).values(values))
        if kept:
            gone = [maximum.id for maximum in kept.values()]
            self._maxima.append(delete(LotMaximum).where(LotMaximum.id.in_(gone)))

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
        statements: list[UpdateBase] = []
        # A row per INSERT: SQLAlchemy compiles a statement of many VALUES rows anew each time (no cache key).
        statements.extend(insert(LotBid).values(row) for row in self._log)
        statements.extend(self._maxima)
        statements.extend(insert(LotEvent).values(row) for row in self._events)
        if self._lot:
            self.set(updated_at=utcnow())
            statements.append(update(LotRow).where(LotRow.id == self.row.id).values(self._lot))
        await execute_together(self._session, statements)
