"""The outbox: messages written with the change that causes them.

`notify` only adds rows to the caller's transaction (no flush, no commit): the message lands with the change
or not at all, and a rolled-back change sends nothing. Delivery is the dispatcher's work (alerts/delivery).
"""

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from jinja2 import TemplateError
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts import repository, templates
from gavel.alerts.catalog import AttachmentKind, Channel, Event, Language, MessageStatus, Origin, localise
from gavel.alerts.context import business_vars, member_vars
from gavel.alerts.models import AlertMessage
from gavel.business.service import business_service
from gavel.db import keep, kept, transaction_of
from gavel.members.models import Member

log = logging.getLogger("gavel.alerts")

CHANNELS = tuple(Channel)
CATALOG = "alerts.catalog"  # session.info: {event: [Ready]}, the templates read in this transaction


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


def forget_templates(session: AsyncSession) -> None:
    """After a template or switch changed in this transaction, the next message reads them again."""
    session.info.pop(CATALOG, None)


class Outbox:
    async def _ready(self, session: AsyncSession, event: Event) -> list[Ready]:
        """The event's templates switched on, per channel: one query per event and transaction (a batch of
        100 approvals reads them once)."""
        transaction = await transaction_of(session)
        catalog: dict[Event, list[Ready]] | None = kept(session, CATALOG, transaction)
        if catalog is None:
            catalog = {}
            keep(session, CATALOG, transaction, catalog)
        found = catalog.get(event)
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
            catalog[event] = found
        return found

    def forget_templates(self, session: AsyncSession) -> None:
        forget_templates(session)

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
