"""Two processes queueing campaigns at once, on a really committing app: each campaign is claimed by one of
them at a time (SKIP LOCKED on PostgreSQL) and every member gets exactly one message."""

import asyncio
import os
from pathlib import Path

import pytest
from sqlalchemy import func, select

from gavel.alerts.campaigns import repository, service
from gavel.alerts.campaigns.service import queue_campaigns
from gavel.alerts.models import AlertMessage
from gavel.config import Settings
from tests.alerts.campaigns.conftest import MORNING, at, create, member, send, sms
from tests.committing import committing_app
from tests.factories import admin_headers


async def test_two_processes_write_every_message_once(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with committing_app(settings, tmp_path) as (app, client):
        admin = await admin_headers(client)
        for n in range(1, 10):
            await member(client, admin, n, promoConsentSms=True, promoConsentEmail=True)
        clock = at(app, MORNING)
        first = await create(client, admin, sms())
        second = await create(client, admin, sms(name="Mail", channel="email", subjectEn="S", subjectAr="ع"))
        await send(client, admin, first["_id"])
        await send(client, admin, second["_id"])
        monkeypatch.setattr(service, "BATCH", 2)
        maker = app.state.sessionmaker

        if os.environ.get("TEST_DATABASE_URL"):
            async with maker() as one, maker() as other:
                claimed = await repository.claim_due(one, clock.now())
                meanwhile = await repository.claim_due(other, clock.now())
                assert claimed is not None and meanwhile is not None
                assert claimed.id != meanwhile.id, "a locked campaign is skipped, not waited for"
                await one.rollback()
                await other.rollback()

        await asyncio.gather(queue_campaigns(maker, clock), queue_campaigns(maker, clock))
        async with maker() as session:
            rows = (
                await session.execute(
                    select(
                        AlertMessage.campaign_id, func.count(), func.count(AlertMessage.member_id.distinct())
                    )
                    .where(AlertMessage.campaign_id.is_not(None))
                    .group_by(AlertMessage.campaign_id)
                )
            ).all()
        assert sorted((c, n, d) for c, n, d in rows) == sorted([(first["_id"], 9, 9), (second["_id"], 9, 9)])
