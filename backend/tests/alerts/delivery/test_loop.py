"""The app's dispatcher loop: a commit that writes messages wakes it at once (no waiting for the poll), and it
keeps running after a failure. It runs here as in the app, as a task with a database of its own."""

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from gavel.alerts.delivery.dispatcher import Dispatcher
from gavel.alerts.models import AlertMessage
from gavel.config import Settings
from gavel.core.clock import SystemClock
from gavel.db import make_engine, make_sessionmaker
from tests.alerts.delivery.conftest import outbox_message
from tests.conftest import migrated_database


@pytest.fixture
def own_database(tmp_path: Path) -> Iterator[str]:
    with migrated_database(tmp_path) as url:
        yield url


async def _status(maker: object, message_id: str, wanted: str) -> str:
    """Waits (up to 10 s of real time) for the background dispatcher to move the message."""
    assert callable(maker)
    for _ in range(1000):
        async with maker() as session:
            status = await session.scalar(select(AlertMessage.status).where(AlertMessage.id == message_id))
        if status == wanted:
            return str(status)
        await asyncio.sleep(0.01)
    return str(status)


Running = tuple[Any, Dispatcher, "asyncio.Task[None]"]


@asynccontextmanager
async def dispatching(url: str, settings: Settings) -> AsyncIterator[Running]:
    """The dispatcher's loop running as in the app, once it has looked for messages, found none and waits:
    the sessions, the dispatcher and its task."""
    engine = make_engine(url)
    maker = make_sessionmaker(engine)
    dispatcher = Dispatcher(maker, SystemClock(), settings)
    loop = asyncio.create_task(dispatcher.run_forever())
    try:
        for _ in range(1000):
            if dispatcher._batches:
                break
            await asyncio.sleep(0.01)
        yield maker, dispatcher, loop
    finally:
        loop.cancel()
        with pytest.raises(asyncio.CancelledError):
            await loop
        await engine.dispose()


async def test_a_commit_that_writes_messages_wakes_the_dispatcher(
    own_database: str, settings: Settings
) -> None:
    idle = settings.model_copy(update={"dispatch_poll_seconds": 3600})  # only a wake-up can deliver in time
    async with dispatching(own_database, idle) as (maker, dispatcher, loop):
        await asyncio.sleep(0.05)
        async with maker() as session:
            written = outbox_message("sms", 1, dispatcher.clock.now())
            session.add(written)
            await session.commit()
        assert await _status(maker, written.id, "delivered") == "delivered"

        async with maker() as session:  # a rolled-back change wakes nobody and sends nothing
            session.add(outbox_message("sms", 2, dispatcher.clock.now()))
            await session.rollback()
        assert loop.done() is False


async def test_the_messages_of_a_burst_of_commits_go_out_in_one_batch(
    own_database: str, settings: Settings
) -> None:
    """An 'outbid' notice with each of many bids a second: the wake-up of the first commit waits
    `dispatch_gather_seconds`, and the commits made meanwhile are claimed with it."""
    gathering = settings.model_copy(update={"dispatch_poll_seconds": 3600, "dispatch_gather_seconds": 2.0})
    async with dispatching(own_database, gathering) as (maker, dispatcher, _):
        written = []
        for n in range(3):  # three commits, each waking the dispatcher
            async with maker() as session:
                message = outbox_message("sms", n + 1, dispatcher.clock.now())
                session.add(message)
                await session.commit()
                written.append(message.id)
        for message_id in written:
            assert await _status(maker, message_id, "delivered") == "delivered"
        async with maker() as session:
            claims = set(
                await session.scalars(select(AlertMessage.claimed_by).where(AlertMessage.id.in_(written)))
            )
        assert len(claims) == 1 and None not in claims, claims
