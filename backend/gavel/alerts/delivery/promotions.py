"""Promotions held back at the claim: a promotion goes only to a member who still consents on its channel and
while its campaign is not cancelled (else it is cancelled), and promotional SMS and WhatsApp wait for the end
of the quiet hours (no attempt counted)."""

from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.campaigns.promotional import quiet_until
from gavel.alerts.campaigns.repository import OPTED_OUT
from gavel.alerts.catalog import Channel, MessageStatus, Origin
from gavel.alerts.delivery import repository
from gavel.alerts.delivery.recording import Timeline, message_row
from gavel.alerts.models import AlertMessage
from gavel.business.service import business_service

PROMOTIONAL_QUIET = (Channel.SMS.value, Channel.WHATSAPP.value)
CAMPAIGN_CANCELLED = "Not sent: its campaign was cancelled"


async def hold_back_promotions(
    session: AsyncSession, rows: list[AlertMessage], now: datetime
) -> list[AlertMessage]:
    """The claimed rows still to send; the others recorded as cancelled or waiting."""
    promotions = [m for m in rows if m.origin == Origin.CAMPAIGN]
    if not promotions:
        return rows
    consents = await repository.consents(session, [m.member_id for m in promotions if m.member_id])
    cancelled = await repository.cancelled_campaigns(
        session, [m.campaign_id for m in promotions if m.campaign_id]
    )
    quiet_end: datetime | None = None
    if any(m.channel in PROMOTIONAL_QUIET for m in promotions):
        business = await business_service.get(session)
        quiet_end = quiet_until(now, business.promo_quiet_from, business.promo_quiet_until)
    keep: list[AlertMessage] = []
    records: list[dict[str, Any]] = []
    timeline: Timeline = []
    for m in rows:
        if m.origin != Origin.CAMPAIGN:
            keep.append(m)
            continue
        consent = consents.get(m.member_id or "", {}).get(m.channel, False)
        if m.campaign_id in cancelled:
            records.append(
                message_row(
                    m,
                    status=MessageStatus.CANCELLED,
                    now=now,
                    attempts=m.attempts,
                    cancelled_at=now,
                    last_error=CAMPAIGN_CANCELLED,
                )
            )
            timeline.append((m.id, now, MessageStatus.CANCELLED.value, CAMPAIGN_CANCELLED))
        elif not consent:
            records.append(
                message_row(
                    m,
                    status=MessageStatus.CANCELLED,
                    now=now,
                    attempts=m.attempts,
                    cancelled_at=now,
                    last_error=OPTED_OUT,
                )
            )
            timeline.append(
                (m.id, now, MessageStatus.CANCELLED.value, "Not sent: the member opted out of promotions")
            )
        elif quiet_end is not None and m.channel in PROMOTIONAL_QUIET:
            records.append(
                message_row(m, status=MessageStatus.QUEUED, now=now, attempts=m.attempts, next_at=quiet_end)
            )
        else:
            keep.append(m)
    await repository.record(session, records)
    await repository.add_timeline(session, timeline)
    return keep
