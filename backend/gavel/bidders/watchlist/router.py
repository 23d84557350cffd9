"""My watch list (issue 26): the lots I follow, as the lots' routes answer them."""

from fastapi import APIRouter, Response

from gavel.bidders.deps import CurrentBidder
from gavel.bidders.lots import presenter
from gavel.bidders.lots.schemas import BidderLots
from gavel.bidders.watchlist import service
from gavel.core.clock import ClockDep
from gavel.db import SessionDep
from gavel.errors import error_responses

router = APIRouter(prefix="/bidder/watchlist", tags=["bidder"])


@router.get("", response_model=BidderLots)
async def watchlist(bidder: CurrentBidder, session: SessionDep, clock: ClockDep) -> BidderLots:
    """The lots I watch, by their event's start, lane and run order."""
    now = clock.now()
    rows = await service.watched(session, bidder.member.id)
    return BidderLots(data=await presenter.bidder_lots(session, rows, bidder.member.id, now), server_time=now)


@router.put("/{lotId}", status_code=204, response_class=Response, responses=error_responses(404))
async def watch(lotId: str, bidder: CurrentBidder, session: SessionDep, clock: ClockDep) -> Response:
    """Watch a lot (watching it again changes nothing)."""
    await service.watch(session, bidder.member.id, lotId, clock.now())
    return Response(status_code=204)


@router.delete("/{lotId}", status_code=204, response_class=Response)
async def unwatch(lotId: str, bidder: CurrentBidder, session: SessionDep) -> Response:
    """Stop watching a lot (a lot not watched: nothing changes)."""
    await service.unwatch(session, bidder.member.id, lotId)
    return Response(status_code=204)
