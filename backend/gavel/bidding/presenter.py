"""Lots as the staff's screens read them (CONTRACT.md's LotView, its bid log and maxima), built for any number
of lots with a fixed number of grouped queries (views_repository): the vehicles with their first photos, the
lanes and counts, the names of the leaders, bidders and staff, the logs and the maxima."""

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.bidding import repository
from gavel.bidding import views_repository as views
from gavel.bidding.lot import Source
from gavel.bidding.models import LotBid, LotEvent, LotMaximum, LotRow
from gavel.bidding.money import to_amount
from gavel.bidding.schemas import (
    BidRow,
    LotDetail,
    LotEventView,
    LotVehicle,
    LotView,
    MaximumRow,
    MemberAbsenteeBid,
    PersonRef,
)

UNKNOWN = "Unknown"  # a name no longer found (the log outlives the staff user or member who made it)


def _person(person_id: str | None, names: dict[str, str]) -> PersonRef | None:
    """A staff user (no paddle)."""
    if person_id is None:
        return None
    return PersonRef(id=person_id, name=names.get(person_id, UNKNOWN))


def _member(member_id: str | None, members: dict[str, views.MemberRef]) -> PersonRef | None:
    """A member: their name, and their paddle number once they signed in to bid online."""
    if member_id is None:
        return None
    found = members.get(member_id)
    if found is None:
        return PersonRef(id=member_id, name=UNKNOWN)
    return PersonRef(id=member_id, name=found.name, paddle=found.paddle)


async def lot_views(session: AsyncSession, rows: Sequence[LotRow], now: datetime) -> list[LotView]:
    """The lots in the order given."""
    cards = await views.lot_cards(session, {row.id for row in rows})
    paused = await views.paused_seconds(session, rows)
    return [_view(row, cards[row.id], paused, now) for row in rows]


def _view(row: LotRow, card: views.LotCard, paused: dict[str, float], now: datetime) -> LotView:
    vehicle, counted = card.vehicle, card.figures
    leaders = {row.leader_member_id: card.leader} if row.leader_member_id and card.leader else {}
    return LotView(
        id=row.id,
        event_id=row.event_id,
        lane_id=row.lane_id,
        lane_number=counted.lane_number,
        run_number=row.run_number,
        vehicle_id=row.vehicle_id,
        vehicle=LotVehicle(
            id=vehicle.id,
            title=vehicle.title,
            vin=vehicle.vin,
            lot_number=vehicle.lot_number,
            mileage=vehicle.mileage,
            photo_url=vehicle.photo_url,
        ),
        state=row.state,
        result=row.result,
        opening_price=row.opening_price,
        reserve_price=row.reserve_price,
        price=row.price,
        asking=to_amount(repository.engine_lot(row, ()).asking),
        leader=_member(row.leader_member_id, leaders),
        leader_source=row.leader_source,
        clock_ends_at=row.clock_ends_at,
        clock_paused_seconds=paused.get(row.id),
        counter_bid_seconds=row.counter_bid_seconds,
        last_event_sequence=row.last_event_sequence,
        bid_count=counted.bids,
        maxima_count=counted.maxima,
        server_time=now,
    )


async def lot_view(session: AsyncSession, row: LotRow, now: datetime) -> LotView:
    return (await lot_views(session, [row], now))[0]


async def lot_details(session: AsyncSession, rows: Sequence[LotRow], now: datetime) -> list[LotDetail]:
    """The lots with their whole bid logs and standing maxima (staff only: nobody else sees a maximum)."""
    ids = {row.id for row in rows}
    logs = await views.logs(session, ids)
    maxima = await views.maxima(session, ids)
    bids = [bid for log in logs.values() for bid in log]
    members = {bid.bidder_id for bid in bids if bid.bidder_id}
    members |= {held.bidder_id for found in maxima.values() for held in found}
    members |= {bid.entered_by for bid in bids if bid.entered_by and bid.source == Source.ONLINE.value}
    staff = {bid.entered_by for bid in bids if bid.entered_by and bid.source != Source.ONLINE.value}
    member_names = await views.member_refs(session, members)
    staff_names = await views.user_names(session, staff)
    base = await lot_views(session, rows, now)
    return [
        LotDetail(
            **view.model_dump(),
            bids=[_bid_row(bid, member_names, staff_names) for bid in logs.get(view.id, [])],
            maxima=[_maximum_row(held, member_names) for held in maxima.get(view.id, [])],
        )
        for view in base
    ]


def _bid_row(bid: LotBid, members: dict[str, views.MemberRef], staff: dict[str, str]) -> BidRow:
    """A row of the log. Who entered it: a staff user (floor, absentee) or the member (online, with their
    paddle)."""
    online = bid.source == Source.ONLINE.value
    return BidRow(
        sequence=bid.sequence,
        at=bid.at,
        source=bid.source,
        bidder=_member(bid.bidder_id, members),
        entered_by=_member(bid.entered_by, members) if online else _person(bid.entered_by, staff),
        amount=bid.amount,
        maximum=bid.maximum,
        automatic=bid.automatic,
        accepted=bid.accepted,
        reason=bid.reason,
        withdrawal=bid.withdrawal,
        note=bid.note,
    )


def _maximum_row(held: LotMaximum, members: dict[str, views.MemberRef]) -> MaximumRow:
    return MaximumRow(
        bidder=_member(held.bidder_id, members) or PersonRef(id=held.bidder_id, name=UNKNOWN),
        amount=held.amount,
        source=held.source,
        at=held.at,
    )


async def lot_detail(session: AsyncSession, row: LotRow, now: datetime) -> LotDetail:
    return (await lot_details(session, [row], now))[0]


def event_view(row: LotRow, event: LotEvent) -> LotEventView:
    return LotEventView(
        lot_id=row.id,
        event_id=row.event_id,
        lane_id=row.lane_id,
        sequence=event.sequence,
        at=event.at,
        kind=event.kind,
        payload=event.payload,
    )


async def member_maxima(
    session: AsyncSession, held: Sequence[tuple[LotMaximum, LotRow]], now: datetime
) -> list[MemberAbsenteeBid]:
    """A member's standing maxima, each with its lot and whether the member leads it."""
    views_of = {view.id: view for view in await lot_views(session, [row for _, row in held], now)}
    return [
        MemberAbsenteeBid(
            lot=views_of[row.id],
            maximum=maximum.amount,
            source=maximum.source,
            at=maximum.at,
            leading=row.leader_member_id == maximum.bidder_id,
        )
        for maximum, row in held
    ]
