"""Every query of delivery: claiming due messages, recording answers, finding a message by the provider's
id, members by phone."""

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Table, bindparam, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.catalog import CampaignStatus, MessageStatus
from gavel.alerts.models import AlertCampaign, AlertMessage, AlertMessageEvent
from gavel.db import new_id
from gavel.members.models import Member

MESSAGES: Table = AlertMessage.__table__  # type: ignore[assignment]
EVENTS: Table = AlertMessageEvent.__table__  # type: ignore[assignment]
# The columns a recorded answer writes, the same for every outcome so that one statement records a batch.
RECORDED = (
    "status",
    "attempts",
    "next_attempt_at",
    "claimed_at",
    "claimed_by",
    "provider",
    "provider_message_id",
    "last_error",
    "sent_at",
    "delivered_at",
    "failed_at",
    "cancelled_at",
    "template_params",
    "updated_at",
)


async def expired_claims(
    session: AsyncSession, cutoff: datetime, limit: int, skip_channels: Sequence[str]
) -> list[AlertMessage]:
    """Messages left `sending` by a dispatcher that stopped answering (its claim is older than the lease)."""
    stmt = select(AlertMessage).where(
        AlertMessage.status == MessageStatus.SENDING.value, AlertMessage.claimed_at < cutoff
    )
    if skip_channels:
        stmt = stmt.where(AlertMessage.channel.not_in(list(skip_channels)))
    stmt = stmt.order_by(AlertMessage.claimed_at).limit(limit).with_for_update(skip_locked=True)
    return list((await session.scalars(stmt)).all())


async def due(
    session: AsyncSession, now: datetime, limit: int, skip_channels: Sequence[str]
) -> list[AlertMessage]:
    """Queued messages whose time has come, oldest first (ix_alert_message_status_next_attempt_at); rows
    another dispatcher holds are skipped (PostgreSQL; SQLite's writers take turns)."""
    stmt = select(AlertMessage).where(
        AlertMessage.status == MessageStatus.QUEUED.value, AlertMessage.next_attempt_at <= now
    )
    if skip_channels:
        stmt = stmt.where(AlertMessage.channel.not_in(list(skip_channels)))
    stmt = stmt.order_by(AlertMessage.next_attempt_at).limit(limit).with_for_update(skip_locked=True)
    return list((await session.scalars(stmt)).all())


async def mark_sending(session: AsyncSession, ids: Sequence[str], now: datetime, claim: str) -> None:
    await session.execute(
        update(AlertMessage)
        .where(AlertMessage.id.in_(list(ids)))
        .values(
            status=MessageStatus.SENDING.value,
            claimed_at=now,
            claimed_by=claim,
            attempts=AlertMessage.attempts + 1,
            updated_at=now,
        )
        .execution_options(synchronize_session=False)
    )


async def still_claimed(session: AsyncSession, ids: Sequence[str], claim: str) -> set[str]:
    """Those of the messages still `sending` under this claim, locked until the answers are recorded (a
    status callback or a dispatcher that took over an expired claim may have moved the others)."""
    stmt = (
        select(AlertMessage.id)
        .where(
            AlertMessage.id.in_(list(ids)),
            AlertMessage.status == MessageStatus.SENDING.value,
            AlertMessage.claimed_by == claim,
        )
        .with_for_update()
    )
    return set((await session.scalars(stmt)).all())


_RECORD = (
    update(MESSAGES)
    .where(MESSAGES.c.id == bindparam("b_id"))
    .values({name: bindparam(f"b_{name}", type_=MESSAGES.c[name].type) for name in RECORDED})
)


async def record(session: AsyncSession, rows: list[dict[str, Any]]) -> None:
    """Each row: the message's id and every column of RECORDED (one executemany)."""
    if rows:
        params = [{f"b_{k}": v for k, v in row.items()} for row in rows]
        await session.execute(_RECORD, params)


async def add_timeline(
    session: AsyncSession, entries: Sequence[tuple[str, datetime, str, str | None]]
) -> None:
    """(message id, at, status, detail) rows of the messages' timelines."""
    if entries:
        await session.execute(
            insert(EVENTS),
            [
                {"id": new_id(), "message_id": m, "at": at, "status": status, "detail": detail}
                for m, at, status, detail in entries
            ],
        )


async def consents(session: AsyncSession, member_ids: Sequence[str]) -> dict[str, dict[str, bool]]:
    """Each member's consent to promotions per channel."""
    if not member_ids:
        return {}
    stmt = select(
        Member.id, Member.promo_consent_sms, Member.promo_consent_whatsapp, Member.promo_consent_email
    ).where(Member.id.in_(list(member_ids)))
    return {
        row.id: {
            "sms": row.promo_consent_sms,
            "whatsapp": row.promo_consent_whatsapp,
            "email": row.promo_consent_email,
        }
        for row in (await session.execute(stmt)).all()
    }


async def cancelled_campaigns(session: AsyncSession, campaign_ids: Sequence[str]) -> set[str]:
    """Which of these campaigns were cancelled (a message of theirs retried after a provider's refusal must
    not go out any more)."""
    if not campaign_ids:
        return set()
    stmt = select(AlertCampaign.id).where(
        AlertCampaign.id.in_(list(set(campaign_ids))), AlertCampaign.status == CampaignStatus.CANCELLED.value
    )
    return set((await session.scalars(stmt)).all())


async def by_provider_id(session: AsyncSession, provider_message_id: str) -> AlertMessage | None:
    stmt = (
        select(AlertMessage).where(AlertMessage.provider_message_id == provider_message_id).with_for_update()
    )
    return (await session.scalars(stmt)).one_or_none()


async def locked(session: AsyncSession, message_id: str) -> AlertMessage | None:
    stmt = select(AlertMessage).where(AlertMessage.id == message_id).with_for_update()
    return (await session.scalars(stmt)).one_or_none()


async def members_by_phone(session: AsyncSession, phone: str) -> list[Member]:
    stmt = select(Member).where(Member.phone == phone).with_for_update(of=Member)
    return list((await session.scalars(stmt)).all())
