"""A lot event's notice: on PostgreSQL the insert of its row sends it (lot_event's trigger, migration 0041),
with the commit and never after a rollback; on SQLite the outbox hands it to the process's hubs after the
commit."""

import asyncio
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy import make_url

from gavel.bidding import service
from gavel.bidding.live import outbox
from gavel.config import Settings
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
                assert await asyncio.wait_for(_notices(listener), 5) == [expected]
                assert heard.notices == []  # PostgreSQL's way only: the hubs hear it through their LISTEN
            else:
                assert [notice.payload for notice in heard.notices] == [expected]
        finally:
            outbox.unregister(key, heard)
            if listener is not None:
                await listener.close()
