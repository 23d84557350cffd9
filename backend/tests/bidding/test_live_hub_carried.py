"""The hub hands out a lot's events straight from their notices when the notices carry them (PostgreSQL's
trigger, migration 0042) and they follow the last event it handed out; anything else (a gap, a notice without
its event, a notice that does not read) is read from the table, the truth."""

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import create_async_engine

from gavel.bidding.live import broadcaster, messages, outbox
from gavel.bidding.live.outbox import LotNotice
from gavel.bidding.live.repository import StoredEvent
from gavel.core.clock import SystemClock

AT = datetime(2031, 5, 1, 13, 0, 5, tzinfo=UTC)


def event(sequence: int, lot_id: str = "lot-1") -> StoredEvent:
    return StoredEvent(lot_id, sequence, AT, "bid", {"price": f"{15000 + sequence}.00"}, "event-1", "lane-1")


def carried(sequence: int, lot_id: str = "lot-1") -> LotNotice:
    return LotNotice("event-1", lot_id, sequence, event(sequence, lot_id))


class Watcher:
    event_id = "event-1"
    lane_id = None

    def __init__(self) -> None:
        self.handed: list[list[broadcaster.LotText]] = []

    async def offer_all(self, events: list[broadcaster.LotText]) -> None:
        self.handed.append(events)

    def tell(self, text: str) -> None:
        raise AssertionError(f"nothing is told here: {text}")


class Table:
    """The lot events table as the hub reads it (`events_after_each`): the reads asked, the rows kept."""

    def __init__(self, rows: list[StoredEvent]) -> None:
        self.rows = rows
        self.reads: list[dict[str, int]] = []

    async def after_each(self, session: Any, after: dict[str, int], **kwargs: Any) -> list[StoredEvent]:
        self.reads.append(dict(after))
        return [r for r in self.rows if r.lot_id in after and r.sequence > after[r.lot_id]]


@pytest.fixture
async def hub() -> AsyncIterator[broadcaster.Hub]:
    engine = create_async_engine("sqlite+aiosqlite://")  # never connected: the table is the test's
    yield broadcaster.Hub(engine, _no_sessions, SystemClock())  # type: ignore[arg-type]
    await engine.dispose()


class _NoSession:
    async def __aenter__(self) -> None:
        return None

    async def __aexit__(self, *exc: object) -> None:
        return None


def _no_sessions() -> _NoSession:
    return _NoSession()


async def handed_out(hub: broadcaster.Hub, notices: list[LotNotice]) -> None:
    """One batch of the hub's loop, as `run` makes it of the notices taken."""
    hub.take(notices)
    lots, hub._lots = hub._lots, {}
    batch, hub._carried = hub._carried, {}
    await hub._hand_out(lots, batch)


async def test_events_carried_in_order_after_the_last_are_handed_out_without_a_read(
    hub: broadcaster.Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table([event(1), event(2), event(3)])
    monkeypatch.setattr(broadcaster, "events_after_each", table.after_each)
    socket = Watcher()
    hub.join(socket)

    await handed_out(hub, [carried(1)])
    await handed_out(hub, [carried(3), carried(2)])  # two notices of one batch, in any order

    assert table.reads == []
    texts = [text for events in socket.handed for _, _, text in events]
    assert texts == [messages.lot_event(event(n)) for n in (1, 2, 3)]
    assert [[(lot, n) for lot, n, _ in events] for events in socket.handed] == [
        [("lot-1", 1)],
        [("lot-1", 2), ("lot-1", 3)],
    ]


async def test_a_gap_or_a_notice_without_its_event_is_read_from_the_table(
    hub: broadcaster.Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table([event(1), event(2), event(3), event(1, "lot-2"), event(2, "lot-2")])
    monkeypatch.setattr(broadcaster, "events_after_each", table.after_each)
    socket = Watcher()
    hub.join(socket)
    await handed_out(hub, [carried(1), carried(1, "lot-2")])

    # lot-1: event 2's notice was lost, 3 carried (a gap); lot-2: a notice that named its event only.
    await handed_out(hub, [carried(3), LotNotice("event-1", "lot-2", 2)])

    assert table.reads == [{"lot-1": 1, "lot-2": 1}]
    assert [(lot, n) for lot, n, _ in socket.handed[-1]] == [("lot-1", 2), ("lot-1", 3), ("lot-2", 2)]


async def test_a_carried_event_handed_out_already_is_not_handed_out_again(
    hub: broadcaster.Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table([event(1)])
    monkeypatch.setattr(broadcaster, "events_after_each", table.after_each)
    socket = Watcher()
    hub.join(socket)
    await handed_out(hub, [carried(1)])
    await handed_out(hub, [carried(1)])  # the same notice twice (a sweep, a repeat)
    assert [[n for _, n, _ in events] for events in socket.handed] == [[1]]
    assert table.reads == []


def test_a_notice_reads_with_its_event_and_without_one() -> None:
    text = '{"lane": "lane-1", "at": "2031-05-01T17:00:05.25+04:00", "kind": "b", "payload": {"price": "1"}}'
    notice = outbox.parse_lot(f"event-1:lot-1:7:{text}")
    assert notice == LotNotice("event-1", "lot-1", 7)
    assert notice is not None and notice.carried == StoredEvent(
        "lot-1",
        7,
        datetime(2031, 5, 1, 13, 0, 5, 250000, tzinfo=UTC),
        "b",
        {"price": "1"},
        "event-1",
        "lane-1",
    )
    plain = outbox.parse_lot("event-1:lot-1:7")
    assert plain is not None and plain.carried is None
    for broken in ('{"lane": "lane-1"}', "not json", '{"lane": 1, "at": "2031-05-01T13:00:00+00:00"}', "[]"):
        notice = outbox.parse_lot(f"event-1:lot-1:7:{broken}")
        assert notice == LotNotice("event-1", "lot-1", 7) and notice.carried is None
