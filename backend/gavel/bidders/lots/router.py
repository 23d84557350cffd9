"""The sale as a member sees it, and their moves on a lot (issue 26). Every route takes the bidder token
(`current_bidder`); a move's answer is built once it is committed."""

from collections.abc import Awaitable, Callable

from fastapi import APIRouter
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.bidders.deps import CurrentBidder
from gavel.bidders.lots import presenter, service
from gavel.bidders.lots.schemas import (
    BidderBidIn,
    BidderEvents,
    BidderLot,
    BidderLotDetail,
    BidderLots,
    BidderMaximumIn,
)
from gavel.bidding.models import LotRow
from gavel.bidding.turns import lot_turn
from gavel.core.clock import Clock, ClockDep
from gavel.db import SessionDep
from gavel.errors import error_responses

router = APIRouter(prefix="/bidder", tags=["bidder"])

Reads = error_responses(404)
Moves = error_responses(404, 409, 422, 429)


async def _moved(
    session: AsyncSession, lot_id: str, member_id: str, clock: Clock, move: Callable[[], Awaitable[LotRow]]
) -> BidderLot:
    """The move made in the lot's turn (bidding/turns.py) and committed; its answer read after: the lot's
    lock is held for the move only."""
    async with lot_turn(session, lot_id):
        row = await move()
        await session.commit()
    return await presenter.bidder_lot(session, row, member_id, clock.now())


@router.get("/events", response_model=BidderEvents)
async def events(bidder: CurrentBidder, session: SessionDep, clock: ClockDep) -> BidderEvents:
    """Upcoming and running events of published auctions (today and later in Dubai), soonest first."""
    return BidderEvents(data=await service.events(session, clock.now()))


@router.get("/events/{eventId}/lots", response_model=BidderLots, responses=Reads)
async def event_lots(eventId: str, bidder: CurrentBidder, session: SessionDep, clock: ClockDep) -> BidderLots:
    """The event's lots, lane by lane in run order, with my standing on each."""
    rows = await service.event_lots(session, eventId)
    now = clock.now()
    return BidderLots(data=await presenter.bidder_lots(session, rows, bidder.member.id, now), server_time=now)


@router.get("/lots/{lotId}", response_model=BidderLotDetail, responses=Reads)
async def lot(lotId: str, bidder: CurrentBidder, session: SessionDep, clock: ClockDep) -> BidderLotDetail:
    """One lot: photos, specs, the public state and my own bids (never anyone else's)."""
    facts, vehicle = await service.lot_detail(session, lotId, bidder.member.id)
    return await presenter.bidder_lot_detail(session, facts, vehicle, bidder.member.id, clock.now())


@router.put("/lots/{lotId}/maximum", response_model=BidderLot, responses=Moves)
async def set_maximum(
    lotId: str, body: BidderMaximumIn, bidder: CurrentBidder, session: SessionDep, clock: ClockDep
) -> BidderLot:
    """Set or raise my maximum on a waiting or open lot: the engine bids for me up to it."""
    now = clock.now()
    await service.ready_to_move(session, bidder.member.id, lotId, now)
    return await _moved(
        session,
        lotId,
        bidder.member.id,
        clock,
        lambda: service.set_maximum(session, bidder.member, lotId, body.maximum, clock),
    )


@router.post("/lots/{lotId}/maximum/withdraw", response_model=BidderLot, responses=Moves)
async def withdraw_maximum(
    lotId: str, bidder: CurrentBidder, session: SessionDep, clock: ClockDep
) -> BidderLot:
    """Withdraw my maximum while the lot is waiting (409 once it has opened)."""
    mover = service.Mover(bidder.member, bidder.client)
    return await _moved(
        session,
        lotId,
        bidder.member.id,
        clock,
        lambda: service.withdraw_maximum(session, mover, lotId, clock),
    )


@router.post("/lots/{lotId}/bids", response_model=BidderLot, responses=Moves)
async def bid(
    lotId: str, body: BidderBidIn, bidder: CurrentBidder, session: SessionDep, clock: ClockDep
) -> BidderLot:
    """Bid now: an amount, or the next step (the asking price as the server reads it under the lot's lock)."""
    now = clock.now()
    service.check_bid(body.amount, body.next_step)
    await service.ready_to_move(session, bidder.member.id, lotId, now)
    return await _moved(
        session,
        lotId,
        bidder.member.id,
        clock,
        lambda: service.bid_now(session, bidder.member, lotId, body.amount, clock),
    )
