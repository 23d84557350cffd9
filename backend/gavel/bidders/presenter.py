"""Rows to the bidders' answers."""

from gavel.bidders.models import BidderAccount, BidderSession
from gavel.bidders.schemas import BidderMe, BidderSessionInfo, CodeChannel
from gavel.bidders.service import SESSION_IDLE, SESSION_LIFETIME
from gavel.members.language import Language
from gavel.members.models import Member
from gavel.members.service import display_name


def bidder_me(member: Member, account: BidderAccount) -> BidderMe:
    return BidderMe(
        member_id=member.id,
        name=display_name(member),
        first_name=member.first_name,
        paddle=account.paddle,
        member_number=member.member_identity_no,
        language=Language.AR if member.preferred_language == Language.AR else Language.EN,
        code_channel=CodeChannel(account.code_channel),
    )


def session_info(bidder_session: BidderSession) -> BidderSessionInfo:
    return BidderSessionInfo(
        created_at=bidder_session.created_at,
        last_active_at=bidder_session.last_active_at,
        expires_at=min(
            bidder_session.last_active_at + SESSION_IDLE, bidder_session.created_at + SESSION_LIFETIME
        ),
        ends_at=bidder_session.created_at + SESSION_LIFETIME,
    )
