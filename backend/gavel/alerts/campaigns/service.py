"""The rules of promotions: a draft is written and edited, sent now or at a time, queued into the outbox in
batches that resume from the campaign's cursor after a crash, and cancelled; its results come from its
messages.

- Only members who consented to promotions on the campaign's channel receive it, each in their preferred
  language. Promotional SMS end with the opt-out text of Business settings and leave from the promotional
  sender; a WhatsApp campaign is an approved template; every promotional email carries an unsubscribe link
  (readiness.py refuses a campaign its channel cannot send so). Promotional SMS and WhatsApp wait for the end
  of the Business quiet hours (21:00 to 08:00 Dubai by default) when written during them.
- Queueing is the clock job's work (`queue_campaigns`): a campaign is claimed with SKIP LOCKED on PostgreSQL,
  one batch of recipients per transaction, the cursor (the last member id written) committed with the batch,
  so a crash loses nothing and writes nothing twice (unique (campaign_id, member_id) stands guard as well).
- The job's sweep cancels the still-queued messages of members who withdrew their consent meanwhile (counted
  as opted out), keeps queued promotions waiting during the quiet hours, and ends a campaign (done) once none
  of its messages waits for a provider.
"""

import logging
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.campaigns import repository
from gavel.alerts.campaigns.promotional import QUIET_CHANNELS, opt_out_texts, quiet_until
from gavel.alerts.campaigns.reader import RecipientReader
from gavel.alerts.campaigns.readiness import check_sendable
from gavel.alerts.campaigns.results import results_of, stored_counts
from gavel.alerts.campaigns.schemas import (
    AudienceCount,
    CampaignAudience,
    CampaignIn,
    CampaignOut,
    CampaignSend,
    CampaignSendNew,
)
from gavel.alerts.campaigns.texts import CHANNEL_WORDS, draft_texts
from gavel.alerts.campaigns.writer import COLUMNS, Writer, texts_of
from gavel.alerts.catalog import CampaignStatus, Channel
from gavel.alerts.context import business_vars
from gavel.alerts.models import AlertCampaign
from gavel.audit.repository import Actor, record_change
from gavel.business.service import business_service
from gavel.config import Settings
from gavel.core.clock import DUBAI, Clock
from gavel.db import new_id
from gavel.errors import Conflict, Invalid, NotFound

log = logging.getLogger("gavel.alerts.campaigns")

BATCH = 5000  # recipients written per transaction (bench/README.md: 100,000 queued in about 7 s)
EDITABLE = (CampaignStatus.DRAFT,)
SENDABLE = (CampaignStatus.DRAFT, CampaignStatus.SCHEDULED)
CANCELLABLE = (
    CampaignStatus.DRAFT,
    CampaignStatus.SCHEDULED,
    CampaignStatus.QUEUEING,
    CampaignStatus.SENDING,
)
LATE = timedelta(minutes=1)  # a send time this far in the past is refused (a slow form is not refused)
SNAPSHOT = ("channel", "name", "template_id", "subject_en", "subject_ar", "body_en", "body_ar", "audience")


class CampaignService:
    # ------------------------------------------------------------------------------------ drafts

    async def create(
        self, session: AsyncSession, body: CampaignIn, actor: Actor, now: datetime
    ) -> AlertCampaign:
        """A draft campaign; nothing is sent until it is sent."""
        fields = await draft_texts(session, body)
        campaign = AlertCampaign(
            id=new_id(),
            channel=body.channel.value,
            name=body.name,
            audience=body.audience.model_dump(mode="json", by_alias=True, exclude_none=True),
            status=CampaignStatus.DRAFT.value,
            created_by_id=actor.id,
            created_at=now,
            updated_at=now,
            request_key=body.request_key,
            **fields,
        )
        session.add(campaign)
        await session.flush()
        await record_change(
            session, actor, "alert_campaign.created", "alert_campaign", campaign.id, new=_snapshot(campaign)
        )
        return campaign

    async def create_and_send(
        self, session: AsyncSession, body: CampaignSendNew, actor: Actor, now: datetime, settings: Settings
    ) -> AlertCampaign:
        """A new campaign written and sent in the request's one transaction: when the send is refused (nobody
        consenting matches, the time has passed, the channel lacks what the rules need) the error rolls the
        draft back too, so nothing is left."""
        campaign = await self.create(session, body, actor, now)
        return await self.send(session, campaign.id, body, actor, now, settings)

    async def get(self, session: AsyncSession, campaign_id: str, *, lock: bool = False) -> AlertCampaign:
        campaign = await repository.by_id(session, campaign_id, lock=lock)
        if campaign is None:
            raise NotFound("This campaign does not exist.")
        return campaign

    async def update(
        self, session: AsyncSession, campaign_id: str, body: CampaignIn, actor: Actor, now: datetime
    ) -> AlertCampaign:
        """A draft's channel, name, texts and audience; a campaign once sent is not edited (409)."""
        campaign = await self.get(session, campaign_id, lock=True)
        self._allowed(campaign, EDITABLE, "edited")
        fields = await draft_texts(session, body)
        fields |= {
            "channel": body.channel.value,
            "name": body.name,
            "audience": body.audience.model_dump(mode="json", by_alias=True, exclude_none=True),
        }
        before = _snapshot(campaign)
        for name, value in fields.items():
            setattr(campaign, name, value)
        if _snapshot(campaign) != before:
            campaign.updated_at = now
            await session.flush()
            await record_change(
                session,
                actor,
                "alert_campaign.updated",
                "alert_campaign",
                campaign.id,
                old=before,
                new=_snapshot(campaign),
            )
        return campaign

    @staticmethod
    def _allowed(campaign: AlertCampaign, allowed: tuple[CampaignStatus, ...], verb: str) -> None:
        if CampaignStatus(campaign.status) not in allowed:
            names = [s.value for s in allowed]
            which = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
            raise Conflict(f"'{campaign.name}' is {campaign.status}: only {which} campaigns can be {verb}.")

    async def audience_count(
        self, session: AsyncSession, channel: Channel, audience: CampaignAudience
    ) -> AudienceCount:
        recipients, matching = await repository.audience_count(session, channel, audience)
        return AudienceCount(recipients=recipients, matching=matching)

    # ------------------------------------------------------------------------------------ send, cancel

    async def send(
        self,
        session: AsyncSession,
        campaign_id: str,
        body: CampaignSend,
        actor: Actor,
        now: datetime,
        settings: Settings,
    ) -> AlertCampaign:
        """Schedules the campaign now or at a later time (a scheduled one may be moved); its recipients are
        counted now and the clock job writes their messages from the send time. Refused when nobody would
        receive it, and (409) when its channel lacks what the rules need (readiness: the promotional SMS
        sender, the unsubscribe link's address, an approved WhatsApp template)."""
        campaign = await self.get(session, campaign_id, lock=True)
        self._allowed(campaign, SENDABLE, "sent")
        await check_sendable(session, campaign, settings)
        send_at = now
        if body.send_at is not None:  # a time without a zone is a Dubai wall clock, as the screens send it
            wanted = body.send_at if body.send_at.tzinfo else body.send_at.replace(tzinfo=DUBAI)
            send_at = wanted.astimezone(UTC)
        if send_at < now - LATE:
            raise Invalid.field("sendAt", "The send time has passed: choose a later time or send it now.")
        channel = Channel(campaign.channel)
        audience = CampaignAudience.model_validate(campaign.audience or {})
        recipients, matching = await repository.audience_count(session, channel, audience)
        if recipients == 0:
            by = CHANNEL_WORDS[channel]
            raise Invalid.field(
                "audience",
                "Nobody would receive this campaign: no member matches these filters."
                if matching == 0
                else "Nobody would receive this campaign: the one member who matches the filters has not "
                f"consented to promotions by {by}."
                if matching == 1
                else f"Nobody would receive this campaign: none of the {matching:,} members who match the "
                f"filters consented to promotions by {by}.",
            )
        before = {"status": campaign.status, "sendAt": _iso(campaign.send_at)}
        campaign.status = CampaignStatus.SCHEDULED.value
        campaign.send_at = max(send_at, now)
        campaign.recipient_count = recipients
        campaign.updated_at = now
        await session.flush()
        await record_change(
            session,
            actor,
            "alert_campaign.sent",
            "alert_campaign",
            campaign.id,
            old=before,
            new={"status": campaign.status, "sendAt": _iso(campaign.send_at), "recipients": recipients},
        )
        return campaign

    async def cancel(
        self, session: AsyncSession, campaign_id: str, actor: Actor, now: datetime
    ) -> tuple[AlertCampaign, int | None]:
        """Stops a campaign: its messages still queued are cancelled (those already with a provider are not
        called back; the dispatcher cancels those a provider sent back to the queue). A cancelled campaign is
        left alone (None: a double click is not an error); a finished one refused (409)."""
        campaign = await self.get(session, campaign_id, lock=True)
        if campaign.status == CampaignStatus.CANCELLED.value:
            return campaign, None
        self._allowed(campaign, CANCELLABLE, "cancelled")
        before = campaign.status
        cancelled = await repository.cancel_queued(
            session, repository.of_campaign(campaign.id), now, f"Campaign cancelled by {actor.email}", None
        )
        campaign.status = CampaignStatus.CANCELLED.value
        campaign.cancelled_at = now
        campaign.updated_at = now
        await session.flush()
        await record_change(
            session,
            actor,
            "alert_campaign.cancelled",
            "alert_campaign",
            campaign.id,
            old={"status": before},
            new={"status": campaign.status, "messagesCancelled": cancelled},
        )
        return campaign, cancelled

    # ------------------------------------------------------------------------------------ reading

    async def out(self, session: AsyncSession, campaigns: list[AlertCampaign]) -> list[CampaignOut]:
        """The campaigns with their results: one grouped query for those under way; a finished campaign's
        results are the counts the sweep stored when it ended (a page of finished 100,000-message campaigns
        would otherwise recount every one of their messages at each refresh)."""
        live = [c.id for c in campaigns if c.status != CampaignStatus.DONE.value]
        counts = await repository.message_counts(session, live)
        counts |= {c.id: stored_counts(c) for c in campaigns if c.status == CampaignStatus.DONE.value}
        return [
            CampaignOut.model_validate({**_columns(c), "results": results_of(c, counts.get(c.id, {}))})
            for c in campaigns
        ]

    # ------------------------------------------------------------------------------------ the clock job

    async def write_batch(
        self, session: AsyncSession, campaign: AlertCampaign, now: datetime, reader: RecipientReader
    ) -> int:
        """Writes the next batch of a claimed campaign's recipients, moving the cursor in the same
        transaction (the batch after it is read meanwhile). How many messages were written."""
        if campaign.status == CampaignStatus.SCHEDULED.value:
            campaign.status = CampaignStatus.QUEUEING.value
            campaign.started_at = now
        business = await business_service.get(session)
        channel = Channel(campaign.channel)
        wait = (
            quiet_until(now, business.promo_quiet_from, business.promo_quiet_until)
            if channel in QUIET_CHANNELS
            else None
        )
        texts = await texts_of(session, campaign, opt_out_texts(business))
        writer = Writer(campaign, texts, business_vars(business), now, wait)
        recipients = await reader.batch(session, campaign)
        if len(recipients) == BATCH:
            reader.read_ahead(campaign, recipients[-1].id)
        if recipients:
            await repository.write_messages(session, COLUMNS, (writer.row(r) for r in recipients))
        if recipients:
            campaign.cursor = recipients[-1].id
            campaign.queued_count += len(recipients)
        if len(recipients) < BATCH:
            campaign.status = CampaignStatus.SENDING.value
        campaign.updated_at = now
        await session.flush()
        return len(recipients)

    async def sweep(self, session: AsyncSession, now: datetime) -> None:
        """Members who withdrew their consent are not sent the messages still queued for them (opted out);
        during the quiet hours queued promotions wait for their end; a campaign none of whose messages waits
        any more is done."""
        business = await business_service.get(session)
        wait = quiet_until(now, business.promo_quiet_from, business.promo_quiet_until)
        if wait is not None:
            await repository.defer_promotions(session, wait)
        for campaign in await repository.sending(session):
            await repository.cancel_queued(
                session, repository.opted_out_of(campaign), now, repository.OPTED_OUT, repository.OPTED_OUT
            )
            if campaign.status != CampaignStatus.SENDING.value:
                continue
            if await repository.waiting(session, campaign.id):
                continue
            locked = await repository.lock_sending(session, campaign.id)
            if locked is None:
                continue
            counts = (await repository.message_counts(session, [locked.id]))[locked.id]
            results = results_of(locked, counts)
            locked.status = CampaignStatus.DONE.value
            locked.finished_at = now
            locked.updated_at = now
            locked.sent_count, locked.delivered_count, locked.read_count = (
                results.sent,
                results.delivered,
                results.read,
            )
            locked.failed_count, locked.opted_out_count = results.failed, results.opted_out
        await session.flush()


def _columns(campaign: AlertCampaign) -> dict[str, Any]:
    return {c.key: getattr(campaign, c.key) for c in AlertCampaign.__mapper__.column_attrs}


def _snapshot(campaign: AlertCampaign) -> dict[str, Any]:
    return {name: getattr(campaign, name) for name in SNAPSHOT}


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


campaign_service = CampaignService()


async def queue_campaigns(maker: async_sessionmaker[AsyncSession], clock: Clock) -> int:
    """The clock job's campaign step: every due campaign's messages written, then the sweep. How many
    messages were written."""
    written = await write_due(maker, clock)
    await sweep_campaigns(maker, clock, merge=written > 0)
    return written


async def write_due(maker: async_sessionmaker[AsyncSession], clock: Clock) -> int:
    """Every due campaign's messages written, one batch per transaction (resumable from the cursor): once it
    returns they are queued for the dispatchers. How many messages were written."""
    written = 0
    failed: set[str] = set()  # one campaign whose batch fails never holds up the others nor the sweep
    reader = RecipientReader(maker, BATCH)
    try:
        while True:
            async with maker() as session:
                now = clock.now()
                campaign = await repository.claim_due(session, now, failed)
                if campaign is None:
                    break
                campaign_id = campaign.id
                try:
                    count = await campaign_service.write_batch(session, campaign, now, reader)
                    await session.commit()
                except Exception:
                    await session.rollback()
                    reader.forget(campaign_id)
                    log.exception(
                        "a batch of a campaign could not be written", extra={"campaign": campaign_id}
                    )
                    failed.add(campaign_id)
                    continue
            written += count
    finally:
        await reader.aclose()
    return written


async def sweep_campaigns(maker: async_sessionmaker[AsyncSession], clock: Clock, *, merge: bool) -> None:
    """The rest of the step, once the messages are queued: the search index's new entries merged (`merge`:
    messages were written), then the sweep."""
    if merge:
        async with maker() as session:
            await repository.merge_search_entries(session)
            await session.commit()
    async with maker() as session:
        await campaign_service.sweep(session, clock.now())
        await session.commit()


async def queue_now(maker: async_sessionmaker[AsyncSession], clock: Clock) -> None:
    """A campaign sent now starts at once (after the request), not at the clock job's next tick; a failure is
    logged and the clock job takes the campaign up again from its cursor."""
    try:
        await queue_campaigns(maker, clock)
    except Exception:
        log.exception("queueing a campaign failed; the clock job resumes it")
