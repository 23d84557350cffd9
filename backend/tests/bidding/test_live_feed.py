"""The live feed on one app: a committed lot event reaches the event's sockets, a rolled-back one never does,
a resync answers exactly the missing events, lanes' wake-ups go out after commit, and the watchers are
counted per event and per lane."""

import json
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest

from gavel.bidding import service
from gavel.bidding.live import broadcaster, presence
from gavel.bidding.models import LotRow
from gavel.config import Settings
from tests.bidding.live_harness import live_sale, received, served, watching
from tests.bidding.test_lot_service import NOW


async def test_a_committed_bid_reaches_the_socket_and_a_rolled_back_one_never_does(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        (lot,) = await s.lots()
        async with served(live.app) as base, watching(base, s.event_id, live.token) as ws:
            await s.opened(lot.id)
            opened = await received(ws)
            assert opened == {
                "type": "lot_event",
                "lotId": lot.id,
                "eventId": s.event_id,
                "laneId": lot.lane_id,
                "sequence": 1,
                "at": "2031-05-01T13:00:00Z",
                "kind": "opened",
                "payload": opened["payload"],
            }
            async with s.sessions() as session:  # a bid whose transaction rolls back
                await service.place_bid(session, lot.id, s.floor(15000), NOW)
                await session.rollback()
            await s.bid(lot.id, s.absentee(s.buyers[0], 16000))
            bid = await received(ws)
            assert (bid["kind"], bid["sequence"]) == ("bid", 2)
            assert (bid["payload"]["leaderSource"], bid["payload"]["price"]) == ("absentee", "15000.00")


async def test_a_resync_answers_exactly_the_events_after_the_number_given_and_then_the_feed_goes_on(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path, cars=2) as live:
        s = live.sale
        first, second = await s.lots()
        await s.opened(first.id)
        await s.bid(first.id, s.floor(15000))
        await s.bid(first.id, s.absentee(s.buyers[0], 17000))  # events 1 to 3, before the socket
        async with served(live.app) as base, watching(base, s.event_id, live.token) as ws:
            await ws.send(json.dumps({"type": "resync", "lots": {first.id: 1, second.id: 0}}))
            missed = [await received(ws), await received(ws)]
            assert [(m["lotId"], m["sequence"], m["kind"]) for m in missed] == [
                (first.id, 2, "bid"),
                (first.id, 3, "bid"),
            ]
            await s.bid(first.id, s.floor(16500))  # the proxy answers: one more event, number 4
            assert [(m["lotId"], m["sequence"]) for m in [await received(ws)]] == [(first.id, 4)]

            # A resync asking again from 2 sends 3 and 4 again, in order; another event's lot sends nothing.
            await ws.send(json.dumps({"type": "resync", "lots": {first.id: 2, "lot-of-another-event": 0}}))
            again = [await received(ws), await received(ws)]
            assert [m["sequence"] for m in again] == [3, 4]

            whole = "Each lot's last sequence must be a whole number"
            for wrong, sentence in (
                ({"type": "resync"}, 'resync needs "lots": an object of lot ids and the last sequence you '),
                ({"type": "resync", "lots": {first.id: -1}}, whole),
                ({"type": "resync", "lots": {first.id: "3"}}, whole),
            ):
                await ws.send(json.dumps(wrong))
                error = await received(ws)
                assert error["type"] == "error" and error["message"].startswith(sentence), error
            await s.opened(second.id)
            opened = await received(ws)
            assert (opened["type"], opened["lotId"], opened["sequence"]) == ("lot_event", second.id, 1)


async def test_lane_wake_ups_go_out_after_commit_and_watchers_are_counted_per_event_and_lane(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path, buying_powers=()) as live:
        s = live.sale
        (lot,) = await s.lots()
        sessions = live.app.state.sessionmaker
        async with served(live.app) as base, watching(base, s.event_id, live.token) as ws:
            async with sessions() as session:
                assert await presence.watchers(session, s.event_id) == {None: 1}
                assert await presence.watchers(session, "another-event") == {None: 0}
            async with watching(base, s.event_id, live.token) as other:
                await other.send(json.dumps({"type": "watch", "laneId": lot.lane_id}))
                await other.send(json.dumps({"type": "watch", "laneId": "no-such-lane"}))
                assert await received(other) == {
                    "type": "error",
                    "message": "This lane is not in this auction event.",
                }
                async with sessions() as session:
                    assert await presence.watchers(session, s.event_id) == {None: 2, lot.lane_id: 1}

            async with sessions() as session:  # in a transaction that rolls back: never sent
                await session.get(LotRow, lot.id)
                await broadcaster.lane_changed(session, s.event_id, lot.lane_id, "paused")
                await session.rollback()
            async with sessions() as session:  # in the transaction: sent on commit
                await session.get(LotRow, lot.id)
                await broadcaster.lane_changed(session, s.event_id, lot.lane_id, "running")
                await session.commit()
            assert await received(ws) == {"type": "lane", "laneId": lot.lane_id, "state": "running"}
            async with sessions() as session:  # after the commit: sent at once
                await broadcaster.lane_changed(session, s.event_id, lot.lane_id, "finished")
            assert await received(ws) == {"type": "lane", "laneId": lot.lane_id, "state": "finished"}
        async with sessions() as session:
            assert await presence.watchers(session, s.event_id) == {None: 0}


async def test_the_hub_reads_a_lots_new_events_once_for_all_its_sockets(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[dict[str, int]] = []
    read = broadcaster.events_after_each

    async def counted(session: Any, after: Any, **kwargs: Any) -> Any:
        reads.append(dict(after))
        return await read(session, after, **kwargs)

    monkeypatch.setattr(broadcaster, "events_after_each", counted)
    async with live_sale(settings, tmp_path, buying_powers=()) as live:
        s = live.sale
        (lot,) = await s.lots()
        async with served(live.app) as base, AsyncExitStack() as stack:
            opened = [watching(base, s.event_id, live.token) for _ in range(3)]
            sockets = [await stack.enter_async_context(socket) for socket in opened]
            await s.opened(lot.id)
            for ws in sockets:
                assert (await received(ws))["sequence"] == 1
            # On PostgreSQL the notice carries the event (migration 0042): no read at all.
            postgres = live.app.state.engine.dialect.name == "postgresql"
            assert reads == ([] if postgres else [{lot.id: 0}])


async def test_an_event_whose_notice_was_lost_reaches_the_socket_at_the_hubs_next_sweep(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table is the truth: a lot's last event, its notice lost on the way (a NOTIFY never passed on),
    is read at the hub's sweep of the lots it handed out, not only at the lot's next event."""
    monkeypatch.setattr(broadcaster, "SWEEP_SECONDS", 0.2)
    take = broadcaster.Hub.take
    lost: list[int] = []

    def losing_the_second(hub: broadcaster.Hub, notices: Any) -> None:
        kept = []
        for notice in notices:
            if getattr(notice, "sequence", None) == 2 and not lost:
                lost.append(2)
                continue
            kept.append(notice)
        take(hub, kept)

    monkeypatch.setattr(broadcaster.Hub, "take", losing_the_second)
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        (lot,) = await s.lots()
        async with served(live.app) as base, watching(base, s.event_id, live.token) as ws:
            await s.opened(lot.id)
            assert (await received(ws))["sequence"] == 1
            await s.bid(lot.id, s.floor(15000))  # its notice never reaches the hub
            bid = await received(ws)
            assert (bid["lotId"], bid["sequence"], bid["kind"]) == (lot.id, 2, "bid")
            assert lost == [2]
