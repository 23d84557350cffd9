"""`current_bidder`: the guard of every bidder route. It reads only bidder tokens (`bid_...`, table
bidder_session) and refuses staff tokens; staff routes refuse bidder tokens (gavel.guards reads user_session
only)."""

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from gavel.bidders.models import BidderAccount, BidderSession
from gavel.bidders.service import bidder_service
from gavel.core.clock import ClockDep
from gavel.db import SessionDep
from gavel.guards import Client, ClientDep
from gavel.members.models import Member

BIDDER_BEARER = HTTPBearer(
    auto_error=False,
    scheme_name="bidderBearer",
    description="The bidder token that POST /api/bidder/verify answers (never a staff token)",
)
BidderBearerDep = Annotated[HTTPAuthorizationCredentials | None, Depends(BIDDER_BEARER)]


@dataclass(frozen=True)
class Bidder:
    member: Member
    account: BidderAccount
    session: BidderSession
    client: Client


async def current_bidder(
    request: Request, session: SessionDep, clock: ClockDep, client: ClientDep, bearer: BidderBearerDep
) -> Bidder:
    """The signed-in member; 401 with a sentence without a live bidder session."""
    token = bearer.credentials.strip() if bearer is not None else None
    bidder_session, member, account = await bidder_service.authenticate(session, token or None, clock.now())
    request.state.member_id = member.id
    return Bidder(member=member, account=account, session=bidder_session, client=client)


CurrentBidder = Annotated[Bidder, Depends(current_bidder)]
