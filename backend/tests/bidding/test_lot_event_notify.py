"""A lot event's notice: on PostgreSQL the insert of its row sends it (lot_event's trigger, migrations 0041
and 0042), with the commit and never after a rollback, carrying the event as the table holds it unless it is
too large; on SQLite the outbox hands it to the process's hubs after the commit."""

import asyncio
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy import delete, insert, make_url

from gavel.bidding import service
from gavel.bidding.live import messages, outbox
from gavel.bidding.live.repository import events_after_each
from gavel.bidding.models import LotEvent
from gavel.config import Settings
from gavel.db import new_id
from tests.bidding.live_harness import live_sale
from tests.bidding.test_lot_service import NOW


class Heard:
    """What a hub of this process is handed (SQLite's way)."""

    def __init__(self) -> None:
        self.notices: list[outbox.Notice] = []

    def post(self, notices: list[outbox.Notice]) -> None:
        self.notices.extend(notices)


async def _notices(listener: psycopg.AsyncConnection[Any]) -> list[str]:
    """The lot notices delivered to the LISTEN connection so far."""
    heard: list[str] = []
    gen = listener.notifies(timeout=0.5)
    async for notify in gen:
        heard.append(notify.payload)
    return heard


async def test_a_lot_events_notice_goes_with_the_commit_and_never_after_a_rollback(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        (lot,) = await s.lots()
        engine = live.app.state.engine
        postgres = engine.dialect.name == "postgresql"
        heard = Heard()
        key = outbox.database_key(engine)
        outbox.register(key, heard)
        listener: psycopg.AsyncConnection[Any] | None = None
        try:
            if postgres:
                url = make_url(engine.url.render_as_string(hide_password=False)).set(drivername="postgresql")
                listener = await psycopg.AsyncConnection.connect(
                    url.render_as_string(hide_password=False), autocommit=True
                )
                await listener.execute(f"LISTEN {outbox.LOTS_CHANNEL}")

            async with s.sessions() as session:  # opened, then rolled back: nobody hears of it
                await service.open_lot(session, lot.id, NOW)
                await session.rollback()
            opened = await s.opened(lot.id)

            expected = f"{s.event_id}:{lot.id}:1"
            assert opened.last_event_sequence == 1
            if listener is not None:
                (notice,) = await asyncio.wait_for(_notices(listener), 5)
                assert notice.startswith(f"{expected}:{{")  # the event itself after the name
                assert heard.notices == []  # PostgreSQL's way only: the hubs hear it through their LISTEN
            else:
                assert [notice.payload for notice in heard.notices] == [expected]
        finally:
            outbox.unregister(key, heard)
            if listener is not None:
                await listener.close()


async def test_the_notice_carries_the_event_as_the_table_holds_it_unless_it_is_too_large(
    settings: Settings, tmp_path: Path
) -> None:
    """What a hub hands out from a notice is, to the byte, what it would have read from the table."""
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        engine = live.app.state.engine
        (lot,) = await s.lots()
        if engine.dialect.name != "postgresql":  # no NOTIFY: the notices name the events, the hub reads them
            heard = Heard()
            outbox.register(outbox.database_key(engine), heard)
            try:
                await s.opened(lot.id)
                await s.bid(lot.id, s.floor(15000))
            finally:
                outbox.unregister(outbox.database_key(engine), heard)
            lot_notices = [n for n in heard.notices if isinstance(n, outbox.LotNotice)]
            assert [(n.sequence, n.carried) for n in lot_notices] == [(1, None), (2, None)]
            return
        url = make_url(engine.url.render_as_string(hide_password=False)).set(drivername="postgresql")
        async with await psycopg.AsyncConnection.connect(
            url.render_as_string(hide_password=False), autocommit=True
        ) as listener:
            await listener.execute(f"LISTEN {outbox.LOTS_CHANNEL}")
            await s.opened(lot.id)
            await s.bid(lot.id, s.floor(15000))
            await s.bid(lot.id, s.absentee(s.buyers[0], 17000))
            async with s.sessions() as session:  # an event too large to carry (a notice holds 8,000 bytes)
                large = {"note": "x" * 9000}
                row = {"id": new_id(), "lot_id": lot.id, "sequence": 4, "at": NOW, "kind": "note"}
                await session.execute(insert(LotEvent).values(**row, payload=large))
                await session.commit()
            notices = [outbox.parse_lot(text) for text in await asyncio.wait_for(_notices(listener), 5)]
            async with s.sessions() as session:  # made up for the notice: no move of the lot wrote it
                await session.execute(delete(LotEvent).where(LotEvent.id == row["id"]))
                await session.commit()

        async with s.sessions() as session:
            table = await events_after_each(session, {lot.id: 0})
        assert len(table) == 3
        assert [n.sequence for n in notices if n is not None] == [1, 2, 3, 4]
        carried = [n.carried for n in notices if n is not None]
        assert carried[3] is None  # named only: the hub reads it
        assert [messages.lot_event(e) for e in carried[:3] if e is not None] == [
            messages.lot_event(e) for e in table[:3]
        ]
        assert [e.payload["price"] for e in carried[1:3] if e is not None] == ["15000.00", "15500.00"]
