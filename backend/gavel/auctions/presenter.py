"""Auctions, events and runs as the API answers them, with the figures read by the grouped queries."""

from datetime import datetime
from decimal import Decimal
from typing import Any, Protocol

from pydantic import TypeAdapter
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions import repository
from gavel.auctions.models import AuctionEvent, Lane, Run
from gavel.auctions.repository import EventStats, LaneStats
from gavel.auctions.rules import results_refusal
from gavel.auctions.schemas import (
    AuctionHistory,
    AuctionOut,
    BuyerSummary,
    EventOut,
    HistoryEntry,
    LaneOut,
    LocationSummary,
    RunOut,
    RunVehicle,
    SaleDay,
    lane_letter,
)
from gavel.core.clock import dubai_date
from gavel.schemas import FROM_DATABASE

NO_STATS = EventStats(0, 0, 0, Decimal("0.00"))


class Named(Protocol):
    """A member, or plain values of one: what a name is made of."""

    @property
    def member_entity(self) -> str: ...
    @property
    def company_name(self) -> str | None: ...
    @property
    def first_name(self) -> str: ...
    @property
    def last_name(self) -> str: ...


def member_name(member: Named) -> str:
    if member.member_entity == "organization" and member.company_name:
        return member.company_name
    return f"{member.first_name} {member.last_name}"


_ANSWERS = TypeAdapter(list[AuctionOut])


def auction_answers(rows: list[dict[str, Any]]) -> list[AuctionOut]:
    """Auctions as the API answers them, from their rows (listing.page, listing.answer_rows), in one
    validation."""
    return _ANSWERS.validate_python(rows, context=FROM_DATABASE)


def lane_out(lane: Lane, stats: LaneStats | None) -> LaneOut:
    return LaneOut(
        id=lane.id,
        lane_number=lane.lane_number,
        lane_letter=lane_letter(lane.lane_number),
        min_range=stats.first_run if stats else None,
        max_range=stats.last_run if stats else None,
        vehicle_count=stats.vehicles if stats else 0,
    )


def sale_day_out(event: AuctionEvent, now: datetime) -> SaleDay:
    today = dubai_date(now)
    refusal = results_refusal(event, today)
    return SaleDay(open=refusal is None, reason=refusal, today=today)


def event_out(
    event: AuctionEvent, lanes: dict[str, LaneStats], stats: EventStats | None, now: datetime
) -> EventOut:
    figures = stats or NO_STATS
    auction = event.auction
    return EventOut(
        id=event.id,
        auction_event_id=event.id,
        auction_id=auction.id,
        auction_title=auction.auction_title,
        auction_type=auction.auction_type,
        auction_status=auction.status,
        location=LocationSummary.model_validate(auction.location),
        sequence=event.sequence,
        start_date=event.start_at,
        end_date=event.end_at,
        sale_date=event.sale_date,
        auction_event_status=event.status,
        lanes=[lane_out(lane, lanes.get(lane.id)) for lane in event.lanes],
        vehicle_count=figures.vehicles,
        results_recorded=figures.results,
        sold_count=figures.sold,
        sold_total=figures.sold_total,
        sale_day=sale_day_out(event, now),
    )


async def events_out(session: AsyncSession, events: list[AuctionEvent], now: datetime) -> list[EventOut]:
    ids = [e.id for e in events]
    lanes = await repository.lane_stats(session, ids)
    stats = await repository.event_stats(session, ids)
    return [event_out(e, lanes, stats.get(e.id), now) for e in events]


async def one_event_out(session: AsyncSession, event: AuctionEvent, now: datetime) -> EventOut:
    return (await events_out(session, [event], now))[0]


def run_out(run: Run) -> RunOut:
    vehicle = run.vehicle
    images = [image.thumbnail_url for image in vehicle.images]
    return RunOut(
        id=run.id,
        vehicle_id=vehicle.id,
        vehicle=RunVehicle(
            id=vehicle.id,
            title=vehicle.title,
            vehicle_lot_number=vehicle.vehicle_lot_number,
            vin_number=vehicle.vin_number,
            make=vehicle.make,
            model=vehicle.model,
            year=vehicle.year,
            mileage=vehicle.mileage,
            opening_price=vehicle.opening_price,
            reserve_price=vehicle.reserve_price,
            thumbnail=images[0] if images else None,
            images=[image.url for image in vehicle.images],
            seller_id=vehicle.member_id,
            seller_name=member_name(vehicle.seller),
        ),
        lane_id=run.lane_id,
        lane=lane_letter(run.lane.lane_number),
        run_number=run.run_number,
        is_current=run.is_current,
        outcome=run.outcome,
        buyer=BuyerSummary(id=run.buyer.id, name=member_name(run.buyer)) if run.buyer else None,
        sold_for=run.sold_for,
        seller_approved=run.seller_approved,
        recorded_at=run.recorded_at,
    )


def history_out(entries: list[tuple[str, Run, AuctionEvent]]) -> AuctionHistory:
    return AuctionHistory(
        data=[
            HistoryEntry(
                role=role,
                run_id=run.id,
                auction_id=event.auction_id,
                auction_title=event.auction.auction_title,
                event_id=event.id,
                event_date=event.start_at,
                lane=lane_letter(run.lane.lane_number),
                run_number=run.run_number,
                outcome=run.outcome,
                sold_for=run.sold_for,
                buyer=BuyerSummary(id=run.buyer.id, name=member_name(run.buyer)) if run.buyer else None,
                vehicle_id=run.vehicle.id,
                vehicle_title=run.vehicle.title,
                vehicle_lot_number=run.vehicle.vehicle_lot_number,
            )
            for role, run, event in entries
        ]
    )
