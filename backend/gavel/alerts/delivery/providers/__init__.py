"""The one small interface every provider implements (the choice of a provider per channel is choice.py).

A provider gets an `Outgoing` message (a snapshot taken when the dispatcher claimed it, with its attachments
made) and answers `Accepted` (with the provider's message id) or raises `SendFailed`, saying whether trying
again may help (`retryable`), whether the provider may have accepted it anyway (`uncertain`: a timeout after
the request was written), whether the rest of the batch should not try it now (`pause`: the provider is down,
refuses our credentials or asks us to slow down) and when to come back (`retry_after`, its Retry-After).
"""

from dataclasses import dataclass, field
from datetime import datetime
from email.utils import parsedate_to_datetime
from typing import Protocol

import httpx


@dataclass(frozen=True)
class Attachment:
    filename: str
    content_type: str
    data: bytes


@dataclass(frozen=True)
class Outgoing:
    """What a provider needs of a message, detached from the database session."""

    id: str
    channel: str
    recipient: str
    recipient_name: str | None
    language: str
    subject: str | None
    body: str
    body_html: str | None
    whatsapp_template: str | None = None
    template_params: tuple[str, ...] = ()
    attachments: tuple[Attachment, ...] = field(default=())
    # A promotion (origin campaign): an SMS leaves from the promotional sender, an email carries its member's
    # unsubscribe link (in the text, the HTML and the List-Unsubscribe headers).
    promotional: bool = False
    unsubscribe_url: str | None = None
    # WhatsApp through Twilio: the approved template's Content SID (template_params are its variables).
    content_sid: str | None = None


@dataclass(frozen=True)
class Accepted:
    """The provider took the message: its id for the message (status callbacks find the message by it), and
    whether it is delivered already (the local outbox)."""

    provider_message_id: str | None
    delivered: bool = False
    detail: str = ""


class SendFailed(Exception):
    def __init__(
        self,
        reason: str,
        *,
        retryable: bool,
        uncertain: bool = False,
        pause: bool = False,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retryable = retryable
        self.uncertain = uncertain
        self.pause = pause
        self.retry_after = retry_after


class Provider(Protocol):
    name: str

    async def send(self, message: Outgoing) -> Accepted: ...

    async def aclose(self) -> None: ...


def retry_after_seconds(value: str | None, now: datetime) -> float | None:
    """A Retry-After header: seconds, or an HTTP date."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, (when - now).total_seconds())


def http_failure(exc: httpx.HTTPError) -> SendFailed:
    """A transport error: before the request left (safe to send again) or after (the provider may have
    accepted it: uncertain)."""
    name = type(exc).__name__
    if isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout | httpx.PoolTimeout):
        return SendFailed(f"The provider could not be reached ({name}: {exc})", retryable=True, pause=True)
    return SendFailed(
        f"No answer from the provider ({name}: {exc}); it may have accepted the message",
        retryable=True,
        uncertain=True,
    )


def status_failure(status: int, reason: str, retry_after: float | None) -> SendFailed:
    """An HTTP error answer: throttling, server errors and our credentials are retried (and pause the rest of
    the batch), anything else about the message itself is final."""
    text = f"HTTP {status}: {reason}"
    if status == 429:
        return SendFailed(text, retryable=True, pause=True, retry_after=retry_after)
    if status in (401, 403):
        return SendFailed(text, retryable=True, pause=True, retry_after=retry_after)
    if status == 408 or status >= 500:
        return SendFailed(text, retryable=True, retry_after=retry_after)
    return SendFailed(text, retryable=False)
