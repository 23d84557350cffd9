"""Every query of the alerts module."""

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import Select, and_, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from gavel.alerts.catalog import Channel, Event
from gavel.alerts.models import AlertCampaign, AlertMessage, AlertSwitch, AlertTemplate
from gavel.alerts.schemas import MessageQuery
from gavel.core.clock import day_start
from gavel.core.paging import count_of, like_pattern
from gavel.members.search import search_terms

# ------------------------------------------------------------------------------------------ templates


async def event_templates(session: AsyncSession, event: Event) -> list[tuple[AlertTemplate, bool | None]]:
    """The event's template on each channel with its switch (None: no switch row, which counts as on)."""
    stmt = (
        select(AlertTemplate, AlertSwitch.enabled)
        .outerjoin(
            AlertSwitch,
            and_(AlertSwitch.event == AlertTemplate.event, AlertSwitch.channel == AlertTemplate.channel),
        )
        .where(AlertTemplate.event == event.value)
    )
    return [(template, enabled) for template, enabled in (await session.execute(stmt)).all()]


async def templates_of_channel(session: AsyncSession, channel: Channel) -> list[AlertTemplate]:
    stmt = select(AlertTemplate).where(AlertTemplate.channel == channel.value)
    return list((await session.scalars(stmt)).all())


async def template(session: AsyncSession, template_id: str) -> AlertTemplate | None:
    return await session.get(AlertTemplate, template_id)


async def template_named(session: AsyncSession, channel: Channel, name: str) -> AlertTemplate | None:
    """The channel's template with this name, whatever its case (names are unique per channel)."""
    stmt = (
        select(AlertTemplate)
        .where(AlertTemplate.channel == channel.value, func.lower(AlertTemplate.name) == name.lower())
        .limit(1)
    )
    return (await session.scalars(stmt)).first()


async def campaigns_using(
    session: AsyncSession, template_id: str, statuses: Sequence[str]
) -> list[AlertCampaign]:
    """The campaigns in these statuses that use the template, oldest first."""
    stmt = (
        select(AlertCampaign)
        .where(AlertCampaign.template_id == template_id, AlertCampaign.status.in_(list(statuses)))
        .order_by(AlertCampaign.created_at, AlertCampaign.id)
    )
    return list((await session.scalars(stmt)).all())


# ------------------------------------------------------------------------------------------ switches


async def switches(session: AsyncSession) -> list[AlertSwitch]:
    return list((await session.scalars(select(AlertSwitch))).all())


async def switch(session: AsyncSession, event: Event, channel: Channel) -> AlertSwitch | None:
    return await session.get(AlertSwitch, (event.value, channel.value))


# ------------------------------------------------------------------------------------------ messages


def filtered(query: MessageQuery, *, with_status: bool = True) -> Select[Any]:
    """The messages a list asks for; without the status for the counts per status."""
    stmt = select(AlertMessage)
    if query.channel:
        stmt = stmt.where(AlertMessage.channel == query.channel.value)
    if with_status and query.status:
        stmt = stmt.where(AlertMessage.status == query.status.value)
    if query.event:
        stmt = stmt.where(AlertMessage.event == query.event.value)
    if query.member_id:
        stmt = stmt.where(AlertMessage.member_id == query.member_id)
    if query.date_from:
        stmt = stmt.where(AlertMessage.created_at >= day_start(query.date_from))
    if query.date_to:
        stmt = stmt.where(AlertMessage.created_at < day_start(query.date_to + timedelta(days=1)))
    if query.search_term:
        patterns = [like_pattern(t) for t in search_terms(query.search_term)]
        stmt = stmt.where(or_(*(AlertMessage.search_text.like(p, escape="\\") for p in patterns)))
    return stmt


async def page(session: AsyncSession, query: MessageQuery) -> tuple[list[AlertMessage], int]:
    """One page, newest first, and how many messages match."""
    stmt = filtered(query)
    total = await count_of(session, stmt.with_only_columns(AlertMessage.id))
    ordered = stmt.order_by(AlertMessage.created_at.desc(), AlertMessage.id.desc())
    rows = await session.scalars(ordered.offset((query.page_no - 1) * query.limit).limit(query.limit))
    return list(rows.all()), total


async def status_counts(session: AsyncSession, query: MessageQuery) -> dict[str, int]:
    """How many messages are in each status under the list's other filters: one grouped query."""
    inner = filtered(query, with_status=False).with_only_columns(AlertMessage.status).subquery()
    stmt = select(inner.c.status, func.count()).group_by(inner.c.status)
    return {status: int(n) for status, n in (await session.execute(stmt)).all()}


async def with_timeline(session: AsyncSession, message_id: str) -> AlertMessage | None:
    stmt = (
        select(AlertMessage).where(AlertMessage.id == message_id).options(selectinload(AlertMessage.timeline))
    )
    return (await session.scalars(stmt)).one_or_none()


async def by_ids(session: AsyncSession, ids: Sequence[str]) -> list[AlertMessage]:
    stmt = select(AlertMessage).where(AlertMessage.id.in_(list(ids)))
    return list((await session.scalars(stmt)).all())


async def claim_status(session: AsyncSession, message_id: str, current: str, values: dict[str, Any]) -> bool:
    """Moves the message on only if it still has the status it was read with: a dispatcher that claimed it
    meanwhile (queued to sending) wins, and this change is refused rather than undone."""
    result = await session.execute(
        update(AlertMessage)
        .where(AlertMessage.id == message_id, AlertMessage.status == current)
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0) == 1
