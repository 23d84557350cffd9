"""Members sign in as bidders with a one-time code (issue 26): /api/bidder/... never takes a staff token."""

from typing import Any

from fastapi import APIRouter

from gavel.bidders.deps import CurrentBidder
from gavel.bidders.presenter import bidder_me, session_info
from gavel.bidders.schemas import (
    BidderMeResponse,
    CodeChannelChange,
    SignedInResponse,
    SignInRequest,
    VerifyRequest,
)
from gavel.bidders.service import bidder_service
from gavel.core.clock import ClockDep
from gavel.db import SessionDep
from gavel.errors import ErrorBody
from gavel.guards import ClientDep
from gavel.schemas import MessageResponse

router = APIRouter(prefix="/bidder", tags=["bidder"])

THROTTLED: dict[int | str, dict[str, Any]] = {429: {"model": ErrorBody, "description": "Too many attempts"}}


@router.post("/sign-in", response_model=MessageResponse, responses={422: {"model": ErrorBody}, **THROTTLED})
async def sign_in(
    body: SignInRequest, session: SessionDep, client: ClientDep, clock: ClockDep
) -> MessageResponse:
    """Send a 6-digit code to a member's email address or phone; the same answer for every address."""
    message = await bidder_service.request_code(session, body.address, client, clock.now())
    return MessageResponse(message=message)


@router.post(
    "/verify",
    response_model=SignedInResponse,
    responses={400: {"model": ErrorBody}, 403: {"model": ErrorBody}, 422: {"model": ErrorBody}, **THROTTLED},
)
async def verify(
    body: VerifyRequest, session: SessionDep, client: ClientDep, clock: ClockDep
) -> SignedInResponse:
    """Exchange the code for a bidder session; 403 with the reason when the membership is not approved."""
    signed_in = await bidder_service.verify(session, body.address, body.code, client, clock.now())
    return SignedInResponse(
        token=signed_in.token,
        bidder=bidder_me(signed_in.member, signed_in.account),
        session=session_info(signed_in.session),
    )


@router.get("/me", response_model=BidderMeResponse)
async def me(bidder: CurrentBidder) -> BidderMeResponse:
    """The signed-in member: name, paddle, member number and language; calling it keeps the session alive."""
    return BidderMeResponse(
        bidder=bidder_me(bidder.member, bidder.account), session=session_info(bidder.session)
    )


@router.put("/me", response_model=BidderMeResponse, responses={422: {"model": ErrorBody}})
async def change_code_channel(
    body: CodeChannelChange, bidder: CurrentBidder, session: SessionDep
) -> BidderMeResponse:
    """Choose how sign-in codes go when you type your phone number: SMS or WhatsApp."""
    await bidder_service.set_code_channel(
        session, bidder.account, bidder.member, body.code_channel.value, bidder.client
    )
    return BidderMeResponse(
        bidder=bidder_me(bidder.member, bidder.account), session=session_info(bidder.session)
    )


@router.post("/sign-out", response_model=MessageResponse)
async def sign_out(bidder: CurrentBidder, session: SessionDep, clock: ClockDep) -> MessageResponse:
    """End this bidder session."""
    await bidder_service.sign_out(session, bidder.session, bidder.member, bidder.client, clock.now())
    return MessageResponse(message="You have been signed out.")
