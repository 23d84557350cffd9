"""The rules of alerts: messages written to the outbox with the change that causes them, the templates and
switches staff edit, and what staff may do with a message (retry, cancel).

`alert_service.notify` only adds rows to the caller's transaction (no flush, no commit): the message lands
with the change or not at all, and a rolled-back change sends nothing. Delivery is the dispatcher's work.
"""

import logging
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from jinja2 import TemplateError
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts import repository, templates
from gavel.alerts.catalog import (
    CANCELLABLE,
    EVENT_DESCRIPTIONS,
    RETRYABLE,
    AttachmentKind,
    CampaignStatus,
    Channel,
    Event,
    Language,
    MessageStatus,
    Origin,
    localise,
    sample_context,
    variables_of,
)
from gavel.alerts.context import business_vars, member_vars
from gavel.alerts.models import AlertMessage, AlertMessageEvent, AlertSwitch, AlertTemplate
from gavel.alerts.schemas import (
    MessageDetail,
    MessageOut,
    Preview,
    PreviewRequest,
    SmsCount,
    SwitchChange,
    SwitchOut,
    TemplateCreate,
    TemplateEntry,
    TemplateUpdate,
    TimelineEntry,
    Variable,
)
from gavel.audit.repository import Actor, record_change
from gavel.business.service import business_service
from gavel.core.bulk import all_found, plural, unique_ids
from gavel.errors import Conflict, FieldError, Invalid, NotFound
from gavel.members.models import Member

log = logging.getLogger("gavel.alerts")

CHANNELS = tuple(Channel)
CATALOG = (
    "alerts.catalog"  # session.info: (transaction, {event: [Ready]}), the templates read this transaction
)
SNIPPET = 160
CHANNEL_NAMES = {Channel.SMS: "SMS", Channel.WHATSAPP: "WhatsApp", Channel.EMAIL: "email"}
TEMPLATE_TEXTS = (
    "channel",
    "name",
    "subject_en",
    "subject_ar",
    "body_en",
    "body_ar",
    "whatsapp_template_name",
)
# Campaigns whose messages are not all written yet: they still read their template (the WhatsApp name).
WAITING_CAMPAIGNS = (
    CampaignStatus.DRAFT.value,
    CampaignStatus.SCHEDULED.value,
    CampaignStatus.QUEUEING.value,
)


@dataclass(frozen=True)
class Ready:
    """An event's template on a channel that is switched on, as read once per transaction."""

    channel: Channel
    template_id: str
    subject: dict[str, str | None]
    body: dict[str, str]
    whatsapp_template_name: str | None


def _search_text(message: AlertMessage) -> str:
    values = [message.recipient, message.recipient.lstrip("+"), message.recipient_name, message.subject]
    values.append(message.body)
    return " | ".join(v.lower() for v in values if v)


def _variables(event: Event | None) -> list[Variable]:
    return [Variable(name=n, description=d) for n, d in variables_of(event).items()]


def message_out(message: AlertMessage) -> MessageOut:
    snippet = message.body if len(message.body) <= SNIPPET else message.body[: SNIPPET - 1] + "…"
    return MessageOut.model_validate({**_columns(message), "snippet": snippet})


def _columns(message: AlertMessage) -> dict[str, Any]:
    return {c.key: getattr(message, c.key) for c in AlertMessage.__mapper__.column_attrs}


def message_detail(message: AlertMessage) -> MessageDetail:
    first = TimelineEntry(at=message.created_at, status=MessageStatus.QUEUED.value, detail="Written")
    timeline = [first, *(TimelineEntry.model_validate(e) for e in message.timeline)]
    sms = SmsCount(**asdict(templates.sms_segments(message.body))) if message.channel == Channel.SMS else None
    out = message_out(message)
    columns = _columns(message)
    if message.origin == Origin.SYSTEM:
        columns["template_params"] = None  # a one-time code or temporary password waiting to be sent
    columns["body_html"] = templates.html_part(
        message.channel, message.body_html, message.subject, message.body, message.language
    )
    return MessageDetail.model_validate({**out.model_dump(), **columns, "sms": sms, "timeline": timeline})


def _describe(messages: list[AlertMessage]) -> str:
    names = ", ".join(f"{m.recipient} ({m.event or m.origin}) is {m.status}" for m in messages[:5])
    more = f" and {len(messages) - 5} more" if len(messages) > 5 else ""
    return names + more


class AlertService:
    # ------------------------------------------------------------------------------------ writing messages

    async def _ready(self, session: AsyncSession, event: Event) -> list[Ready]:
        """The event's templates switched on, per channel: one query per event and transaction (a batch of
        100 approvals reads them once)."""
        if not session.in_transaction():
            await session.connection()
        transaction = session.sync_session.get_transaction()
        cached: tuple[object, dict[Event, list[Ready]]] | None = session.info.get(CATALOG)
        if cached is None or cached[0] is not transaction:
            cached = (transaction, {})
            session.info[CATALOG] = cached
        found = cached[1].get(event)
        if found is None:
            found = [
                Ready(
                    channel=Channel(t.channel),
                    template_id=t.id,
                    subject={"en": t.subject_en, "ar": t.subject_ar or t.subject_en},
                    body={"en": t.body_en, "ar": t.body_ar},
                    whatsapp_template_name=t.whatsapp_template_name,
                )
                for t, enabled in await repository.event_templates(session, event)
                if enabled is not False
            ]
            found.sort(key=lambda r: CHANNELS.index(r.channel))
            cached[1][event] = found
        return found

    def forget_templates(self, session: AsyncSession) -> None:
        """After a template or switch changed in this transaction, the next message reads them again."""
        session.info.pop(CATALOG, None)

    async def notify(
        self,
        session: AsyncSession,
        event: Event,
        member: Member,
        context: dict[str, Any],
        now: datetime,
        *,
        attachment: tuple[AttachmentKind, str] | None = None,
    ) -> list[AlertMessage]:
        """One queued message per channel the event is switched on and the member can receive (email needs an
        email, SMS and WhatsApp a phone), in the member's language, rendered now and kept as sent. `context`
        holds the event's variables besides `member` and `business`; an email carries the attachment."""
        ready = await self._ready(session, event)
        if not ready:
            return []
        language = Language.AR if member.preferred_language == Language.AR else Language.EN
        business = await business_service.get(session)
        values = localise(
            {**context, "member": member_vars(member), "business": business_vars(business)}, language
        )
        written = []
        for entry in ready:
            recipient = member.email if entry.channel == Channel.EMAIL else member.phone
            if not recipient:
                continue
            message = self._render(entry, event, language, values, now)
            message.member_id = member.id
            message.recipient = recipient
            message.recipient_name = values["member"]["fullName"]
            if attachment is not None and entry.channel == Channel.EMAIL:
                message.attachment_kind, message.attachment_id = attachment[0].value, attachment[1]
            message.search_text = _search_text(message)
            session.add(message)
            written.append(message)
        return written

    def _render(
        self, entry: Ready, event: Event, language: Language, values: dict[str, Any], now: datetime
    ) -> AlertMessage:
        message = AlertMessage(
            channel=entry.channel.value,
            origin=Origin.EVENT.value,
            event=event.value,
            language=language.value,
            template_id=entry.template_id,
            status=MessageStatus.QUEUED.value,
            attempts=0,
            next_attempt_at=now,
            created_at=now,
            updated_at=now,
        )
        source = entry.body[language]
        try:
            subject_source = entry.subject[language] if entry.channel == Channel.EMAIL else None
            message.subject = templates.render(subject_source, values) if subject_source else None
            message.body = templates.render(source, values)
            if entry.channel == Channel.EMAIL:
                message.body_html = templates.email_html(message.subject or "", message.body, language)
            if entry.channel == Channel.WHATSAPP:
                message.whatsapp_template = entry.whatsapp_template_name
                message.template_params = [
                    templates.value_of(values, p) for p in templates.variables_in(source)
                ]
        except TemplateError as exc:
            # Templates are checked when saved, so this is a bug; the change still happens and staff see why.
            log.exception("alert template could not be rendered", extra={"event": event.value})
            message.body = message.body or ""
            message.status = MessageStatus.FAILED.value
            message.failed_at = now
            message.last_error = f"The template could not be rendered: {exc}"
        return message

    # ------------------------------------------------------------------------------------ staff actions

    async def _messages(self, session: AsyncSession, ids: list[str]) -> list[AlertMessage]:
        wanted = unique_ids(ids)
        messages = all_found(await repository.by_ids(session, wanted), wanted, "messages")
        messages.sort(key=lambda m: wanted.index(m.id))
        return messages

    async def _move(
        self,
        session: AsyncSession,
        ids: list[str],
        *,
        to: MessageStatus,
        allowed_from: tuple[MessageStatus, ...],
        verb: str,
        values: dict[str, Any],
        detail: str,
        actor: Actor,
        now: datetime,
    ) -> int:
        """All or nothing: messages already in the wanted status are left alone (a double click changes
        nothing); any other message not in an allowed status refuses the whole change, naming it."""
        messages = await self._messages(session, ids)
        blocked = [m for m in messages if m.status != to and m.status not in allowed_from]
        if blocked:
            raise self._blocked(blocked, verb, allowed_from)
        moved = 0
        for message in sorted(messages, key=lambda m: m.id):  # one order of row locks for every request
            if message.status == to:
                continue
            old, old_error = message.status, message.last_error
            if not await repository.claim_status(session, message.id, old, {"status": to.value, **values}):
                await session.refresh(message)  # a dispatcher moved it meanwhile
                if message.status == to:
                    continue
                raise self._blocked([message], verb, allowed_from)
            message.status = to.value
            for name, value in values.items():
                setattr(message, name, value)
            was = f" (was {old}{': ' + old_error if old_error else ''})"
            session.add(
                AlertMessageEvent(message_id=message.id, at=now, status=to.value, detail=detail + was)
            )
            await record_change(
                session,
                actor,
                f"alert_message.{verb}",
                "alert_message",
                message.id,
                old={"status": old},
                new={"status": to.value},
            )
            moved += 1
        await session.flush()
        return moved

    @staticmethod
    def _blocked(blocked: list[AlertMessage], verb: str, allowed: tuple[MessageStatus, ...]) -> Conflict:
        which = " or ".join(s.value for s in allowed)
        return Conflict(
            f"Only {which} messages can be {verb}: {_describe(blocked)}.",
            errors=[FieldError(field=m.id, message=f"{m.recipient} is {m.status}.") for m in blocked],
            extra={"blocked": [m.id for m in blocked]},
        )

    async def retry(self, session: AsyncSession, ids: list[str], actor: Actor, now: datetime) -> int:
        """Failed or cancelled messages are queued again with their attempts reset; the dispatcher sends them
        as a new delivery (a new provider message id)."""
        return await self._move(
            session,
            ids,
            to=MessageStatus.QUEUED,
            allowed_from=RETRYABLE,
            verb="retried",
            values={
                "attempts": 0,
                "next_attempt_at": now,
                "failed_at": None,
                "cancelled_at": None,
                "provider_message_id": None,
                "claimed_at": None,
                "claimed_by": None,
                "updated_at": now,
            },
            detail=f"Retried by {actor.email}",
            actor=actor,
            now=now,
        )

    async def cancel(self, session: AsyncSession, ids: list[str], actor: Actor, now: datetime) -> int:
        """Queued or failed messages are not sent; a message a dispatcher is sending cannot be stopped."""
        return await self._move(
            session,
            ids,
            to=MessageStatus.CANCELLED,
            allowed_from=CANCELLABLE,
            verb="cancelled",
            values={"cancelled_at": now, "next_attempt_at": None, "updated_at": now},
            detail=f"Cancelled by {actor.email}",
            actor=actor,
            now=now,
        )

    async def message(self, session: AsyncSession, message_id: str) -> AlertMessage:
        found = await repository.with_timeline(session, message_id)
        if found is None:
            raise NotFound("This message does not exist.")
        return found

    # ------------------------------------------------------------------------------------ templates

    async def templates_of(self, session: AsyncSession, channel: Channel) -> list[TemplateEntry]:
        """The channel's event templates in the order of the events, then the free templates by name."""
        order = list(Event)
        found = await repository.templates_of_channel(session, channel)
        found.sort(key=lambda t: (0, order.index(Event(t.event)), "") if t.event else (1, 0, t.name.lower()))
        return [self._entry(t) for t in found]

    def _entry(self, template: AlertTemplate) -> TemplateEntry:
        event = Event(template.event) if template.event else None
        return TemplateEntry.model_validate(
            {
                **{c.key: getattr(template, c.key) for c in AlertTemplate.__mapper__.column_attrs},
                "description": EVENT_DESCRIPTIONS[event] if event else None,
                "variables": _variables(event),
            }
        )

    def _fields(self, channel: Channel, event: Event | None, body: TemplateUpdate) -> dict[str, Any]:
        """The template's columns from the body, checked: both subjects for email, only the variables of its
        event (a promotion's: member.*, business.*) and, for a promotion, texts that render with the sample
        member as a campaign's must; the WhatsApp template name kept for WhatsApp only."""
        email = channel == Channel.EMAIL
        subjects = (body.subject_en, body.subject_ar) if email else (None, None)
        if email:
            missing = [
                FieldError(field=f, message="Enter the subject of the email.")
                for f, v in (("subjectEn", subjects[0]), ("subjectAr", subjects[1]))
                if not v
            ]
            if missing:
                raise Invalid("Enter the subject of the email in English and Arabic.", errors=missing)
        texts = {
            "subjectEn": subjects[0],
            "subjectAr": subjects[1],
            "bodyEn": body.body_en,
            "bodyAr": body.body_ar,
        }
        templates.check(texts, event)
        if event is None:
            for field, source in texts.items():
                language = Language.AR if field.endswith("Ar") else Language.EN
                try:
                    if source:
                        templates.render(source, sample_context(None, language))
                except Exception as exc:  # an expression Jinja reads but cannot compute
                    label = templates.LABELS[field]
                    raise Invalid.field(field, f"The {label} cannot be rendered: {exc}.") from exc
        return {
            "name": body.name,
            "subject_en": subjects[0],
            "subject_ar": subjects[1],
            "body_en": body.body_en,
            "body_ar": body.body_ar,
            "whatsapp_template_name": body.whatsapp_template_name if channel == Channel.WHATSAPP else None,
        }

    async def _unique_name(
        self, session: AsyncSession, channel: Channel, name: str, own_id: str | None = None
    ) -> None:
        twin = await repository.template_named(session, channel, name)
        if twin is not None and twin.id != own_id:
            message = f'The {CHANNEL_NAMES[channel]} channel already has a template named "{twin.name}".'
            raise Conflict(message, errors=[FieldError(field="name", message=message)])

    async def create_template(
        self, session: AsyncSession, body: TemplateCreate, actor: Actor
    ) -> TemplateEntry:
        """A promotion template (no event) of a channel, with a name no other template of the channel has."""
        fields = self._fields(body.channel, None, body)
        await self._unique_name(session, body.channel, body.name)
        template = AlertTemplate(channel=body.channel.value, event=None, created_by_id=actor.id, **fields)
        session.add(template)
        await session.flush()
        await record_change(
            session,
            actor,
            "alert_template.created",
            "alert_template",
            template.id,
            new={"channel": body.channel.value, **fields},
        )
        return self._entry(template)

    async def update_template(
        self, session: AsyncSession, template_id: str, body: TemplateUpdate, actor: Actor
    ) -> TemplateEntry:
        template = await repository.template(session, template_id)
        if template is None:
            raise NotFound("This template does not exist.")
        event = Event(template.event) if template.event else None
        channel = Channel(template.channel)
        fields = self._fields(channel, event, body)
        before = {name: getattr(template, name) for name in fields}
        if before == fields:
            return self._entry(template)
        if fields["name"] != before["name"]:
            await self._unique_name(session, channel, body.name, template.id)
        for name, value in fields.items():
            setattr(template, name, value)
        await session.flush()
        await record_change(
            session, actor, "alert_template.updated", "alert_template", template.id, old=before, new=fields
        )
        self.forget_templates(session)
        return self._entry(template)

    async def delete_template(self, session: AsyncSession, template_id: str, actor: Actor) -> str:
        """Deletes a promotion template. An event's template is never deleted (its event would have no text:
        switch the event off instead). A campaign copies the template's texts when it is written, but a
        WhatsApp campaign reads the Meta template name from it when it queues its messages, so the template
        is kept while a campaign not yet queued (draft, scheduled, queueing) uses it; sent messages and
        finished campaigns keep their texts and lose only the link (template_id set empty)."""
        template = await repository.template(session, template_id)
        if template is None:
            raise NotFound("This template does not exist.")
        if template.event is not None:
            raise Conflict(
                f'"{template.name}" is the template of an event and cannot be deleted; switch the event off '
                "on this channel to stop its messages."
            )
        waiting = await repository.campaigns_using(session, template.id, WAITING_CAMPAIGNS)
        if waiting:
            names = ", ".join(f'"{c.name}" ({c.status})' for c in waiting[:5])
            more = f" and {len(waiting) - 5} more" if len(waiting) > 5 else ""
            raise Conflict(
                f'"{template.name}" is used by campaigns not yet sent: {names}{more}. Send or cancel them, '
                "or choose another template in them, before deleting it.",
                extra={"campaigns": [c.id for c in waiting]},
            )
        before = {name: getattr(template, name) for name in TEMPLATE_TEXTS}
        await record_change(
            session, actor, "alert_template.deleted", "alert_template", template.id, old=before
        )
        await session.delete(template)
        await session.flush()
        self.forget_templates(session)
        return f'The template "{template.name}" was deleted.'

    def preview(self, body: PreviewRequest) -> Preview:
        """The text with sample values, checked as a save would check it; segments for SMS."""
        email = body.channel == Channel.EMAIL
        subject_source = body.subject if email else None
        templates.check({"subject": subject_source, "body": body.body}, body.event)
        values = sample_context(body.event, body.language)
        try:
            subject = templates.render(subject_source, values) if subject_source else None
            text = templates.render(body.body, values)
        except TemplateError as exc:
            raise Invalid.field("body", f"The text cannot be rendered: {exc}") from exc
        return Preview(
            subject=subject,
            body=text,
            body_html=templates.email_html(subject or "", text, body.language) if email else None,
            sms=SmsCount(**asdict(templates.sms_segments(text))) if body.channel == Channel.SMS else None,
            variables=_variables(body.event),
        )

    # ------------------------------------------------------------------------------------ switches

    async def switches(self, session: AsyncSession) -> list[SwitchOut]:
        """Every event on every channel; on unless switched off."""
        rows = {(s.event, s.channel): s.enabled for s in await repository.switches(session)}
        return [
            SwitchOut(event=event, channel=channel, enabled=rows.get((event.value, channel.value), True))
            for event in Event
            for channel in Channel
        ]

    async def set_switch(self, session: AsyncSession, body: SwitchChange, actor: Actor) -> SwitchOut:
        row = await repository.switch(session, body.event, body.channel)
        before = row.enabled if row is not None else True
        if before != body.enabled:
            if row is None:
                row = AlertSwitch(event=body.event.value, channel=body.channel.value, enabled=body.enabled)
                session.add(row)
            row.enabled = body.enabled
            await session.flush()
            await record_change(
                session,
                actor,
                "alert_switch.changed",
                "alert_switch",
                f"{body.event.value}:{body.channel.value}",
                old={"enabled": before},
                new={"enabled": body.enabled},
            )
            self.forget_templates(session)
        return SwitchOut(event=body.event, channel=body.channel, enabled=body.enabled)


def changed_message(count: int, verb: str) -> str:
    return f"{plural(count, 'message')} {verb}."


alert_service = AlertService()
