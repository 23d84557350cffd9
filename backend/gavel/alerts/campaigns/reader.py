"""Reading a campaign's recipients one batch ahead: while one batch of messages is written, the next batch's
recipients are read on a connection of their own (PostgreSQL), so that the database reads while it writes
and the writer never waits for a read (bench/README.md, issue 14).

A batch read ahead is used only if the campaign's cursor is still where the read started (the batch before
it committed, and no other process moved the campaign on); otherwise it is dropped and read again. The
unique (campaign_id, member_id) stands guard as ever."""

import asyncio
import contextlib
import logging
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from gavel.alerts.campaigns import repository
from gavel.alerts.campaigns.schemas import CampaignAudience
from gavel.alerts.catalog import Channel
from gavel.alerts.models import AlertCampaign

log = logging.getLogger("gavel.alerts.campaigns")


class RecipientReader:
    def __init__(self, maker: async_sessionmaker[AsyncSession], size: int) -> None:
        self.maker = maker
        self.size = size
        self.ahead = _has_connections_to_spare(maker)
        self._next: dict[str, tuple[str | None, asyncio.Task[list[Any]]]] = {}

    async def batch(self, session: AsyncSession, campaign: AlertCampaign) -> list[Any]:
        """The recipients after the campaign's cursor: the batch read ahead when it starts there."""
        found = self._next.pop(campaign.id, None)
        if found is not None:
            after, task = found
            if after == campaign.cursor:
                try:
                    return await task
                except Exception:
                    log.warning("reading a campaign's recipients ahead failed; read again", exc_info=True)
            else:
                await _cancelled(task)
        channel, audience = _target(campaign)
        return await repository.recipients_after(session, channel, audience, campaign.cursor, self.size)

    def read_ahead(self, campaign: AlertCampaign, after: str) -> None:
        """Starts reading the batch after `after` (the last recipient of the batch being written)."""
        if not self.ahead:
            return
        channel, audience = _target(campaign)

        async def read() -> list[Any]:
            async with self.maker() as session:
                return await repository.recipients_after(session, channel, audience, after, self.size)

        self._next[campaign.id] = (after, asyncio.create_task(read()))

    def forget(self, campaign_id: str) -> None:
        """A batch failed: what was read after it is not used."""
        found = self._next.pop(campaign_id, None)
        if found is not None:
            found[1].cancel()

    async def aclose(self) -> None:
        for _, task in self._next.values():
            await _cancelled(task)
        self._next.clear()


def _has_connections_to_spare(maker: async_sessionmaker[AsyncSession]) -> bool:
    """Reading ahead needs a second connection: PostgreSQL through an engine's pool. SQLite writes through
    one connection, and a sessionmaker bound to one connection (the tests' rolled-back transaction) has no
    other."""
    bind = maker.kw.get("bind")
    return isinstance(bind, AsyncEngine) and bind.dialect.name == "postgresql"


def _target(campaign: AlertCampaign) -> tuple[Channel, CampaignAudience]:
    return Channel(campaign.channel), CampaignAudience.model_validate(campaign.audience or {})


async def _cancelled(task: asyncio.Task[list[Any]]) -> None:
    task.cancel()
    with contextlib.suppress(BaseException):
        await task
