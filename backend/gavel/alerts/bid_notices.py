"""'You have been outbid' and 'You won': the bidders' two messages from the sale (gavel.bidders.notices),
sent through the outbox when the member has no bidder socket open.

Their own texts, in English and Arabic (the member's language), events `bidderOutbid` and `bidderWon`,
origin `event` (sent at any hour: promotions' quiet hours never hold them). One message on one channel: to
the member's phone by the channel they chose for their sign-in codes (SMS unless WhatsApp; SMS for a member
who never signed in as a bidder), or by email for a member without a phone. Queued in the caller's
transaction: it leaves with the bid or the close that caused it, or not at all.
"""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts import templates
from gavel.alerts.catalog import Channel, Language, MessageStatus, Origin
from gavel.alerts.models import AlertMessage
from gavel.auctions.presenter import member_name
from gavel.business.service import business_service
from gavel.core.money import aed


class Notice(StrEnum):
    OUTBID = "bidderOutbid"
    WON = "bidderWon"


# The names of the WhatsApp templates approved by Meta; their variables are the `short` text's, in order.
WHATSAPP_TEMPLATES = {Notice.OUTBID: "gavel_bidder_outbid", Notice.WON: "gavel_bidder_won"}


@dataclass(frozen=True)
class Texts:
    subject: str
    short: str  # SMS and WhatsApp
    email: str


TEXTS: dict[Notice, dict[str, Texts]] = {
    Notice.OUTBID: {
        Language.EN: Texts(
            subject="You have been outbid on lot {lot}",
            short="{business}: you have been outbid on lot {lot}, {title}. The price is now {price}; "
            "bid {asking} or more to lead again.",
            email="Dear {name},\n\nYou have been outbid on lot {lot}, {title}.\nThe price is now {price}. "
            "Bid {asking} or more to lead again.\n\nKind regards,\n{business}",
        ),
        Language.AR: Texts(
            subject="تمت المزايدة على عرضك في القطعة {lot}",
            short="{business}: تمت المزايدة على عرضك في القطعة {lot}، {title}. السعر الآن {price}؛ "
            "زايد بمبلغ {asking} أو أكثر لتعود إلى الصدارة.",
            email="مرحباً {name}،\n\nتمت المزايدة على عرضك في القطعة {lot}، {title}.\nالسعر الآن {price}. "  # noqa: RUF001 (Arabic letters)
            "زايد بمبلغ {asking} أو أكثر لتعود إلى الصدارة.\n\nمع أطيب التحيات،\n{business}",
        ),
    },
    Notice.WON: {
        Language.EN: Texts(
            subject="You won lot {lot}",
            short="{business}: you won lot {lot}, {title}, at {price}. Your invoice follows.",
            email="Dear {name},\n\nCongratulations: you won lot {lot}, {title}, at {price}.\nYour invoice "
            "follows in a separate message.\n\nKind regards,\n{business}",
        ),
        Language.AR: Texts(
            subject="لقد فزت بالقطعة {lot}",
            short="{business}: لقد فزت بالقطعة {lot}، {title}، بسعر {price}. ستصلك الفاتورة قريباً.",
            email="مرحباً {name}،\n\nتهانينا: لقد فزت بالقطعة {lot}، {title}، بسعر {price}.\nستصلك "  # noqa: RUF001 (Arabic letters)
            "الفاتورة في رسالة منفصلة.\n\nمع أطيب التحيات،\n{business}",
        ),
    },
}
# The `short` text's variables in order: the WhatsApp template's parameters.
PARAMETERS = {
    Notice.OUTBID: ("business", "lot", "title", "price", "asking"),
    Notice.WON: ("business", "lot", "title", "price"),
}


@dataclass(frozen=True)
class Recipient:
    """What a notice needs of its member, as plain values: it is read under the lot's lock, where the whole
    member (every column, with its joined profile and security plan) was built as ORM objects for nine."""

    id: str
    status: str
    first_name: str
    last_name: str
    member_entity: str
    company_name: str | None
    email: str
    phone: str
    preferred_language: str

    @property
    def name(self) -> str:
        return member_name(self)


@dataclass(frozen=True)
class BidNotice:
    notice: Notice
    member: Recipient
    phone_channel: str | None  # the member's bidder code channel (sms or whatsapp); None: no bidder account
    lot: str  # the vehicle's lot number
    title: str
    price: Decimal
    asking: Decimal | None = None  # outbid: what leads again


def channel_of(member: Recipient, phone_channel: str | None) -> tuple[Channel, str] | None:
    """The channel and address the notice goes to; None for a member with neither phone nor email."""
    if member.phone:
        return (Channel.WHATSAPP if phone_channel == Channel.WHATSAPP else Channel.SMS), member.phone
    if member.email:
        return Channel.EMAIL, member.email
    return None


async def queue_bid_notice(session: AsyncSession, notice: BidNotice, now: datetime) -> AlertMessage | None:
    """The notice's message added to the caller's transaction; the dispatcher delivers it like any other."""
    member = notice.member
    target = channel_of(member, notice.phone_channel)
    if target is None:
        return None
    channel, to = target
    language = Language.AR if member.preferred_language == Language.AR else Language.EN
    texts = TEXTS[notice.notice][language]
    business = (await business_service.get(session)).legal_name or "Gavel"
    name = member.name
    values = {
        "business": business,
        "name": name,
        "lot": notice.lot,
        "title": notice.title,
        "price": aed(notice.price),
        "asking": aed(notice.asking) if notice.asking is not None else "",
    }
    email = channel == Channel.EMAIL
    subject = texts.subject.format(**values) if email else None
    body = (texts.email if email else texts.short).format(**values)
    whatsapp = channel == Channel.WHATSAPP
    row = AlertMessage(
        channel=channel.value,
        origin=Origin.EVENT.value,
        event=notice.notice.value,
        member_id=member.id,
        recipient=to,
        recipient_name=name[:200],
        language=language.value,
        subject=subject,
        body=body,
        body_html=templates.email_html(subject or "", body, language) if email else None,
        whatsapp_template=WHATSAPP_TEMPLATES[notice.notice] if whatsapp else None,
        template_params=[str(values[p]) for p in PARAMETERS[notice.notice]] if whatsapp else None,
        status=MessageStatus.QUEUED.value,
        attempts=0,
        next_attempt_at=now,
        created_at=now,
        updated_at=now,
    )
    searched = [to, to.lstrip("+"), name, subject, body]
    row.search_text = " | ".join(v.lower() for v in searched if v)
    session.add(row)
    return row
