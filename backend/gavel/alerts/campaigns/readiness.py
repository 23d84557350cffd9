"""Whether a campaign on a channel may be sent, by the UAE's rules and what its provider needs: the Send check
and the campaign dialog's options are this one module, so the dialog says before Send what Send would refuse.

- SMS: promotions leave from a promotional sender ID of their own (GAVEL_SMS_PROMO_FROM, 'AD-...'; TDRA).
- Email: every promotional email carries an unsubscribe link to this server (GAVEL_PUBLIC_URL).
- WhatsApp: marketing goes only through a template approved in Meta's WhatsApp Manager, chosen by name (Meta's
  Cloud API) or by its Content SID per language (Twilio).
"""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.campaigns import repository
from gavel.alerts.campaigns.schemas import (
    CampaignOptions,
    ChannelOptions,
    EmailOptions,
    SmsOptions,
    WhatsappOptions,
)
from gavel.alerts.catalog import Channel
from gavel.alerts.delivery.providers.choice import chosen
from gavel.alerts.models import AlertCampaign, AlertTemplate
from gavel.business.service import business_service
from gavel.config import Settings
from gavel.errors import Conflict, FieldError, Invalid

NO_PROMO_SENDER = (
    "SMS campaigns need a promotional sender ID: the UAE's rules send promotions from a sender of their own "
    "that starts with AD- (e.g. AD-GAVEL). Set GAVEL_SMS_PROMO_FROM to the one registered for the business "
    "and restart Gavel."
)
NO_PUBLIC_URL = (
    "Email campaigns need GAVEL_PUBLIC_URL, the address members reach Gavel at (e.g. "
    "https://gavel.example.com): every promotional email carries an unsubscribe link to it. Set it and "
    "restart Gavel."
)
TEMPLATES_ONLY = (
    "Choose a WhatsApp promotion template: WhatsApp only delivers marketing messages through templates "
    "approved in Meta's WhatsApp Manager, so a WhatsApp campaign cannot be free text."
)
NO_WHATSAPP_TEMPLATE = (
    "Add a WhatsApp promotion template first (Alerts, Templates, WhatsApp) with the name of a template "
    "approved in Meta's WhatsApp Manager: WhatsApp only delivers marketing messages through approved "
    "templates."
)
LANGUAGE_WORDS = {"en": "English", "ar": "Arabic"}


def sms_refusal(settings: Settings) -> str | None:
    return None if settings.sms_promo_from else NO_PROMO_SENDER


def email_refusal(settings: Settings) -> str | None:
    return None if settings.public_url else NO_PUBLIC_URL


def whatsapp_provider(settings: Settings) -> str:
    return chosen(settings)[Channel.WHATSAPP.value]


def template_refusal(settings: Settings, template: AlertTemplate) -> str | None:
    """What the WhatsApp provider in effect lacks of this promotion template: Meta sends it by its approved
    name, Twilio by its Content SID in each language (the local outbox needs neither)."""
    provider = whatsapp_provider(settings)
    if provider == "meta" and not template.whatsapp_template_name:
        return (
            f'The WhatsApp template "{template.name}" has no Meta template name: enter the name of the '
            "template approved in Meta's WhatsApp Manager under Alerts, Templates before sending it."
        )
    if provider == "twilio":
        missing = [
            LANGUAGE_WORDS[language]
            for language, sid in (
                ("en", template.twilio_content_sid_en),
                ("ar", template.twilio_content_sid_ar),
            )
            if not sid
        ]
        if missing:
            which = " and ".join(missing)
            return (
                f'The WhatsApp template "{template.name}" has no Twilio Content SID in {which}: Twilio '
                "sends WhatsApp promotions only as approved content templates. Enter the SID (HX...) of each "
                "language under Alerts, Templates before sending it."
            )
    return None


async def check_sendable(session: AsyncSession, campaign: AlertCampaign, settings: Settings) -> None:
    """Refuses (409, a sentence) a campaign its channel cannot send as the rules want; WhatsApp without a
    promotion template is 422 at templateId (a draft written before templates were required)."""
    channel = Channel(campaign.channel)
    if channel != Channel.WHATSAPP:
        refusal = sms_refusal(settings) if channel == Channel.SMS else email_refusal(settings)
        if refusal:
            raise Conflict(refusal)
        return
    template = await repository.free_template(session, campaign.template_id) if campaign.template_id else None
    if template is None or template.event is not None or template.channel != Channel.WHATSAPP.value:
        raise Invalid.field("templateId", TEMPLATES_ONLY)
    refusal = template_refusal(settings, template)
    if refusal:
        raise Conflict(refusal, errors=[FieldError(field="templateId", message=refusal)])


async def options(session: AsyncSession, settings: Settings) -> CampaignOptions:
    """What the campaign dialog needs before Send: the quiet hours, and per channel whether a campaign would
    be sent (else the sentence why), the SMS sender and opt-out texts, the WhatsApp provider."""
    business = await business_service.current(session)
    sms = sms_refusal(settings)
    email = email_refusal(settings)
    whatsapp = None if await repository.has_whatsapp_promotion_template(session) else NO_WHATSAPP_TEMPLATE
    return CampaignOptions(
        quiet_from=business.promo_quiet_from,
        quiet_until=business.promo_quiet_until,
        channels=ChannelOptions(
            sms=SmsOptions(
                ready=sms is None,
                reason=sms,
                sender=settings.sms_promo_from or None,
                opt_out_en=business.promo_opt_out_en,
                opt_out_ar=business.promo_opt_out_ar,
            ),
            whatsapp=WhatsappOptions(
                ready=whatsapp is None, reason=whatsapp, provider=whatsapp_provider(settings)
            ),
            email=EmailOptions(ready=email is None, reason=email),
        ),
    )
