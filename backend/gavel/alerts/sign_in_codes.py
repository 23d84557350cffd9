"""The message that carries a member's one-time sign-in code (gavel.bidders), on the channel the member's
address calls for: an email address gets an email, a phone an SMS or a WhatsApp message.

Its own texts, in English and Arabic (the member's language). It is a system message (origin `system`, event
`bidderSignInCode`): sent at any hour, never held by the promotions' quiet hours, and its code is masked in
what the screens show and search (alerts.delivery.service.MASK), put back only in what the provider gets and
wiped once sent. It is queued in the caller's transaction: it leaves with the code or not at all.
"""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts import templates
from gavel.alerts.catalog import Channel, Language, MessageStatus, Origin
from gavel.alerts.delivery.service import MASK
from gavel.alerts.models import AlertMessage
from gavel.business.service import business_service

EVENT = "bidderSignInCode"
# The name of the authentication template approved by Meta for WhatsApp (its one variable is the code).
WHATSAPP_TEMPLATE = "gavel_bidder_sign_in_code"


@dataclass(frozen=True)
class Texts:
    subject: str
    short: str  # SMS and WhatsApp
    email: str


TEXTS: dict[str, Texts] = {
    Language.EN: Texts(
        subject="Your {business} sign-in code: {code}",
        short="{business}: your sign-in code is {code}. It is valid for {minutes} minutes. Do not share it "
        "with anyone.",
        email="Dear {name},\n\nYour {business} sign-in code is {code}.\nIt is valid for {minutes} minutes "
        "and can be used once. Do not share it with anyone: our staff will never ask for it.\n\nIf you "
        "did not ask to sign in, you can ignore this message.\n\nKind regards,\n{business}",
    ),
    Language.AR: Texts(
        subject="رمز الدخول إلى {business}: {code}",
        short="{business}: رمز الدخول الخاص بك هو {code}. صالح لمدة {minutes} دقائق. لا تشاركه مع أي شخص.",
        email="مرحباً {name}،\n\nرمز الدخول الخاص بك إلى {business} هو {code}.\nالرمز صالح لمدة {minutes} "  # noqa: RUF001 (Arabic letters)
        "دقائق ويُستخدم مرة واحدة. لا تشاركه مع أي شخص: لن يطلبه منك موظفونا أبداً.\n\nإذا لم تطلب "  # noqa: RUF001 (Arabic letters)
        "تسجيل الدخول، يمكنك تجاهل هذه الرسالة.\n\nمع أطيب التحيات،\n{business}",
    ),
}


@dataclass(frozen=True)
class CodeMessage:
    member_id: str
    name: str  # the member's full name (or company name)
    language: str  # en or ar
    channel: Channel
    to: str  # the address the member typed: an email address or an E.164 phone number
    code: str
    valid_minutes: int


async def queue_sign_in_code(session: AsyncSession, message: CodeMessage, now: datetime) -> AlertMessage:
    """The code's message added to the caller's transaction; the dispatcher delivers it like any other."""
    language = Language.AR if message.language == Language.AR else Language.EN
    texts = TEXTS[language]
    business = (await business_service.get(session)).legal_name or "Gavel"
    values = {"business": business, "name": message.name, "minutes": message.valid_minutes, "code": MASK}
    email = message.channel == Channel.EMAIL
    subject = texts.subject.format(**values) if email else None
    body = (texts.email if email else texts.short).format(**values)
    row = AlertMessage(
        channel=message.channel.value,
        origin=Origin.SYSTEM.value,
        event=EVENT,
        member_id=message.member_id,
        recipient=message.to,
        recipient_name=message.name[:200],
        language=language.value,
        subject=subject,
        body=body,
        body_html=templates.email_html(subject or "", body, language) if email else None,
        whatsapp_template=WHATSAPP_TEMPLATE if message.channel == Channel.WHATSAPP else None,
        template_params=[message.code],  # the secret, put back in place of MASK when sent (delivery)
        status=MessageStatus.QUEUED.value,
        attempts=0,
        next_attempt_at=now,
        created_at=now,
        updated_at=now,
    )
    searched = [message.to, message.to.lstrip("+"), message.name, subject, body]
    row.search_text = " | ".join(v.lower() for v in searched if v)
    session.add(row)
    return row
