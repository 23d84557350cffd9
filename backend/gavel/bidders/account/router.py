"""My buying power and my purchases (issue 26), read-only."""

from fastapi import APIRouter

from gavel.bidders.account import service
from gavel.bidders.account.schemas import BidderBuyingPower, BidderPurchases
from gavel.bidders.deps import CurrentBidder
from gavel.db import SessionDep

router = APIRouter(prefix="/bidder", tags=["bidder"])


@router.get("/buying-power", response_model=BidderBuyingPower)
async def buying_power(bidder: CurrentBidder, session: SessionDep) -> BidderBuyingPower:
    """What I may bid now, what my leads hold, what I owe, and why I cannot bid when I cannot."""
    return await service.buying_power(session, bidder.member)


@router.get("/purchases", response_model=BidderPurchases)
async def purchases(bidder: CurrentBidder, session: SessionDep) -> BidderPurchases:
    """What I bought, each with its invoice, and what I still owe on them."""
    return await service.purchases(session, bidder.member)
