"""A dispatcher's batch: the messages it claimed, as the providers get them, and what became of each."""

from dataclasses import dataclass, field
from datetime import datetime

from gavel.alerts.catalog import Channel, Origin
from gavel.alerts.delivery.providers import Accepted, Outgoing
from gavel.alerts.delivery.service import reveal
from gavel.alerts.models import AlertMessage
from gavel.alerts.templates import html_part
from gavel.alerts.unsubscribe.mail import html_with_link, text_with_link

NO_UNSUBSCRIBE_LINK = (
    "A promotional email is not sent without its unsubscribe link: set GAVEL_PUBLIC_URL (the address members "
    "reach Gavel at) and retry it"
)


@dataclass
class Claimed:
    """A message taken by this batch: what the provider gets, and what recording needs."""

    message: Outgoing
    attempts: int  # with this one
    origin: str
    template_params: list[str] | None
    attachment_kind: str | None
    attachment_id: str | None


@dataclass
class Batch:
    claim: str
    claimed_at: datetime
    started: float  # time.monotonic() at the claim
    messages: list[Claimed] = field(default_factory=list)
    handled: int = 0  # claimed, cancelled or deferred


@dataclass
class Outcome:
    kind: str  # sent, retry, deferred, failed, released
    accepted: Accepted | None = None
    provider: str | None = None
    reason: str | None = None
    retry_after: float | None = None
    not_before: datetime | None = None
    uncertain: bool = False


def snapshot(m: AlertMessage, attempts: int, unsubscribe_url: str | None = None) -> Claimed:
    """The claimed message as the provider gets it: its secrets revealed, an email's HTML part made, a
    promotional email's unsubscribe line added to both parts (links.py makes the link)."""
    params = list(m.template_params) if m.template_params else None
    origin = m.origin
    body = reveal(origin, m.body, params) or ""
    body_html = reveal(
        origin, html_part(m.channel, m.body_html, m.subject, m.body, m.language), params, escape=True
    )
    if unsubscribe_url:
        body = text_with_link(body, unsubscribe_url, m.language)
        body_html = html_with_link(body_html, unsubscribe_url, m.language) if body_html else None
    outgoing = Outgoing(
        id=m.id,
        channel=m.channel,
        recipient=m.recipient,
        recipient_name=m.recipient_name,
        language=m.language,
        subject=reveal(origin, m.subject, params),
        body=body,
        body_html=body_html,
        whatsapp_template=m.whatsapp_template,
        template_params=tuple(params or ()) if _sends_variables(m) else (),
        promotional=origin == Origin.CAMPAIGN,
        unsubscribe_url=unsubscribe_url,
        content_sid=m.twilio_content_sid if m.channel == Channel.WHATSAPP else None,
    )
    return Claimed(
        message=outgoing,
        attempts=attempts,
        origin=origin,
        template_params=params,
        attachment_kind=m.attachment_kind if m.channel == Channel.EMAIL else None,
        attachment_id=m.attachment_id,
    )


def _sends_variables(m: AlertMessage) -> bool:
    """Whether the provider gets the message's values as a template's variables: an event's or a campaign's
    always; a system message's (its values are its secret, a one-time code) only by a WhatsApp template, whose
    approved text has the code as its variable."""
    return m.origin != Origin.SYSTEM or (m.channel == Channel.WHATSAPP and bool(m.whatsapp_template))


def refusal(message: Outgoing) -> str | None:
    """Why a claimed message is not handed to its provider at all (it fails): a promotional email without
    its unsubscribe link."""
    if message.promotional and message.channel == Channel.EMAIL and not message.unsubscribe_url:
        return NO_UNSUBSCRIBE_LINK
    return None
