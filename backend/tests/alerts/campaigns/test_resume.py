"""Queueing resumes from the campaign's cursor after a failed batch (the database gone, the process killed):
every consenting member gets exactly one message, whatever batch was lost."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.campaigns import repository, service
from gavel.alerts.models import AlertCampaign, AlertMessage
from tests.alerts.campaigns.conftest import MORNING, at, campaign, create, member, run_job, send, sms


async def test_a_failure_in_the_middle_loses_the_batch_and_the_next_run_resumes_from_the_cursor(
    app: Any,
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    people = [await member(client, admin, n, promoConsentSms=True) for n in range(1, 8)]
    clock = at(app, MORNING)
    draft = await create(client, admin, sms())
    await send(client, admin, draft["_id"])
    monkeypatch.setattr(service, "BATCH", 2)

    write = repository.write_messages
    calls = 0

    async def crashing(session: AsyncSession, columns: Any, rows: list[Any]) -> None:
        nonlocal calls
        calls += 1
        await write(session, columns, rows)
        if calls == 3:
            raise RuntimeError("the database went away")

    monkeypatch.setattr(repository, "write_messages", crashing)
    assert await run_job(db, clock) == 4, "two batches committed, the third rolled back and left for later"
    async with db() as session:
        written = await session.scalar(select(func.count()).where(AlertMessage.campaign_id == draft["_id"]))
        stored = await session.get(AlertCampaign, draft["_id"])
        assert stored is not None
        assert (written, stored.queued_count, stored.status) == (4, 4, "queueing")
        assert stored.cursor == sorted(p["_id"] for p in people)[3], "the last member of the committed batch"

    monkeypatch.setattr(repository, "write_messages", write)
    assert await run_job(db, clock) == 3
    async with db() as session:
        members = list(
            await session.scalars(
                select(AlertMessage.member_id).where(AlertMessage.campaign_id == draft["_id"])
            )
        )
    assert sorted(members) == sorted(p["_id"] for p in people)
    found = await campaign(client, admin, draft["_id"])
    assert (found["status"], found["queuedCount"], found["results"]["written"]) == ("sending", 7, 7)
