"""A campaign's messages as outbox rows: its texts rendered in each member's language, written in batches."""

import logging
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from itertools import count
from time import time_ns
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts import templates
from gavel.alerts.campaigns import repository
from gavel.alerts.campaigns.promotional import OPT_OUT_CHANNELS, with_opt_out
from gavel.alerts.catalog import Channel, Language, MessageStatus, Origin
from gavel.alerts.models import AlertCampaign, fit_subject

log = logging.getLogger("gavel.alerts.campaigns")


@dataclass(frozen=True)
class Texts:
    subject: dict[Language, str | None]
    body: dict[Language, str]
    whatsapp_template: str | None
    content_sid: dict[Language, str | None]  # Twilio's Content SID of the WhatsApp template per language
    opt_out: dict[Language, str]  # the line a promotional SMS ends with (Business settings)


async def texts_of(session: AsyncSession, campaign: AlertCampaign, opt_out: dict[Language, str]) -> Texts:
    """The texts a campaign's messages are rendered from: a language left empty reads the English one. A
    WhatsApp campaign is its template's, read when its messages are written (each message keeps what it was
    written with): the Meta template name, the Twilio Content SIDs, and the texts, so that the values sent
    follow the approved template's variables even if the template was edited after the draft was written."""
    whatsapp = None
    sids: dict[Language, str | None] = {Language.EN: None, Language.AR: None}
    body_en, body_ar = campaign.body_en, campaign.body_ar
    if campaign.template_id:
        template = await repository.free_template(session, campaign.template_id)
        if template is not None:
            whatsapp = template.whatsapp_template_name
            sids = {Language.EN: template.twilio_content_sid_en, Language.AR: template.twilio_content_sid_ar}
            if campaign.channel == Channel.WHATSAPP.value:
                body_en, body_ar = template.body_en, template.body_ar
    return Texts(
        subject={
            Language.EN: campaign.subject_en,
            Language.AR: campaign.subject_ar or campaign.subject_en,
        },
        body={
            Language.EN: body_en or "",
            Language.AR: body_ar or body_en or "",
        },
        whatsapp_template=whatsapp,
        content_sid=sids,
        opt_out=opt_out,
    )


# The columns a campaign writes (the others keep their NULL): the order of Writer.row's tuples.
COLUMNS = (
    "id", "created_at", "updated_at", "channel", "origin", "campaign_id", "member_id", "recipient",
    "recipient_name", "language", "template_id", "subject", "body", "body_html", "whatsapp_template",
    "twilio_content_sid", "template_params", "status", "attempts", "next_attempt_at", "last_error",
    "failed_at", "search_text",
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
    distinct set of the values the texts use: many members share a first name), the opt-out text of Business
    settings appended to SMS (a WhatsApp promotion is an approved template, which carries its own), the search
    text of the lists.

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
        whatsapp = self.channel == Channel.WHATSAPP
        self.content_sid = {
            language: texts.content_sid[language] if whatsapp else None for language in Language
        }
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
        if self.channel in OPT_OUT_CHANNELS:
            body = with_opt_out(body, self.texts.opt_out[language])
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
            self.whatsapp, self.content_sid[language], params, status, 0,
            self.next_attempt_at if failed_at is None else None, error, failed_at,
            " | ".join(v.lower() for v in search if v),
        )  # fmt: skip
