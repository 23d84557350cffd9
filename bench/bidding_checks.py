"""Issue 25: what the bidding benches check in the database afterwards.

- `missing_acknowledged`: every bid answered 200 (or accepted by the service) has its accepted row in the bid
  log: an absentee maximum by (lot, member, maximum), a floor bid by (lot, amount), both rows as entered.
- `two_winners`: lots with more than one 'closed' event, and vehicles with more than one purchase invoice.
- `replay_all`: every lot's bid log replayed through the rules (`gavel.bidding.replay`) equals the stored lot,
  and its events and log rows are numbered 1..n without gaps.
- `close_timing`: for every lot a lane closed, the 'closed' event's time minus the clock end it closed on (the
  last clockEndsAt of its 'opened', 'bid' and 'resumed' events before it; the app's clock).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import psycopg
from bidding_load import Sent


def _conn(url: str) -> psycopg.Connection[Any]:
    return psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"))


def missing_acknowledged(url: str, bids: list[Sent]) -> list[Sent]:
    acknowledged = [b for b in bids if b.status in (200, "accepted")]
    with _conn(url) as conn:
        rows = conn.execute(
            "SELECT lot_id, source, bidder_id, amount, maximum FROM lot_bid "
            "WHERE accepted AND NOT automatic AND NOT withdrawal"
        ).fetchall()
    floor = {(lot, Decimal(amount)) for lot, source, _, amount, _ in rows if source == "floor"}
    maxima = {
        (lot, bidder, Decimal(maximum)) for lot, source, bidder, _, maximum in rows if source != "floor"
    }
    missing = []
    for bid in acknowledged:
        key_found = (
            (bid.lot, bid.amount) in floor
            if bid.kind == "floor"
            else (bid.lot, bid.member, bid.amount) in maxima
        )
        if not key_found:
            missing.append(bid)
    return missing


def stored_anyway(url: str, bids: list[Sent]) -> int:
    """Of the bids whose outcome the client never learnt (dropped, timeout, 5xx), how many are in the log."""
    unknown = [b for b in bids if not isinstance(b.status, int) or b.status >= 500]
    if not unknown:
        return 0
    return len(unknown) - len(missing_acknowledged(url, [_as_acknowledged(b) for b in unknown]))


def _as_acknowledged(bid: Sent) -> Sent:
    return Sent(bid.lot, bid.kind, bid.member, bid.amount, bid.scheduled, status=200)


def two_winners(url: str) -> tuple[list[str], list[str]]:
    with _conn(url) as conn:
        lots = conn.execute(
            "SELECT lot_id FROM lot_event WHERE kind = 'closed' GROUP BY lot_id HAVING count(*) > 1"
        ).fetchall()
        vehicles = conn.execute(
            "SELECT vehicle_id FROM invoice WHERE kind = 'invoice' AND vehicle_id IS NOT NULL "
            "GROUP BY vehicle_id HAVING count(DISTINCT id) > 1"
        ).fetchall()
    return [r[0] for r in lots], [r[0] for r in vehicles]


async def replay_all(url: str) -> tuple[int, list[str]]:
    """How many lots were replayed, and a sentence for each that does not equal its log."""
    from sqlalchemy import select

    from gavel.bidding import repository
    from gavel.bidding.models import LotRow
    from gavel.bidding.replay import ReplayMismatch, replay
    from gavel.db import make_engine, make_sessionmaker

    engine = make_engine(url)
    wrong: list[str] = []
    try:
        async with make_sessionmaker(engine)() as session:
            ids = list((await session.execute(select(LotRow.id))).scalars())
            for lot_id in ids:
                row = await repository.lot_by_id(session, lot_id)
                assert row is not None
                lot = repository.engine_lot(row, await repository.maxima_of(session, lot_id))
                log = await repository.log_of(session, lot_id)
                try:
                    again = replay(lot.opening_price, lot.increments, log, state=lot.state)
                except ReplayMismatch as mismatch:
                    wrong.append(f"{lot_id}: {mismatch}")
                    continue
                if again != lot:
                    wrong.append(f"{lot_id}: replayed {again} but stored {lot}")
                events = [e.sequence for e in await repository.events_after(session, lot_id, 0)]
                if events != list(range(1, row.last_event_sequence + 1)):
                    wrong.append(f"{lot_id}: events numbered {events[:5]}... of {row.last_event_sequence}")
                if [r.sequence for r in log] != list(range(1, row.last_bid_sequence + 1)):
                    wrong.append(f"{lot_id}: bid log rows not numbered 1..{row.last_bid_sequence}")
    finally:
        await engine.dispose()
    return len(ids), wrong


def _moment(value: Any) -> datetime:
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


@dataclass
class Closing:
    lot_id: str
    event_id: str
    clock_end: datetime
    closed_at: datetime  # the 'closed' event's time (the app's clock)
    sequence: int
    result: str | None
    bids_after_open: int
    committed: float | None = None  # the close's commit (epoch seconds; None without track_commit_timestamp)

    @property
    def late_ms(self) -> float:
        return (self.closed_at - self.clock_end).total_seconds() * 1000

    @property
    def committed_late_ms(self) -> float | None:
        if self.committed is None:
            return None
        return (self.committed - self.clock_end.timestamp()) * 1000


@dataclass
class Lots:
    closings: list[Closing] = field(default_factory=list)
    unclosed: list[str] = field(default_factory=list)


def close_timing(url: str, event_ids: list[str]) -> Lots:
    found = Lots()
    with _conn(url) as conn:
        rows = conn.execute(
            "SELECT l.id, l.event_id, e.sequence, e.kind, e.at, e.payload, "
            "extract(epoch FROM pg_xact_commit_timestamp(e.xmin)) FROM lot l "
            "JOIN lot_event e ON e.lot_id = l.id WHERE l.event_id = ANY(%s) ORDER BY l.id, e.sequence",
            (event_ids,),
        ).fetchall()
    by_lot: dict[str, list[Any]] = defaultdict(list)
    for row in rows:
        by_lot[row[0]].append(row)
    for lot_id, events in by_lot.items():
        clock_end: datetime | None = None
        bids = 0
        closed = None
        for _, event_id, sequence, kind, at, payload, committed in events:
            if kind in ("opened", "bid", "resumed") and (payload or {}).get("clockEndsAt"):
                clock_end = _moment(payload["clockEndsAt"])
                bids += kind == "bid"
            elif kind == "paused":
                clock_end = None
            elif kind == "closed" and closed is None and clock_end is not None:
                closed = Closing(
                    lot_id,
                    event_id,
                    clock_end,
                    _moment(at),
                    sequence,
                    (payload or {}).get("result"),
                    bids,
                    float(committed) if committed is not None else None,
                )
        if closed is not None:
            found.closings.append(closed)
        elif any(e[3] == "opened" for e in events):
            found.unclosed.append(lot_id)
    return found
