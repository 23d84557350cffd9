"""Every query of the campaigns: the audience, the recipients of a batch, the messages written in bulk, the
campaigns' progress from one grouped query, and the sweeps of the clock job."""

from collections.abc import Collection, Iterable, Sequence
from datetime import datetime
from typing import Any

from psycopg.types.json import Json
from sqlalchemy import Select, and_, case, func, insert, literal, select, text, true, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from gavel.alerts.campaigns.schemas import CampaignAudience, CampaignQuery
from gavel.alerts.catalog import CampaignStatus, Channel, MessageStatus, Origin
from gavel.alerts.models import AlertCampaign, AlertMessage, AlertMessageEvent, AlertTemplate
from gavel.core.paging import count_of, like_pattern
from gavel.members import repository as members
from gavel.members.models import Member
from gavel.members.schemas import MemberQuery

CONSENT: dict[Channel, Any] = {
    Channel.SMS: Member.promo_consent_sms,
    Channel.WHATSAPP: Member.promo_consent_whatsapp,
    Channel.EMAIL: Member.promo_consent_email,
}
OPTED_OUT = "Opted out of promotions on this channel after it was queued"
RECIPIENT_COLUMNS = (
    Member.id,
    Member.first_name,
    Member.last_name,
    Member.company_name,
    Member.member_entity,
    Member.email,
    Member.phone,
    Member.preferred_language,
)

# ------------------------------------------------------------------------------------------ audience


def audience(channel: Channel, chosen: CampaignAudience) -> Select[Any]:
    """The members the filters choose, as the member list filters them (gavel.members.repository)."""
    query = MemberQuery(
        status=chosen.status,
        member_type=chosen.member_type,
        member_entity=chosen.member_entity,
        seller_type=chosen.seller_type,
        security_plan=chosen.security_plan,
    )
    return members.filtered(query)


async def audience_count(
    session: AsyncSession, channel: Channel, chosen: CampaignAudience
) -> tuple[int, int]:
    """How many members match the filters, and how many of them consented on the channel: one query."""
    consented = CONSENT[channel].is_(True)
    stmt = audience(channel, chosen).with_only_columns(
        func.count(), func.coalesce(func.sum(case((consented, 1), else_=0)), 0)
    )
    matching, recipients = (await session.execute(stmt)).one()
    return int(recipients), int(matching)


async def recipients_after(
    session: AsyncSession, channel: Channel, chosen: CampaignAudience, cursor: str | None, limit: int
) -> list[Any]:
    """The next consenting members of the audience in id order after the cursor (the last member queued)."""
    stmt = (
        audience(channel, chosen)
        .with_only_columns(*RECIPIENT_COLUMNS)
        .where(CONSENT[channel].is_(True))
        .order_by(Member.id)
        .limit(limit)
    )
    if cursor:
        stmt = stmt.where(Member.id > cursor)
    return list((await session.execute(stmt)).all())


# ------------------------------------------------------------------------------------------ campaigns


async def by_id(session: AsyncSession, campaign_id: str, *, lock: bool = False) -> AlertCampaign | None:
    stmt = select(AlertCampaign).where(AlertCampaign.id == campaign_id)
    if lock:
        stmt = stmt.with_for_update().execution_options(populate_existing=True)
    return (await session.scalars(stmt)).one_or_none()


async def free_template(session: AsyncSession, template_id: str) -> AlertTemplate | None:
    return await session.get(AlertTemplate, template_id)


async def has_whatsapp_promotion_template(session: AsyncSession) -> bool:
    stmt = select(AlertTemplate.id).where(
        AlertTemplate.channel == Channel.WHATSAPP.value, AlertTemplate.event.is_(None)
    )
    return (await session.scalar(stmt.limit(1))) is not None


def filtered(query: CampaignQuery, *, with_status: bool = True) -> Select[Any]:
    stmt = select(AlertCampaign)
    if query.channel:
        stmt = stmt.where(AlertCampaign.channel == query.channel.value)
    if with_status and query.status:
        stmt = stmt.where(AlertCampaign.status == query.status.value)
    if query.search_term:
        stmt = stmt.where(func.lower(AlertCampaign.name).like(like_pattern(query.search_term), escape="\\"))
    return stmt


async def page(session: AsyncSession, query: CampaignQuery) -> tuple[list[AlertCampaign], int]:
    """One page, newest first, and how many campaigns match."""
    stmt = filtered(query)
    total = await count_of(session, stmt.with_only_columns(AlertCampaign.id))
    ordered = stmt.order_by(AlertCampaign.created_at.desc(), AlertCampaign.id.desc())
    rows = await session.scalars(ordered.offset((query.page_no - 1) * query.limit).limit(query.limit))
    return list(rows.all()), total


async def status_counts(session: AsyncSession, query: CampaignQuery) -> dict[str, int]:
    inner = filtered(query, with_status=False).with_only_columns(AlertCampaign.status).subquery()
    stmt = select(inner.c.status, func.count()).group_by(inner.c.status)
    return {status: int(n) for status, n in (await session.execute(stmt)).all()}


async def message_counts(session: AsyncSession, campaign_ids: Sequence[str]) -> dict[str, dict[str, int]]:
    """Per campaign, its messages per status ('optedOut' apart from the other cancelled): one grouped query
    (the index on (campaign_id, status))."""
    if not campaign_ids:
        return {}
    opted_out = and_(
        AlertMessage.status == MessageStatus.CANCELLED.value, AlertMessage.last_error == OPTED_OUT
    )
    kind = case((opted_out, literal("optedOut")), else_=AlertMessage.status)
    stmt = (
        select(AlertMessage.campaign_id, kind, func.count())
        .where(AlertMessage.campaign_id.in_(list(campaign_ids)))
        .group_by(AlertMessage.campaign_id, kind)
    )
    found: dict[str, dict[str, int]] = {c: {} for c in campaign_ids}
    for campaign_id, status, n in (await session.execute(stmt)).all():
        found[campaign_id][status] = found[campaign_id].get(status, 0) + int(n)
    return found


async def claim_due(session: AsyncSession, now: datetime, skip: Collection[str] = ()) -> AlertCampaign | None:
    """One campaign with messages to write (queueing, or scheduled and due), locked for this transaction;
    SKIP LOCKED on PostgreSQL hands each campaign to one process at a time (SQLite has one writer). `skip`:
    campaigns whose batch failed in this round, left for the next one."""
    stmt = (
        select(AlertCampaign)
        .where(
            (AlertCampaign.status == CampaignStatus.QUEUEING.value)
            | ((AlertCampaign.status == CampaignStatus.SCHEDULED.value) & (AlertCampaign.send_at <= now)),
            AlertCampaign.id.not_in(list(skip)) if skip else true(),
        )
        .order_by(AlertCampaign.send_at, AlertCampaign.id)
        .limit(1)
        .with_for_update(skip_locked=True)
        .execution_options(populate_existing=True)
    )
    return (await session.scalars(stmt)).one_or_none()


async def sending(session: AsyncSession) -> list[AlertCampaign]:
    """Campaigns whose messages are written or being written (the sweeps look at them)."""
    stmt = select(AlertCampaign).where(
        AlertCampaign.status.in_([CampaignStatus.QUEUEING.value, CampaignStatus.SENDING.value])
    )
    return list((await session.scalars(stmt)).all())


async def lock_sending(session: AsyncSession, campaign_id: str) -> AlertCampaign | None:
    """The campaign if it is still sending and no other process holds it."""
    stmt = (
        select(AlertCampaign)
        .where(AlertCampaign.id == campaign_id, AlertCampaign.status == CampaignStatus.SENDING.value)
        .with_for_update(skip_locked=True)
        .execution_options(populate_existing=True)
    )
    return (await session.scalars(stmt)).one_or_none()


# ------------------------------------------------------------------------------------------ messages


async def write_messages(
    session: AsyncSession, columns: Sequence[str], rows: Iterable[tuple[Any, ...]]
) -> None:
    """One batch of messages in the session's transaction: streamed with COPY on PostgreSQL (a few times
    faster than multi-row INSERTs at 100,000 messages), one executemany INSERT elsewhere. `rows` may be a
    generator: on PostgreSQL each row is made while the server stores the ones before it (two cores at work
    instead of one waiting for the other)."""
    connection = await session.connection()
    if connection.dialect.name != "postgresql":
        values = [dict(zip(columns, row, strict=True)) for row in rows]
        if values:
            await session.execute(insert(AlertMessage), values)
        return
    json_at = [i for i, name in enumerate(columns) if name == "template_params"]
    raw = (await connection.get_raw_connection()).driver_connection
    assert raw is not None
    async with raw.cursor() as cursor:
        names = ", ".join(columns)
        async with cursor.copy(f"COPY alert_message ({names}) FROM STDIN") as copy:
            for row in rows:
                if json_at and row[json_at[0]] is not None:
                    row = (*row[: json_at[0]], Json(row[json_at[0]]), *row[json_at[0] + 1 :])
                await copy.write_row(row)


async def merge_search_entries(session: AsyncSession) -> None:
    """PostgreSQL: the search index's pending entries (a campaign's messages, appended while it was queued:
    migration 0022) merged into the index now, so that searches stop reading them one by one."""
    if session.get_bind().dialect.name == "postgresql":
        await session.execute(text("SELECT gin_clean_pending_list('ix_alert_message_search_text_trgm')"))


def _new_event_id(session: AsyncSession) -> ColumnElement[str]:
    """A random 32-hex-digit id made by the database, for timeline rows written by INSERT ... SELECT."""
    if session.get_bind().dialect.name == "postgresql":
        return func.replace(func.cast(func.gen_random_uuid(), type_=AlertMessageEvent.id.type), "-", "")
    return func.lower(func.hex(func.randomblob(16)))


async def cancel_queued(
    session: AsyncSession, where: ColumnElement[bool], now: datetime, detail: str, error: str | None
) -> int:
    """Queued messages chosen by `where` cancelled, each with its timeline entry; a message a dispatcher
    claimed meanwhile (sending) is left to it. How many were cancelled."""
    result = await session.execute(
        update(AlertMessage)
        .where(where, AlertMessage.status == MessageStatus.QUEUED.value)
        .values(
            status=MessageStatus.CANCELLED.value,
            cancelled_at=now,
            next_attempt_at=None,
            last_error=error,
            updated_at=now,
        )
        .execution_options(synchronize_session=False)
    )
    moved = int(getattr(result, "rowcount", 0) or 0)
    if moved:
        chosen = select(
            _new_event_id(session),
            AlertMessage.id,
            literal(now, AlertMessage.cancelled_at.type),
            literal(MessageStatus.CANCELLED.value),
            literal(detail),
        ).where(where, AlertMessage.status == MessageStatus.CANCELLED.value, AlertMessage.cancelled_at == now)
        await session.execute(
            insert(AlertMessageEvent).from_select(["id", "message_id", "at", "status", "detail"], chosen)
        )
    return moved


def of_campaign(campaign_id: str) -> ColumnElement[bool]:
    return AlertMessage.campaign_id == campaign_id


def opted_out_of(campaign: AlertCampaign) -> ColumnElement[bool]:
    """The campaign's messages to members who no longer consent on its channel."""
    withdrawn = select(Member.id).where(CONSENT[Channel(campaign.channel)].is_(False))
    return (AlertMessage.campaign_id == campaign.id) & AlertMessage.member_id.in_(withdrawn)


async def defer_promotions(session: AsyncSession, until: datetime) -> int:
    """Queued promotional SMS and WhatsApp due before `until` (the end of the quiet hours) wait for it."""
    result = await session.execute(
        update(AlertMessage)
        .where(
            AlertMessage.status == MessageStatus.QUEUED.value,
            AlertMessage.next_attempt_at < until,
            AlertMessage.origin == Origin.CAMPAIGN.value,
            AlertMessage.channel.in_([Channel.SMS.value, Channel.WHATSAPP.value]),
        )
        .values(next_attempt_at=until)
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0)


async def waiting(session: AsyncSession, campaign_id: str) -> int:
    """The campaign's messages not yet handed to a provider (queued or sending)."""
    stmt = select(func.count()).where(
        AlertMessage.campaign_id == campaign_id,
        AlertMessage.status.in_([MessageStatus.QUEUED.value, MessageStatus.SENDING.value]),
    )
    return int(await session.scalar(stmt) or 0)
