"""A draft's texts, checked when it is written or edited: a free template's texts fill what the body leaves
out, both languages (and both subjects for email) are needed, variables are a promotion's (member, business),
and each text renders with the sample member as the preview shows it. A WhatsApp campaign is a promotion
template's (approved in Meta's WhatsApp Manager): its texts are the template's, whatever the body says."""

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts import templates
from gavel.alerts.campaigns import repository
from gavel.alerts.campaigns.promotional import (
    MESSAGE_LIMIT,
    OPT_OUT_CHANNELS,
    QUIET_CHANNELS,
    opt_out_texts,
    with_opt_out,
)
from gavel.alerts.campaigns.readiness import TEMPLATES_ONLY
from gavel.alerts.campaigns.schemas import CampaignIn
from gavel.alerts.catalog import Channel, Language, sample_context
from gavel.business.service import business_service
from gavel.errors import FieldError, Invalid

CHANNEL_WORDS = {Channel.SMS: "SMS", Channel.WHATSAPP: "WhatsApp", Channel.EMAIL: "email"}
# The texts of a campaign: the field people see, the column, the language it is rendered in.
TEXT_FIELDS = (
    ("subjectEn", "subject_en", Language.EN),
    ("subjectAr", "subject_ar", Language.AR),
    ("bodyEn", "body_en", Language.EN),
    ("bodyAr", "body_ar", Language.AR),
)


async def draft_texts(session: AsyncSession, body: CampaignIn) -> dict[str, Any]:
    """The campaign's columns from the body: a free template's texts fill what the body leaves out; both
    languages (and both subjects for email) are needed; variables are a promotion's (member, business)."""
    fields: dict[str, Any] = {
        "template_id": body.template_id,
        "subject_en": body.subject_en,
        "subject_ar": body.subject_ar,
        "body_en": body.body_en,
        "body_ar": body.body_ar,
    }
    whatsapp = body.channel == Channel.WHATSAPP
    if whatsapp and not body.template_id:
        raise Invalid.field("templateId", TEMPLATES_ONLY)
    if body.template_id:
        template = await repository.free_template(session, body.template_id)
        if template is None or template.event is not None or template.channel != body.channel.value:
            raise Invalid.field(
                "templateId",
                TEMPLATES_ONLY
                if whatsapp
                else f"Choose a promotion template of the {CHANNEL_WORDS[body.channel]} channel.",
            )
        for name in ("subject_en", "subject_ar", "body_en", "body_ar"):
            # WhatsApp sends the approved template itself: its texts, never the body's.
            fields[name] = getattr(template, name) if whatsapp else fields[name] or getattr(template, name)
    email = body.channel == Channel.EMAIL
    if not email:
        fields["subject_en"] = fields["subject_ar"] = None
    wanted = [
        ("bodyEn", "body_en", "Enter the English text."),
        ("bodyAr", "body_ar", "Enter the Arabic text."),
    ]
    if email:
        wanted += [
            ("subjectEn", "subject_en", "Enter the English subject."),
            ("subjectAr", "subject_ar", "Enter the Arabic subject."),
        ]
    missing = [FieldError(field=f, message=m) for f, name, m in wanted if not fields[name]]
    if missing:
        what = "Enter the text in English and Arabic" + (" with both subjects." if email else ".")
        raise Invalid(what, errors=missing)
    templates.check(
        {
            "subjectEn": fields["subject_en"],
            "subjectAr": fields["subject_ar"],
            "bodyEn": fields["body_en"],
            "bodyAr": fields["body_ar"],
        },
        None,
    )
    opt_out = opt_out_texts(await business_service.get(session)) if body.channel in OPT_OUT_CHANNELS else None
    _renders(fields, body.channel, opt_out)
    return fields


def _renders(fields: dict[str, Any], channel: Channel, opt_out: dict[Language, str] | None) -> None:
    """Each text rendered with the sample member in its language, as the preview shows it: an expression
    Jinja reads but cannot compute (`{{ member.firstName / 2 }}`) is refused now, not at queueing time,
    and so is an SMS or WhatsApp text the providers would refuse as too long (an SMS with the opt-out text
    of Business settings)."""
    for field, name, language in TEXT_FIELDS:
        source = fields[name]
        if not source:
            continue
        label = templates.LABELS[field]
        try:
            text = templates.render(source, sample_context(None, language))
        except Exception as exc:
            raise Invalid.field(field, f"The {label} cannot be rendered: {exc}.") from exc
        if channel in QUIET_CHANNELS and name.startswith("body"):
            length = len(with_opt_out(text, opt_out[language]) if opt_out else text)
            if length > MESSAGE_LIMIT:
                what = " with the opt-out text" if opt_out else ""
                raise Invalid.field(
                    field,
                    f"The {label} is {length:,} characters{what}; an SMS or WhatsApp message may have at "
                    f"most {MESSAGE_LIMIT:,}.",
                )
