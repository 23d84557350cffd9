"""The demo's promotion templates (issue 28): one per channel, so that a campaign can be sent on every channel
from the first start. The WhatsApp one names a template as Meta's WhatsApp Manager would have approved it
(`gavel_next_auction`, its variables {{1}} and {{2}} the member's first name and the business's name); it has
no Twilio Content SIDs, which only a real Twilio account makes (Meta's Cloud API and the local outbox need
none). Loaded once with the rest of the demo; a template of the same name on its channel is left as it is."""

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts import repository
from gavel.alerts.catalog import Channel
from gavel.alerts.models import AlertTemplate


@dataclass(frozen=True)
class DemoTemplate:
    channel: Channel
    name: str
    body_en: str
    body_ar: str
    subject_en: str | None = None
    subject_ar: str | None = None
    whatsapp_template_name: str | None = None


TEMPLATES = (
    DemoTemplate(
        Channel.SMS,
        "Next auction",
        "Hello {{ member.firstName }}, the next {{ business.name }} auction opens this week. See the "
        "vehicles in the app.",
        "مرحباً {{ member.firstName }}، يبدأ مزاد {{ business.name }} القادم هذا الأسبوع. شاهد المركبات في "
        "التطبيق.",
    ),
    DemoTemplate(
        Channel.WHATSAPP,
        "Next auction",
        "Hello {{ member.firstName }}, the next {{ business.name }} auction opens this week. Reply to ask "
        "about a vehicle.",
        "مرحباً {{ member.firstName }}، يبدأ مزاد {{ business.name }} القادم هذا الأسبوع. راسلنا للسؤال عن أي "
        "مركبة.",
        whatsapp_template_name="gavel_next_auction",
    ),
    DemoTemplate(
        Channel.EMAIL,
        "Next auction",
        "Dear {{ member.firstName }},\n\nThe next {{ business.name }} auction opens this week, with saloons, "
        "SUVs and classic cars. See the vehicles and their inspection reports before the sale.\n\n"
        "{{ business.name }}",
        "عزيزي {{ member.firstName }}،\n\nيبدأ مزاد {{ business.name }} القادم هذا الأسبوع، ويضم سيارات "
        "صالون ودفع رباعي وسيارات كلاسيكية. اطلع على المركبات وتقارير فحصها قبل المزاد.\n\n"
        "{{ business.name }}",
        subject_en="The next auction opens this week",
        subject_ar="المزاد القادم يبدأ هذا الأسبوع",
    ),
)


async def load_alerts(session: AsyncSession) -> dict[str, int]:
    """The promotion templates, each once; how many were added."""
    added = 0
    for demo in TEMPLATES:
        if await repository.template_named(session, demo.channel, demo.name) is not None:
            continue
        session.add(
            AlertTemplate(
                event=None,
                channel=demo.channel.value,
                name=demo.name,
                subject_en=demo.subject_en,
                subject_ar=demo.subject_ar,
                body_en=demo.body_en,
                body_ar=demo.body_ar,
                whatsapp_template_name=demo.whatsapp_template_name,
            )
        )
        added += 1
    await session.flush()
    return {"promotionTemplates": added}
