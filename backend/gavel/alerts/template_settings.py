"""The texts and switches staff edit: an event's template per channel, the free (promotion) templates, the
preview with sample values, and which event is switched on on which channel."""

from dataclasses import asdict
from typing import Any

from jinja2 import TemplateError
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts import repository, templates
from gavel.alerts.catalog import (
    EVENT_DESCRIPTIONS,
    CampaignStatus,
    Channel,
    Event,
    Language,
    sample_context,
    variables_of,
)
from gavel.alerts.models import AlertSwitch, AlertTemplate
from gavel.alerts.outbox import forget_templates
from gavel.alerts.schemas import (
    Preview,
    PreviewRequest,
    SmsCount,
    SwitchChange,
    SwitchOut,
    TemplateCreate,
    TemplateEntry,
    TemplateUpdate,
    Variable,
)
from gavel.audit.repository import Actor, record_change
from gavel.errors import Conflict, FieldError, Invalid, NotFound

CHANNEL_NAMES = {Channel.SMS: "SMS", Channel.WHATSAPP: "WhatsApp", Channel.EMAIL: "email"}
TEMPLATE_TEXTS = (
    "channel",
    "name",
    "subject_en",
    "subject_ar",
    "body_en",
    "body_ar",
    "whatsapp_template_name",
    "twilio_content_sid_en",
    "twilio_content_sid_ar",
)
# Campaigns whose messages are not all written yet: they still read their template (the WhatsApp name).
WAITING_CAMPAIGNS = (
    CampaignStatus.DRAFT.value,
    CampaignStatus.SCHEDULED.value,
    CampaignStatus.QUEUEING.value,
)


def _variables(event: Event | None) -> list[Variable]:
    return [Variable(name=n, description=d) for n, d in variables_of(event).items()]


class TemplateSettings:
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
        whatsapp_promotion = channel == Channel.WHATSAPP and event is None
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
            # Twilio's Content SIDs: a WhatsApp promotion template's only (events send through Meta's name).
            "twilio_content_sid_en": body.twilio_content_sid_en if whatsapp_promotion else None,
            "twilio_content_sid_ar": body.twilio_content_sid_ar if whatsapp_promotion else None,
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
        forget_templates(session)
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
        forget_templates(session)
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
            forget_templates(session)
        return SwitchOut(event=body.event, channel=body.channel, enabled=body.enabled)
