"""A member's unsubscribe link: GAVEL_PUBLIC_URL + /unsubscribe/<token>, the token signed for the member, the
email channel and the purpose (gavel.core.signing), with the installation's key. It needs no sign-in and does
not expire: a member may use an old email's link years later. Made when a mail is sent or shown, never stored:
a campaign's stored text is shared by its messages."""

from collections.abc import Iterable

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.catalog import Channel, Origin
from gavel.alerts.models import AlertMessage
from gavel.config import Settings
from gavel.core.signing import key_of, sign, verify

KEY = "unsubscribe_key"  # the app_state row made by migration 0031
PURPOSE = "unsubscribe"
CHANNEL = Channel.EMAIL.value
PATH = "/unsubscribe/"


def carries_link(message: AlertMessage) -> bool:
    """A promotional email to a member: the mails that carry an unsubscribe link."""
    return (
        message.channel == Channel.EMAIL.value
        and message.origin == Origin.CAMPAIGN.value
        and message.member_id is not None
    )


def token_for(key: bytes, member_id: str) -> str:
    return sign(key, member_id, CHANNEL, PURPOSE)


def member_of(key: bytes, token: str) -> str | None:
    """The member an unsubscribe token was made for; None for a token this installation did not make."""
    return verify(key, token, CHANNEL, PURPOSE)


def url_for(settings: Settings, token: str) -> str:
    return f"{settings.public_url.rstrip('/')}{PATH}{token}"


async def links_of(
    session: AsyncSession, settings: Settings, messages: Iterable[AlertMessage]
) -> dict[str, str]:
    """The unsubscribe link of each promotional email among the messages, by message id (none without
    GAVEL_PUBLIC_URL: such a mail is not sent, see batch.refusal)."""
    wanted = [m for m in messages if carries_link(m)]
    if not wanted or not settings.public_url:
        return {}
    key = await key_of(session, KEY)
    return {m.id: url_for(settings, token_for(key, m.member_id or "")) for m in wanted}


async def link_of(session: AsyncSession, settings: Settings, message: AlertMessage) -> str | None:
    return (await links_of(session, settings, [message])).get(message.id)
