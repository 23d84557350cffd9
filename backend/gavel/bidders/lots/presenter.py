"""Lots as a member reads them: the public state of the lot, and their own standing on it (my status, my
maximum, 'you' or 'another_bidder'). Built for any number of lots with a fixed number of grouped queries.
Never another member's id, name or maximum, nor the reserve price: the lot's row holds them, and this is
the one place that picks what leaves."""

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.bidders.lots import repository
from gavel.bidders.lots.schemas import BidderLot, BidderLotDetail, BidderLotVehicle, BidderMyBid
from gavel.bidders.lots.vehicle_pages import VehiclePage
from gavel.bidding import repository as engine
from gavel.bidding import views_repository as views
from gavel.bidding.closing import Result
from gavel.bidding.lot import LotState
from gavel.bidding.models import LotBid, LotRow
from gavel.bidding.money import to_amount


def my_status(row: LotRow, member_id: str, has_maximum: bool) -> str:
    """Where the member stands: leading or outbid while the lot waits or is open; won, on approval or lost
    once it is closed; none when they hold no maximum on it (or the lot was withdrawn)."""
    mine = row.leader_member_id == member_id
    if row.state in (LotState.WAITING.value, LotState.OPEN.value):
        if mine:
            return "leading"
        return "outbid" if has_maximum else "none"
    if row.state == LotState.CLOSED.value:
        if mine and row.result == Result.SOLD.value:
            return "won"
        if mine and row.result == Result.ON_APPROVAL.value:
            return "on_approval"
        return "lost" if has_maximum or mine else "none"
    return "none"


def leader_of(row: LotRow, member_id: str) -> str | None:
    """'you', 'another_bidder' (another member or the room) or None while nobody leads."""
    if row.leader_source is None:
        return None
    return "you" if row.leader_member_id == member_id else "another_bidder"


async def bidder_lots(
    session: AsyncSession, rows: Sequence[LotRow], member_id: str, now: datetime
) -> list[BidderLot]:
    """The lots in the order given, as this member sees them."""
    ids = {row.id for row in rows}
    cards = await repository.vehicle_cards(session, {row.vehicle_id for row in rows})
    figures = await views.figures(session, ids)
    paused = await views.paused_seconds(session, rows)
    maxima = await repository.my_maxima(session, member_id, ids)
    watching = await repository.watched(session, member_id, ids)
    return [
        _lot(
            row,
            cards[row.vehicle_id],
            figures[row.id].lane_number,
            figures[row.id].bids,
            paused.get(row.id),
            maxima.get(row.id),
            row.id in watching,
            member_id,
        )
        for row in rows
        if row.vehicle_id in cards and row.id in figures
    ]


def _lot(
    row: LotRow,
    card: repository.Card,
    lane_number: int,
    bids: int,
    paused_seconds: float | None,
    mine: Decimal | None,
    watching: bool,
    member_id: str,
) -> BidderLot:
    return BidderLot(
        id=row.id,
        event_id=row.event_id,
        lane_id=row.lane_id,
        lane_number=lane_number,
        run_number=row.run_number,
        vehicle=BidderLotVehicle(
            id=card.id,
            title=card.title,
            lot_number=card.lot_number,
            mileage=card.mileage,
            year=card.year,
            photo_url=card.photo_url,
        ),
        state=row.state,
        result=row.result,
        opening_price=row.opening_price,
        asking=to_amount(engine.engine_lot(row, ()).asking),
        price=row.price,
        clock_ends_at=row.clock_ends_at,
        clock_paused_seconds=paused_seconds,
        counter_bid_seconds=row.counter_bid_seconds,
        last_event_sequence=row.last_event_sequence,
        bid_count=bids,
        my_status=my_status(row, member_id, mine is not None),
        my_maximum=mine,
        leader=leader_of(row, member_id),
        watching=watching,
    )


async def bidder_lot(session: AsyncSession, row: LotRow, member_id: str, now: datetime) -> BidderLot:
    return (await bidder_lots(session, [row], member_id, now))[0]


def my_bid(bid: LotBid) -> BidderMyBid:
    return BidderMyBid(
        sequence=bid.sequence,
        at=bid.at,
        amount=bid.amount,
        maximum=bid.maximum,
        automatic=bid.automatic,
        accepted=bid.accepted,
        reason="withdrawn" if bid.withdrawal else bid.reason,
    )


async def bidder_lot_detail(
    session: AsyncSession, facts: repository.LotFacts, vehicle: VehiclePage, member_id: str, now: datetime
) -> BidderLotDetail:
    """The lot with its photos, the vehicle's specs and the member's own rows of its bid log."""
    row = facts.row
    paused = await views.paused_seconds(session, [row])
    lot = _lot(
        row,
        vehicle.card,
        facts.lane_number,
        facts.bids,
        paused.get(row.id),
        facts.my_maximum,
        facts.watching,
        member_id,
    )
    rows = await repository.my_rows(session, row.id, member_id) if facts.my_rows else []
    return BidderLotDetail(
        **lot.model_dump(),
        photos=list(vehicle.photos),
        specs=vehicle.specs,
        my_bids=[my_bid(bid) for bid in rows],
        server_time=now,
    )
