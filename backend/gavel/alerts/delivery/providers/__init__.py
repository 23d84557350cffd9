"""The one small interface every provider implements, and the choice of a provider per channel.

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

from gavel.alerts.catalog import Channel
from gavel.config import Settings


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


@dataclass
class Providers:
    """The provider of each channel, sharing one HTTP client (a connection pool) for the HTTP ones."""

    by_channel: dict[str, Provider]
    client: httpx.AsyncClient | None = None

    def of(self, channel: str) -> Provider:
        return self.by_channel[channel]

    async def aclose(self) -> None:
        for provider in {id(p): p for p in self.by_channel.values()}.values():
            await provider.aclose()
        if self.client is not None:
            await self.client.aclose()


def chosen(settings: Settings) -> dict[str, str]:
    """The provider's name for each channel, as the settings choose them (README)."""
    email = settings.email_provider
    if email == "auto":
        email = "smtp" if settings.smtp_host else "local"
    twilio = bool(settings.twilio_account_sid and settings.twilio_auth_token)
    sms = settings.sms_provider
    if sms == "auto":
        sender = settings.twilio_sms_from or settings.twilio_messaging_service_sid
        sms = "twilio" if twilio and sender else "local"
    whatsapp = settings.whatsapp_provider
    if whatsapp == "auto":
        if settings.meta_phone_number_id and settings.meta_access_token:
            whatsapp = "meta"
        elif twilio and (settings.twilio_whatsapp_from or settings.twilio_messaging_service_sid):
            whatsapp = "twilio"
        else:
            whatsapp = "local"
    return {Channel.EMAIL.value: email, Channel.SMS.value: sms, Channel.WHATSAPP.value: whatsapp}


def build_providers(settings: Settings) -> Providers:
    """One provider per channel (one Twilio provider serves SMS and WhatsApp)."""
    from gavel.alerts.delivery.providers.local import LocalProvider
    from gavel.alerts.delivery.providers.meta import MetaProvider
    from gavel.alerts.delivery.providers.smtp import SmtpProvider
    from gavel.alerts.delivery.providers.twilio import TwilioProvider

    names = chosen(settings)
    client: httpx.AsyncClient | None = None
    if {"twilio", "meta"} & set(names.values()):
        timeout = settings.dispatch_timeout_seconds
        client = httpx.AsyncClient(
            timeout=httpx.Timeout(timeout, connect=min(5.0, timeout)),
            limits=httpx.Limits(
                max_connections=settings.dispatch_concurrency,
                max_keepalive_connections=settings.dispatch_concurrency,
            ),
        )
    made: dict[str, Provider] = {}
    by_channel: dict[str, Provider] = {}
    for channel, name in names.items():
        if name not in made:
            if name == "local":
                made[name] = LocalProvider(settings.outbox_dir)
            elif name == "smtp":
                made[name] = SmtpProvider(settings)
            elif name == "twilio":
                assert client is not None
                made[name] = TwilioProvider(settings, client)
            else:
                assert client is not None
                made[name] = MetaProvider(settings, client)
        by_channel[channel] = made[name]
    return Providers(by_channel=by_channel, client=client)
