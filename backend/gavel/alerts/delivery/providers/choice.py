"""The provider of each channel, as the settings choose them: the one place that knows every provider (the
providers import the interface in `__init__`, never this)."""

from dataclasses import dataclass

import httpx

from gavel.alerts.catalog import Channel
from gavel.alerts.delivery.providers import Provider
from gavel.alerts.delivery.providers.local import LocalProvider
from gavel.alerts.delivery.providers.meta import MetaProvider
from gavel.alerts.delivery.providers.smtp import SmtpProvider
from gavel.alerts.delivery.providers.twilio import TwilioProvider
from gavel.config import Settings


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
