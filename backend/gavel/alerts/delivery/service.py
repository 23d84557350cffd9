"""The rules of delivery outside the dispatcher: system mails written to the outbox, the providers' status
reports moving a message on, and 'STOP' replies opting a member out of promotions."""

import html
import logging
import re
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts import templates
from gavel.alerts.catalog import Channel, Language, MessageStatus, Origin
from gavel.alerts.delivery import repository
from gavel.alerts.delivery import wake as _wake  # noqa: F401 (registers the wake-up on commit)
from gavel.alerts.models import AlertMessage, AlertMessageEvent
from gavel.core.validation import normalise_phone
from gavel.members.consents import service as consents
from gavel.members.consents.methods import ConsentMethod, PromoChannel

log = logging.getLogger("gavel.alerts.delivery")

# A system mail's secret (a one-time code, a temporary password) is kept out of the text the screens show
# and search: the stored subject and text carry MASK, the secret waits in `template_params` (never shown for
# system messages) and is put back only in the mail sent; it is wiped once the mail is sent.
MASK = "••••••"
# Replies that opt out, after punctuation is dropped and case folded. 'B' and 'BLOCK' are the UAE operators'
# block keywords (the opt-out text says 'send B AD-GAVEL to 7726'; a provider may forward such a reply).
STOP_WORDS = {
    "STOP", "STOPALL", "STOP ALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "OPT OUT", "REVOKE",
    "B", "BLOCK",
    "توقف", "ايقاف", "إيقاف", "الغاء", "إلغاء",
}  # fmt: skip


# ------------------------------------------------------------------------------------------ system mails


def queue_system_mail(
    session: AsyncSession,
    *,
    event: str,
    to: str,
    subject: str,
    body: str,
    now: datetime,
    secret: str | None = None,
    user_id: str | None = None,
    member_id: str | None = None,
    recipient_name: str | None = None,
) -> AlertMessage:
    """A mail of the app itself (origin `system`: a one-time code, a temporary password) added to the caller's
    transaction: it leaves with the change or not at all, and the dispatcher delivers it like any message."""
    if secret:
        subject, body = subject.replace(secret, MASK), body.replace(secret, MASK)
    message = AlertMessage(
        channel=Channel.EMAIL.value,
        origin=Origin.SYSTEM.value,
        event=event,
        user_id=user_id,
        member_id=member_id,
        recipient=to,
        recipient_name=recipient_name,
        language=Language.EN.value,
        subject=subject,
        body=body,
        body_html=templates.email_html(subject, body, Language.EN),
        template_params=[secret] if secret else None,
        status=MessageStatus.QUEUED.value,
        attempts=0,
        next_attempt_at=now,
        created_at=now,
        updated_at=now,
    )
    values = [to, recipient_name, subject, body]
    message.search_text = " | ".join(v.lower() for v in values if v)
    session.add(message)
    return message


def reveal(
    message_origin: str, text: str | None, params: list[str] | None, *, escape: bool = False
) -> str | None:
    """The text as sent: a system mail's secret put back in place of the mask."""
    if text is None or message_origin != Origin.SYSTEM or not params:
        return text
    secret = html.escape(params[0]) if escape else params[0]
    return text.replace(MASK, secret)


# ------------------------------------------------------------------------------------------ status reports


@dataclass(frozen=True)
class StatusReport:
    """What a provider's callback says of a message: its id there, our id when the provider echoes it
    (Twilio's StatusCallback `?m=`, Meta's `biz_opaque_callback_data`), and the status in our words."""

    provider: str
    provider_message_id: str
    status: MessageStatus  # sent, delivered, read or failed
    raw_status: str
    our_id: str | None = None
    error: str | None = None


ORDER = {MessageStatus.SENT: 1, MessageStatus.DELIVERED: 2, MessageStatus.READ: 3}
NOT_YET_SENT = {MessageStatus.QUEUED, MessageStatus.SENDING, MessageStatus.FAILED, MessageStatus.CANCELLED}


async def apply_status(session: AsyncSession, report: StatusReport, now: datetime) -> str:
    """Moves the message on (sent → delivered → read, or failed), never back; answers what happened.

    A report for a message whose provider id we never recorded (the dispatcher crashed or timed out between
    sending and recording) is found by our id and proves the provider accepted it: the message becomes sent
    with that id and is not sent again. A report of another id for a message that has one is a second copy
    (the at-least-once window): it is written in the timeline, the status stays."""
    message = await repository.by_provider_id(session, report.provider_message_id)
    if message is None and report.our_id:
        message = await repository.locked(session, report.our_id)
        if message is not None and message.channel == Channel.EMAIL:
            return "unknown"  # the HTTP providers carry SMS and WhatsApp only
        if message is not None and message.provider_message_id not in (None, report.provider_message_id):
            _note(
                session,
                message,
                now,
                message.status,
                f"{report.provider} reported {report.raw_status} for another copy "
                f"({report.provider_message_id}): this message was accepted twice",
            )
            return "duplicate"
    if message is None:
        return "unknown"
    status = MessageStatus(message.status)
    changed = False
    if message.provider_message_id is None:
        message.provider = report.provider
        message.provider_message_id = report.provider_message_id
        if status in NOT_YET_SENT:
            _move(message, MessageStatus.SENT, now)
            _note(
                session,
                message,
                now,
                MessageStatus.SENT,
                f"{report.provider} reported it accepted ({report.provider_message_id}), an answer the "
                "dispatcher never recorded: it is not sent again",
            )
            status, changed = MessageStatus.SENT, True
    target = report.status
    if target == MessageStatus.FAILED:
        if status in (MessageStatus.QUEUED, MessageStatus.SENDING, MessageStatus.SENT):
            _move(message, MessageStatus.FAILED, now)
            message.last_error = report.error or f"{report.provider}: {report.raw_status}"
            _note(session, message, now, MessageStatus.FAILED, f"{report.provider}: {report.raw_status}"
                  + (f" ({report.error})" if report.error else ""))  # fmt: skip
            return "failed"
        return "kept" if not changed else "sent"
    if status in NOT_YET_SENT or ORDER.get(target, 0) > ORDER.get(status, 0):
        _move(message, target, now)
        _note(session, message, now, target, f"{report.provider}: {report.raw_status}")
        return target.value
    return "kept" if not changed else "sent"


def _move(message: AlertMessage, to: MessageStatus, now: datetime) -> None:
    message.status = to.value
    message.updated_at = now
    if to in (MessageStatus.SENT, MessageStatus.DELIVERED, MessageStatus.READ):
        message.sent_at = message.sent_at or now
        message.next_attempt_at = None
        message.last_error = None
        message.failed_at = None
        message.cancelled_at = None
        if message.origin == Origin.SYSTEM:
            message.template_params = None  # the secret is not kept once the mail is out
    if to in (MessageStatus.DELIVERED, MessageStatus.READ):
        message.delivered_at = message.delivered_at or now
    if to == MessageStatus.READ:
        message.read_at = now
    if to == MessageStatus.FAILED:
        message.failed_at = now
        message.next_attempt_at = None


def _note(session: AsyncSession, message: AlertMessage, now: datetime, status: str, detail: str) -> None:
    session.add(AlertMessageEvent(message_id=message.id, at=now, status=status, detail=detail))


# ------------------------------------------------------------------------------------------ opt-out


def is_stop(text: str | None) -> bool:
    words = re.sub(r"[^\w\s]", "", (text or "").strip()).upper()
    return " ".join(words.split()) in STOP_WORDS


def phone_of(address: str) -> str | None:
    """E.164 from a provider's sender: 'whatsapp:+971…', '+971…' or Meta's digits '971…'."""
    raw = address.removeprefix("whatsapp:").strip()
    if raw and not raw.startswith("+"):
        raw = "+" + raw
    try:
        return normalise_phone(raw)
    except ValueError:
        return None


async def opt_out(session: AsyncSession, channel: Channel, sender: str, via: str, now: datetime) -> int:
    """A 'STOP' reply: the members with that phone no longer receive promotions on the channel, by a
    withdrawal record ('Twilio reply from +971…', audited with it); how many changed."""
    phone = phone_of(sender)
    if phone is None:
        return 0
    changed = 0
    for member in await repository.members_by_phone(session, phone):
        withdrawn = await consents.withdraw_if_given(
            session,
            member.id,
            PromoChannel(channel.value),
            ConsentMethod.REPLY,
            by_name=f"{via.capitalize()} reply from {phone}",
            now=now,
        )
        changed += 1 if withdrawn else 0
    if changed:
        log.info("promotions opt-out", extra={"channel": channel.value, "via": via, "members": changed})
    return changed
