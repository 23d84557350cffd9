"""The unsubscribe link's rules: the token names a member (links.py); opening the link shows the page and
changes nothing (mail scanners open links); a POST, the page's button or a mail client's one-click POST
(RFC 8058), withdraws the member's consent to promotional emails, written as a consent record by members'
consent service. A second POST finds nothing to withdraw and says the same."""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.catalog import Language
from gavel.alerts.unsubscribe.links import KEY, member_of
from gavel.business.service import business_service
from gavel.core.signing import key_of
from gavel.members import repository as members
from gavel.members.consents.methods import ConsentMethod, PromoChannel
from gavel.members.consents.service import withdraw_if_given

BY_NAME = "Unsubscribe link in a promotional email"


@dataclass(frozen=True)
class Subscriber:
    """Whom a valid link is for, as its page names them."""

    member_id: str
    language: Language
    address: str | None
    business: str


async def subscriber(session: AsyncSession, token: str) -> Subscriber | None:
    """The member of a link this installation made, with their language and address and the business's
    name; None for a tampered or unknown link, or a member since deleted. Writes nothing."""
    member_id = member_of(await key_of(session, KEY), token)
    if member_id is None:
        return None
    member = await members.by_id(session, member_id)
    if member is None:
        return None
    business = await business_service.current(session)
    return Subscriber(
        member_id=member.id,
        language=Language.AR if member.preferred_language == Language.AR.value else Language.EN,
        address=member.email,
        business=business.legal_name,
    )


async def unsubscribe(session: AsyncSession, who: Subscriber, now: datetime) -> bool:
    """Withdraws the member's consent to promotional emails (a consent record, audited); False when there was
    none to withdraw. The caller commits."""
    return await withdraw_if_given(
        session,
        who.member_id,
        PromoChannel.EMAIL,
        ConsentMethod.UNSUBSCRIBE_LINK,
        by_name=BY_NAME,
        now=now,
    )
