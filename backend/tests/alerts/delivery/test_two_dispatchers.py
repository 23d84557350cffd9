"""Two dispatchers at once over 1,000 messages, each with its own connections to a database of its own
(committed rows, as two processes see them): every message is sent exactly once. On PostgreSQL they claim
with FOR UPDATE SKIP LOCKED and both do part of the work; on SQLite their claims take turns."""

import asyncio
import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import func, select

from gavel.alerts.delivery.dispatcher import Dispatcher
from gavel.alerts.models import AlertMessage
from gavel.config import Settings
from gavel.core.clock import ShiftedClock
from gavel.db import make_engine, make_sessionmaker
from tests.alerts.delivery.conftest import T0, outbox_message
from tests.alerts.delivery.fakes import FakeTwilio
from tests.conftest import migrated_database

COUNT = 1000


@pytest.fixture
def own_database(tmp_path: Path) -> Iterator[str]:
    with migrated_database(tmp_path) as url:
        yield url


async def test_two_dispatchers_never_send_the_same_message(
    own_database: str, providers: Settings, twilio: FakeTwilio
) -> None:
    settings = providers.model_copy(
        update={"dispatch_batch": 50, "dispatch_concurrency": 10, "dispatch_lanes": 2}
    )
    engines = [make_engine(own_database) for _ in range(3)]
    try:
        async with make_sessionmaker(engines[0])() as session:
            session.add_all([outbox_message("sms", n, T0) for n in range(1, COUNT + 1)])
            await session.commit()
        clock = ShiftedClock()
        clock.move_to(T0)
        first, second = (
            Dispatcher(make_sessionmaker(engine), clock, settings, name=name)
            for engine, name in ((engines[1], "first"), (engines[2], "second"))
        )
        try:
            handled = await asyncio.gather(first.run_once(), second.run_once())
        finally:
            await first.aclose()
            await second.aclose()
        assert sum(handled) == COUNT
        if os.environ.get("TEST_DATABASE_URL"):
            assert min(handled) > 0, f"both dispatchers took part: {handled}"
        sent = Counter(parse_qs(urlsplit(r["form"]["StatusCallback"]).query)["m"][0] for r in twilio.requests)
        assert len(sent) == COUNT and set(sent.values()) == {1}, "each message sent exactly once"
        async with make_sessionmaker(engines[0])() as session:
            statuses = (
                await session.execute(select(AlertMessage.status, func.count()).group_by(AlertMessage.status))
            ).all()
            claimed_by = (await session.scalars(select(AlertMessage.claimed_by))).all()
        claims = Counter(by.split("/")[0] for by in claimed_by if by)
        assert dict(statuses) == {"sent": COUNT}
        assert sum(claims.values()) == COUNT and set(claims) <= {"first", "second"}
    finally:
        for engine in engines:
            await engine.dispose()
