"""The lots' routes (issue 25): the lots of an event, a lot with its bid log and maxima, its events after a
number, the clerk's moves (open, floor bid, close, withdraw) and absentee bids entered and withdrawn. Staff
only: module Auctions, VIEW to see, EDIT for absentee bids, UPDATE_STATUS for the clerk's moves."""

from collections.abc import Awaitable, Callable
from typing import Annotated

from fastapi import APIRouter, Query
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.deps import CanEdit, CanUpdateStatus, CanView
from gavel.bidding import moves, presenter, service
from gavel.bidding import views_repository as views
from gavel.bidding.models import LotRow
from gavel.bidding.schemas import (
    AbsenteeBidIn,
    CloseIn,
    EventLots,
    FloorBidIn,
    LotDetail,
    LotEvents,
    LotView,
    MaximumWithdrawalIn,
    MemberAbsenteeBids,
    VehicleLots,
)
from gavel.bidding.turns import lot_turn
from gavel.core.clock import Clock, ClockDep
from gavel.db import SessionDep, set_local
from gavel.errors import NotFound, error_responses

router = APIRouter(tags=["lots"])

Reads = error_responses(403, 404, 422)
Moves = error_responses(403, 404, 409, 422)


async def _moved(
    session: AsyncSession, lot_id: str, clock: Clock, move: Callable[[], Awaitable[LotRow]]
) -> LotView:
    """The move made in the lot's turn (turns.py) and committed; its answer built after: the lot's row is
    held only for the move itself (its vehicle card, counts and names are read after, without the lock), and
    nothing is answered that could still be rolled back."""
    async with lot_turn(session, lot_id):
        row = await move()
        await session.commit()
    return await presenter.lot_view(session, row, clock.now())


@router.get("/auction-events/{eventId}/lots", response_model=EventLots, responses=Reads)
async def event_lots(eventId: str, session: SessionDep, clock: ClockDep, _: CanView) -> EventLots:
    """The event's lots, lane by lane in run order; the lots of runs placed since are made first."""
    # A read's session has no transaction block on PostgreSQL: making the lots needs one (the event's row is
    # held until commit), and waits at most a few seconds for another request making them.
    await set_local(session, "lock_timeout = '5s'")
    rows = await service.ensure_lots(session, eventId)
    now = clock.now()
    return EventLots(data=await presenter.lot_views(session, rows, now), server_time=now)


@router.get("/lots/{lotId}", response_model=LotDetail, responses=Reads)
async def get_lot(lotId: str, session: SessionDep, clock: ClockDep, _: CanView) -> LotDetail:
    """A lot with its whole bid log (refused bids with their reasons) and the maxima on it."""
    row = await views.lot(session, lotId)
    if row is None:
        raise NotFound(moves.NO_LOT)
    return await presenter.lot_detail(session, row, clock.now())


@router.get("/lots/{lotId}/events", response_model=LotEvents, responses=Reads)
async def lot_events(
    lotId: str,
    session: SessionDep,
    _: CanView,
    after: Annotated[int, Query(ge=0, le=2_147_483_647, description="The last sequence the client has")] = 0,
) -> LotEvents:
    """Every event of the lot after the sequence `after`, in order: how a client that missed some is whole."""
    row = await views.lot(session, lotId)
    if row is None:
        raise NotFound(moves.NO_LOT)
    events = await service.events_after(session, row.id, after)
    return LotEvents(data=[presenter.event_view(row, event) for event in events])


@router.post("/lots/{lotId}/floor-bids", response_model=LotView, responses=Moves)
async def floor_bid(
    lotId: str, body: FloorBidIn, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> LotView:
    """A bid from the room, keyed by the clerk (by default at the asking price)."""
    return await _moved(
        session, lotId, clock, lambda: moves.floor_bid(session, lotId, body.amount, principal.actor, clock)
    )


@router.post("/lots/{lotId}/absentee-bids", response_model=LotView, responses=Moves)
async def absentee_bid(
    lotId: str, body: AbsenteeBidIn, session: SessionDep, clock: ClockDep, principal: CanEdit
) -> LotView:
    """A member's maximum entered by staff, before or during the sale."""
    return await _moved(
        session,
        lotId,
        clock,
        lambda: moves.absentee_bid(session, lotId, body.member_id, body.maximum, principal.actor, clock),
    )


@router.post("/lots/{lotId}/absentee-bids/{memberId}/withdraw", response_model=LotView, responses=Moves)
async def withdraw_absentee_bid(
    lotId: str,
    memberId: str,
    body: MaximumWithdrawalIn,
    session: SessionDep,
    clock: ClockDep,
    principal: CanEdit,
) -> LotView:
    """A member's maximum withdrawn before the lot opens, with the reason: the lot as if they never bid."""
    return await _moved(
        session,
        lotId,
        clock,
        lambda: moves.withdraw_absentee_bid(session, lotId, memberId, body.reason, principal.actor, clock),
    )


@router.post("/lots/{lotId}/open", response_model=LotView, responses=Moves)
async def open_lot(lotId: str, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus) -> LotView:
    """A waiting lot on the block; its clock starts at the counter-bid time."""
    return await _moved(session, lotId, clock, lambda: moves.open_lot(session, lotId, principal.actor, clock))


@router.post("/lots/{lotId}/withdraw", response_model=LotView, responses=Moves)
async def withdraw_lot(
    lotId: str, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> LotView:
    """A waiting or open lot taken out of the sale; its bid log stays."""
    return await _moved(
        session, lotId, clock, lambda: moves.withdraw_lot(session, lotId, principal.actor, clock)
    )


@router.post("/lots/{lotId}/close", response_model=LotView, responses=Moves)
async def close_lot(
    lotId: str, body: CloseIn, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> LotView:
    """The open lot closed: sold, sent to the seller's approval or no sale (the rule, or as the clerk names
    it); a closed lot is answered as it is."""
    return await _moved(
        session, lotId, clock, lambda: moves.close_lot(session, lotId, body.intent, principal.actor, clock)
    )


@router.get("/vehicles/{vehicleId}/lots", response_model=VehicleLots, responses=Reads)
async def vehicle_lots(vehicleId: str, session: SessionDep, clock: ClockDep, _: CanView) -> VehicleLots:
    """Every lot the vehicle ran as, the latest first, each with its bid log and maxima."""
    if not await views.vehicle_exists(session, vehicleId):
        raise NotFound("This vehicle does not exist.")
    rows = await views.lots_of_vehicle(session, vehicleId)
    return VehicleLots(data=await presenter.lot_details(session, rows, clock.now()))


@router.get("/members/{memberId}/absentee-bids", response_model=MemberAbsenteeBids, responses=Reads)
async def member_absentee_bids(
    memberId: str, session: SessionDep, clock: ClockDep, _: CanView
) -> MemberAbsenteeBids:
    """The member's standing maxima, each with its lot and whether they lead it."""
    if not await views.member_exists(session, memberId):
        raise NotFound("This member does not exist.")
    held = await views.maxima_of_member(session, memberId)
    return MemberAbsenteeBids(data=await presenter.member_maxima(session, held, clock.now()))
