"""The rules of promotions: a draft is written and edited, sent now or at a time, queued into the outbox in
batches that resume from the campaign's cursor after a crash, and cancelled; its results come from its
messages.

- Only members who consented to promotions on the campaign's channel receive it, each in their preferred
  language. Promotional SMS and WhatsApp carry the opt-out text and wait for the end of the Business quiet
  hours (21:00 to 08:00 Dubai by default) when written during them.
- Queueing is the clock job's work (`queue_campaigns`): a campaign is claimed with SKIP LOCKED on PostgreSQL,
  one batch of recipients per transaction, the cursor (the last member id written) committed with the batch,
  so a crash loses nothing and writes nothing twice (unique (campaign_id, member_id) stands guard as well).
- The job's sweep cancels the still-queued messages of members who withdrew their consent meanwhile (counted
  as opted out), keeps queued promotions waiting during the quiet hours, and ends a campaign (done) once none
  of its messages waits for a provider.
"""

import logging
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from itertools import count
from time import time_ns
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts import templates
from gavel.alerts.campaigns import repository
from gavel.alerts.campaigns.reader import RecipientReader
from gavel.alerts.campaigns.schemas import (
    AudienceCount,
    CampaignAudience,
    CampaignIn,
    CampaignOut,
    CampaignResults,
    CampaignSend,
    CampaignSendNew,
)
from gavel.alerts.catalog import CampaignStatus, Channel, Language, MessageStatus, Origin, sample_context
from gavel.alerts.context import business_vars
from gavel.alerts.models import AlertCampaign, fit_subject
from gavel.audit.repository import Actor, record_change
from gavel.business.service import business_service
from gavel.core.clock import DUBAI, Clock
from gavel.db import new_id
from gavel.errors import Conflict, FieldError, Invalid, NotFound

log = logging.getLogger("gavel.alerts.campaigns")

BATCH = 5000  # recipients written per transaction (bench/README.md: 100,000 queued in about 7 s)
MESSAGE_LIMIT = 1600  # characters of an SMS or WhatsApp text, the most Twilio's Messages API takes
OPT_OUT = {
    Language.EN: "Reply STOP to opt out",
    Language.AR: "للإلغاء أرسل STOP",
}
QUIET_CHANNELS = (Channel.SMS, Channel.WHATSAPP)
EDITABLE = (CampaignStatus.DRAFT,)
SENDABLE = (CampaignStatus.DRAFT, CampaignStatus.SCHEDULED)
CANCELLABLE = (
    CampaignStatus.DRAFT,
    CampaignStatus.SCHEDULED,
    CampaignStatus.QUEUEING,
    CampaignStatus.SENDING,
)
LATE = timedelta(minutes=1)  # a send time this far in the past is refused (a slow form is not refused)
CHANNEL_WORDS = {Channel.SMS: "SMS", Channel.WHATSAPP: "WhatsApp", Channel.EMAIL: "email"}
# The texts of a campaign: the field people see, the column, the language it is rendered in.
TEXT_FIELDS = (
    ("subjectEn", "subject_en", Language.EN),
    ("subjectAr", "subject_ar", Language.AR),
    ("bodyEn", "body_en", Language.EN),
    ("bodyAr", "body_ar", Language.AR),
)
SNAPSHOT = ("channel", "name", "template_id", "subject_en", "subject_ar", "body_en", "body_ar", "audience")


def _clock_time(text: str) -> time:
    hours, minutes = text.split(":")
    return time(int(hours), int(minutes))


def quiet_until(now: datetime, quiet_from: str, quiet_until: str) -> datetime | None:
    """The end of the quiet hours (in UTC) when `now` falls in them, else None. The hours are Dubai clock
    times; `from` after `until` (21:00 to 08:00) spans midnight; equal times mean no quiet hours."""
    start, end = _clock_time(quiet_from), _clock_time(quiet_until)
    if start == end:
        return None
    local = now.astimezone(DUBAI)
    moment = local.time().replace(tzinfo=None)
    if start > end:
        if moment >= start:
            day = local.date() + timedelta(days=1)
        elif moment < end:
            day = local.date()
        else:
            return None
    elif start <= moment < end:
        day = local.date()
    else:
        return None
    return datetime.combine(day, end, DUBAI).astimezone(UTC)


def results_of(campaign: AlertCampaign, counts: dict[str, int]) -> CampaignResults:
    """The results of a campaign from its messages per status (repository.message_counts)."""
    n = {status: counts.get(status.value, 0) for status in MessageStatus}
    opted_out = counts.get("optedOut", 0)
    written = sum(n.values()) + opted_out
    waiting = n[MessageStatus.QUEUED] + n[MessageStatus.SENDING]
    finished = written - waiting
    status = CampaignStatus(campaign.status)
    if status in (CampaignStatus.SENDING, CampaignStatus.DONE):
        total = written
    else:
        total = max(campaign.recipient_count, written)
    if status == CampaignStatus.DONE or (total and finished >= total):
        percent = 100 if total or status == CampaignStatus.DONE else 0
    else:
        percent = int(finished * 100 // total) if total else 0
    return CampaignResults(
        written=written,
        waiting=waiting,
        sent=n[MessageStatus.SENT] + n[MessageStatus.DELIVERED] + n[MessageStatus.READ],
        delivered=n[MessageStatus.DELIVERED] + n[MessageStatus.READ],
        read=n[MessageStatus.READ],
        failed=n[MessageStatus.FAILED],
        cancelled=n[MessageStatus.CANCELLED],
        opted_out=opted_out,
        percent=percent,
    )


@dataclass(frozen=True)
class Texts:
    subject: dict[Language, str | None]
    body: dict[Language, str]
    whatsapp_template: str | None


# The columns a campaign writes (the others keep their NULL): the order of Writer.row's tuples.
COLUMNS = (
    "id", "created_at", "updated_at", "channel", "origin", "campaign_id", "member_id", "recipient",
    "recipient_name", "language", "template_id", "subject", "body", "body_html", "whatsapp_template",
    "template_params", "status", "attempts", "next_attempt_at", "last_error", "failed_at", "search_text",
)  # fmt: skip
Rendered = tuple[str | None, str, list[str] | None]  # subject, text, WhatsApp parameters
CACHED = 50_000  # renderings kept per batch writer, keyed by the values the texts use


def ordered_ids() -> Iterator[str]:
    """Ids that grow with time (milliseconds, a sequence, then 48 random bits: 32 hex digits, as UUIDv7 orders
    them): a batch of messages goes to the end of the primary key and of the (channel, created_at, id)
    indexes instead of to thousands of random pages (half the time of a 100,000-message campaign on the
    bench). They are as opaque and unique as the random ids of other rows."""
    start = time_ns() // 1_000_000
    for n in count():
        yield f"{start:012x}{n:08x}{secrets.token_hex(6)}"


class Writer:
    """Turns recipients into outbox rows for one campaign: rendered in each member's language (once per
    distinct set of the values the texts use: many members share a first name), the opt-out text appended to
    SMS and WhatsApp, the search text of the lists.

    The search text of a campaign's message is its recipient, name and the campaign's name, not the subject
    and text every recipient shares: 100,000 copies of them in the trigram index took half of the 10 s a
    campaign has to be queued in (bench/README.md). Nor is an email's HTML part stored: it follows from the
    subject and text (templates.html_part), and is made when the message is sent or shown."""

    def __init__(
        self,
        campaign: AlertCampaign,
        texts: Texts,
        business: dict[str, Any],
        now: datetime,
        not_before: datetime | None,
    ) -> None:
        self.campaign = campaign
        self.channel = Channel(campaign.channel)
        self.texts = texts
        self.business = business
        self.now = now
        self.next_attempt_at = not_before or now
        self.whatsapp = texts.whatsapp_template if self.channel == Channel.WHATSAPP else None
        self.used = {language: self._member_fields(language) for language in Language}
        self.cache: dict[tuple[Any, ...], Rendered] = {}
        self.label = campaign.name.lower()
        self.ids = ordered_ids()

    def _member_fields(self, language: Language) -> tuple[str, ...]:
        subject = (self.texts.subject[language] or "") if self.channel == Channel.EMAIL else ""
        used = templates.variables_in(self.texts.body[language]) + templates.variables_in(subject)
        if any(v == "member" for v in used):  # the whole group: every field
            return ("firstName", "lastName", "fullName", "email", "phone")
        return tuple(sorted({v.split(".")[1] for v in used if v.startswith("member.")}))

    def _render(self, language: Language, member: dict[str, Any]) -> Rendered:
        key = (language, *(member[f] for f in self.used[language]))
        found = self.cache.get(key)
        if found is not None:
            return found
        values = {"member": member, "business": self.business}
        source = self.texts.body[language]
        subject_source = self.texts.subject[language] if self.channel == Channel.EMAIL else None
        subject = fit_subject(templates.render(subject_source, values)) if subject_source else None
        body = templates.render(source, values)
        if self.channel in QUIET_CHANNELS:
            body = f"{body}\n{OPT_OUT[language]}"
        params = (
            [templates.value_of(values, p) for p in templates.variables_in(source)]
            if self.channel == Channel.WHATSAPP
            else None
        )
        rendered = (subject, body, params)
        if len(self.cache) < CACHED:
            self.cache[key] = rendered
        return rendered

    def row(self, recipient: Any) -> tuple[Any, ...]:
        """One message as a tuple of COLUMNS."""
        language = Language.AR if recipient.preferred_language == Language.AR.value else Language.EN
        full = (
            recipient.company_name
            if recipient.member_entity == "organization" and recipient.company_name
            else f"{recipient.first_name} {recipient.last_name}"
        )
        member = {
            "firstName": recipient.first_name,
            "lastName": recipient.last_name,
            "fullName": full,
            "email": recipient.email,
            "phone": recipient.phone,
        }
        address = recipient.email if self.channel == Channel.EMAIL else recipient.phone
        status, error, failed_at = MessageStatus.QUEUED.value, None, None
        try:
            subject, body, params = self._render(language, member)
        except Exception as exc:  # the texts were rendered when saved: a bug, shown on the message
            log.exception("campaign text could not be rendered", extra={"campaign": self.campaign.id})
            subject, body, params = None, "", None
            status, error, failed_at = (
                MessageStatus.FAILED.value,
                f"The text could not be rendered: {exc}",
                self.now,
            )
        search = [address, address.lstrip("+"), full, self.label]
        return (
            next(self.ids), self.now, self.now, self.channel.value, Origin.CAMPAIGN.value, self.campaign.id,
            recipient.id, address, full, language.value, self.campaign.template_id, subject, body, None,
            self.whatsapp, params, status, 0, self.next_attempt_at if failed_at is None else None, error,
            failed_at, " | ".join(v.lower() for v in search if v),
        )  # fmt: skip


class CampaignService:
    # ------------------------------------------------------------------------------------ drafts

    async def _texts(self, session: AsyncSession, body: CampaignIn) -> dict[str, Any]:
        """The campaign's columns from the body: a free template's texts fill what the body leaves out; both
        languages (and both subjects for email) are needed; variables are a promotion's (member, business)."""
        fields: dict[str, Any] = {
            "template_id": body.template_id,
            "subject_en": body.subject_en,
            "subject_ar": body.subject_ar,
            "body_en": body.body_en,
            "body_ar": body.body_ar,
        }
        if body.template_id:
            template = await repository.free_template(session, body.template_id)
            if template is None or template.event is not None or template.channel != body.channel.value:
                raise Invalid.field(
                    "templateId", f"Choose a promotion template of the {CHANNEL_WORDS[body.channel]} channel."
                )
            for name in ("subject_en", "subject_ar", "body_en", "body_ar"):
                fields[name] = fields[name] or getattr(template, name)
        email = body.channel == Channel.EMAIL
        if not email:
            fields["subject_en"] = fields["subject_ar"] = None
        wanted = [
            ("bodyEn", "body_en", "Enter the English text."),
            ("bodyAr", "body_ar", "Enter the Arabic text."),
        ]
        if email:
            wanted += [
                ("subjectEn", "subject_en", "Enter the English subject."),
                ("subjectAr", "subject_ar", "Enter the Arabic subject."),
            ]
        missing = [FieldError(field=f, message=m) for f, name, m in wanted if not fields[name]]
        if missing:
            what = "Enter the text in English and Arabic" + (" with both subjects." if email else ".")
            raise Invalid(what, errors=missing)
        templates.check(
            {
                "subjectEn": fields["subject_en"],
                "subjectAr": fields["subject_ar"],
                "bodyEn": fields["body_en"],
                "bodyAr": fields["body_ar"],
            },
            None,
        )
        self._renders(fields, body.channel)
        return fields

    @staticmethod
    def _renders(fields: dict[str, Any], channel: Channel) -> None:
        """Each text rendered with the sample member in its language, as the preview shows it: an expression
        Jinja reads but cannot compute (`{{ member.firstName / 2 }}`) is refused now, not at queueing time,
        and so is an SMS or WhatsApp text the providers would refuse as too long (with the opt-out text)."""
        for field, name, language in TEXT_FIELDS:
            source = fields[name]
            if not source:
                continue
            label = templates.LABELS[field]
            try:
                text = templates.render(source, sample_context(None, language))
            except Exception as exc:
                raise Invalid.field(field, f"The {label} cannot be rendered: {exc}.") from exc
            if channel in QUIET_CHANNELS and name.startswith("body"):
                length = len(f"{text}\n{OPT_OUT[language]}")
                if length > MESSAGE_LIMIT:
                    raise Invalid.field(
                        field,
                        f"The {label} is {length:,} characters with the opt-out text; an SMS or WhatsApp "
                        f"message may have at most {MESSAGE_LIMIT:,}.",
                    )

    async def create(
        self, session: AsyncSession, body: CampaignIn, actor: Actor, now: datetime
    ) -> AlertCampaign:
        """A draft campaign; nothing is sent until it is sent."""
        fields = await self._texts(session, body)
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
        self, session: AsyncSession, body: CampaignSendNew, actor: Actor, now: datetime
    ) -> AlertCampaign:
        """A new campaign written and sent in the request's one transaction: when the send is refused (nobody
        consenting matches, the time has passed) the error rolls the draft back too, so nothing is left."""
        campaign = await self.create(session, body, actor, now)
        return await self.send(session, campaign.id, body, actor, now)

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
        fields = await self._texts(session, body)
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
        self, session: AsyncSession, campaign_id: str, body: CampaignSend, actor: Actor, now: datetime
    ) -> AlertCampaign:
        """Schedules the campaign now or at a later time (a scheduled one may be moved); its recipients are
        counted now and the clock job writes their messages from the send time. Refused when nobody would
        receive it."""
        campaign = await self.get(session, campaign_id, lock=True)
        self._allowed(campaign, SENDABLE, "sent")
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
        counts |= {c.id: _stored_counts(c) for c in campaigns if c.status == CampaignStatus.DONE.value}
        return [
            CampaignOut.model_validate({**_columns(c), "results": results_of(c, counts.get(c.id, {}))})
            for c in campaigns
        ]

    # ------------------------------------------------------------------------------------ the clock job

    async def _texts_of(self, session: AsyncSession, campaign: AlertCampaign) -> Texts:
        whatsapp = None
        if campaign.template_id:
            template = await repository.free_template(session, campaign.template_id)
            whatsapp = template.whatsapp_template_name if template is not None else None
        return Texts(
            subject={
                Language.EN: campaign.subject_en,
                Language.AR: campaign.subject_ar or campaign.subject_en,
            },
            body={
                Language.EN: campaign.body_en or "",
                Language.AR: campaign.body_ar or campaign.body_en or "",
            },
            whatsapp_template=whatsapp,
        )

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
        writer = Writer(campaign, await self._texts_of(session, campaign), business_vars(business), now, wait)
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


def _stored_counts(campaign: AlertCampaign) -> dict[str, int]:
    """A finished campaign's messages per status as the sweep stored them, back as results_of reads them: the
    stored counts are its results (sent counts the delivered and read too, delivered the read), each status
    here counts its own messages; the rest of those written were cancelled by staff."""
    stored = {
        MessageStatus.SENT.value: max(campaign.sent_count - campaign.delivered_count, 0),
        MessageStatus.DELIVERED.value: max(campaign.delivered_count - campaign.read_count, 0),
        MessageStatus.READ.value: campaign.read_count,
        MessageStatus.FAILED.value: campaign.failed_count,
        "optedOut": campaign.opted_out_count,
    }
    stored[MessageStatus.CANCELLED.value] = max(campaign.queued_count - sum(stored.values()), 0)
    return stored


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
