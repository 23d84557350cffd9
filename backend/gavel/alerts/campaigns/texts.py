"""A draft's texts, checked when it is written or edited: a free template's texts fill what the body leaves
out, both languages (and both subjects for email) are needed, variables are a promotion's (member, business),
and each text renders with the sample member as the preview shows it."""

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts import templates
from gavel.alerts.campaigns import repository
from gavel.alerts.campaigns.promotional import MESSAGE_LIMIT, OPT_OUT, QUIET_CHANNELS
from gavel.alerts.campaigns.schemas import CampaignIn
from gavel.alerts.catalog import Channel, Language, sample_context
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
    if body.template_id:
        template = await repository.free_template(session, body.template_id)
        if template is None or template.event is not None or template.channel != body.channel.value:
            raise Invalid.field(
                "templateId", f"Choose a promotion template of the {CHANNEL_WORDS[body.channel]} channel."
            )
        for name in ("subject_en", "subject_ar", "body_en", "body_ar"):
            fields[name] = fields[name] or getattr(template, name)
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
    _renders(fields, body.channel)
    return fields


def _renders(fields: dict[str, Any], channel: Channel) -> None:
    """Each text rendered with the sample member in its language, as the preview shows it: an expression
    Jinja reads but cannot compute (`{{ member.firstName / 2 }}`) is refused now, not at queueing time,
    and so is an SMS or WhatsApp text the providers would refuse as too long (with the opt-out text)."""
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
            length = len(f"{text}\n{OPT_OUT[language]}")
            if length > MESSAGE_LIMIT:
                raise Invalid.field(
                    field,
                    f"The {label} is {length:,} characters with the opt-out text; an SMS or WhatsApp "
                    f"message may have at most {MESSAGE_LIMIT:,}.",
                )
