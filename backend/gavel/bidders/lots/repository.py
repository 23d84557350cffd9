"""Every query of the bidders' view of the sale: the events and lots a member may see, their own maxima,
rows and watches, and the vehicles as a lot shows them. A few grouped queries for any number of lots."""

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, bindparam, exists, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import lazyload

from gavel.auctions.models import Auction, AuctionEvent, Lane, Run
from gavel.bidders.watchlist.models import BidderWatch
from gavel.bidding.lot import LotState
from gavel.bidding.models import LotBid, LotMaximum, LotRow
from gavel.bidding.views_repository import accepted_bids_count, first_photo
from gavel.locations.models import Location
from gavel.vehicles.models import Vehicle

# What members see: events of published auctions (and of auctions completed since), published or completed.
VISIBLE_AUCTIONS = ("publish", "completed")
VISIBLE_EVENTS = ("publish", "completed")


def visible() -> list[ColumnElement[bool]]:
    """What a member may see: the lots of these events."""
    return [Auction.status.in_(VISIBLE_AUCTIONS), AuctionEvent.status.in_(VISIBLE_EVENTS)]


@dataclass(frozen=True)
class EventRow:
    event: AuctionEvent
    auction: Auction
    location: Location | None
    lot_count: int


async def upcoming_events(session: AsyncSession, since: datetime) -> list[EventRow]:
    """The visible events that end at or after `since` (the start of today in Dubai), soonest first, each with
    its auction, yard and number of vehicles placed (current runs)."""
    placed = (
        select(func.count(Run.id))
        .where(Run.event_id == AuctionEvent.id, Run.is_current.is_(True))
        .correlate(AuctionEvent)
        .scalar_subquery()
    )
    stmt = (
        select(AuctionEvent, Auction, Location, placed.label("placed"))
        .join(Auction, Auction.id == AuctionEvent.auction_id)
        .outerjoin(Location, Location.id == Auction.location_id)
        .where(*visible(), AuctionEvent.end_at >= since)
        .order_by(AuctionEvent.start_at, AuctionEvent.id)
    )
    return [EventRow(e, a, loc, int(n or 0)) for e, a, loc, n in await session.execute(stmt)]


async def visible_event(session: AsyncSession, event_id: str) -> bool:
    stmt = (
        select(AuctionEvent.id)
        .join(Auction, Auction.id == AuctionEvent.auction_id)
        .where(AuctionEvent.id == event_id, *visible())
    )
    return (await session.execute(stmt)).first() is not None


async def lots_to_make(session: AsyncSession, event_id: str) -> bool:
    """Whether the event has a current run without its lot, or a lot not yet bid on whose vehicle's prices or
    place changed since it was made (the engine's `ensure_lots` makes and refreshes them)."""
    stale = and_(
        LotRow.state == LotState.WAITING.value,
        LotRow.last_bid_sequence == 0,
        or_(
            LotRow.opening_price != Vehicle.opening_price,
            LotRow.reserve_price.is_distinct_from(Vehicle.reserve_price),
            LotRow.lane_id != Run.lane_id,
            LotRow.run_number != Run.run_number,
        ),
    )
    stmt = (
        select(Run.id)
        .join(Vehicle, Vehicle.id == Run.vehicle_id)
        .outerjoin(LotRow, LotRow.run_id == Run.id)
        .where(Run.event_id == event_id, Run.is_current.is_(True), or_(LotRow.id.is_(None), stale))
        .limit(1)
    )
    return (await session.execute(stmt)).first() is not None


async def lots_of_event(session: AsyncSession, event_id: str) -> list[LotRow]:
    """An event's lots, lane by lane in run order."""
    stmt = (
        select(LotRow)
        .join(Lane, Lane.id == LotRow.lane_id)
        .where(LotRow.event_id == event_id)
        .order_by(Lane.lane_number, LotRow.run_number, LotRow.id)
    )
    return list((await session.execute(stmt)).scalars())


async def visible_lot(session: AsyncSession, lot_id: str) -> LotRow | None:
    """The lot, when its event is one members see."""
    stmt = (
        select(LotRow)
        .join(AuctionEvent, AuctionEvent.id == LotRow.event_id)
        .join(Auction, Auction.id == AuctionEvent.auction_id)
        .where(LotRow.id == lot_id, *visible())
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def my_maxima(session: AsyncSession, member_id: str, lot_ids: Collection[str]) -> dict[str, Decimal]:
    """The member's own standing maximum on each of the lots that has one."""
    if not lot_ids:
        return {}
    stmt = select(LotMaximum.lot_id, LotMaximum.amount).where(
        LotMaximum.bidder_id == member_id, LotMaximum.lot_id.in_(sorted(lot_ids))
    )
    return {lot_id: amount for lot_id, amount in await session.execute(stmt)}


async def watched(session: AsyncSession, member_id: str, lot_ids: Collection[str]) -> set[str]:
    if not lot_ids:
        return set()
    stmt = select(BidderWatch.lot_id).where(
        BidderWatch.member_id == member_id, BidderWatch.lot_id.in_(sorted(lot_ids))
    )
    return set((await session.execute(stmt)).scalars())


async def my_rows(session: AsyncSession, lot_id: str, member_id: str) -> list[LotBid]:
    """The member's own rows of the lot's bid log (their bids, the engine's bids for their maximum, their
    maximum withdrawn), in order: never another member's."""
    stmt = (
        select(LotBid).where(LotBid.lot_id == lot_id, LotBid.bidder_id == member_id).order_by(LotBid.sequence)
    )
    return list((await session.execute(stmt)).scalars())


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    lot_number: int | None
    mileage: int
    year: int
    photo_url: str | None


async def vehicle_cards(session: AsyncSession, vehicle_ids: Collection[str]) -> dict[str, Card]:
    """The vehicles as a lot shows them to members, each with its first photo's thumbnail, in one query."""
    if not vehicle_ids:
        return {}
    stmt = select(
        Vehicle.id,
        Vehicle.title,
        Vehicle.vehicle_lot_number,
        Vehicle.mileage,
        Vehicle.year,
        first_photo().label("photo"),
    ).where(Vehicle.id.in_(sorted(vehicle_ids)))
    return {
        r.id: Card(r.id, r.title, r.vehicle_lot_number, r.mileage or 0, r.year, r.photo)
        for r in await session.execute(stmt)
    }


async def vehicle(session: AsyncSession, vehicle_id: str) -> Vehicle | None:
    """The vehicle with its photos (its seller is never read into an answer)."""
    stmt = (
        select(Vehicle)
        .where(Vehicle.id == vehicle_id)
        .options(lazyload(Vehicle.seller), lazyload(Vehicle.buyer))
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def seller_of_lot(session: AsyncSession, lot_id: str) -> str | None:
    """The member who sells the lot's vehicle (only ever compared with the member asking)."""
    stmt = select(Vehicle.member_id).join(LotRow, LotRow.vehicle_id == Vehicle.id).where(LotRow.id == lot_id)
    return (await session.execute(stmt)).scalar_one_or_none()


@dataclass(frozen=True)
class LotFacts:
    """A lot members may see, with what its answer needs beside its row, for one member."""

    row: LotRow
    lane_number: int
    bids: int  # accepted bids, the engine's automatic ones included (as staff's figures count them)
    my_maximum: Decimal | None
    watching: bool
    my_rows: int  # the member's own rows of the lot's bid log: none for most who only watch
    vehicle_updated_at: datetime  # the version of the vehicle's photos and specs (vehicle_pages.py)


def _lot_for_member() -> Select[Any]:
    bids = accepted_bids_count()
    mine = (
        select(LotMaximum.amount)
        .where(LotMaximum.lot_id == LotRow.id, LotMaximum.bidder_id == bindparam("member_id"))
        .correlate(LotRow)
        .scalar_subquery()
    )
    my_rows = (
        select(func.count(LotBid.id))
        .where(LotBid.lot_id == LotRow.id, LotBid.bidder_id == bindparam("member_id"))
        .correlate(LotRow)
        .scalar_subquery()
    )
    watching = exists().where(
        BidderWatch.lot_id == LotRow.id, BidderWatch.member_id == bindparam("member_id")
    )
    return (
        select(
            LotRow,
            Lane.lane_number,
            bids.label("bids"),
            mine.label("mine"),
            watching.label("watching"),
            my_rows.label("my_rows"),
            Vehicle.updated_at,
        )
        .join(Lane, Lane.id == LotRow.lane_id)
        .join(AuctionEvent, AuctionEvent.id == LotRow.event_id)
        .join(Auction, Auction.id == AuctionEvent.auction_id)
        .join(Vehicle, Vehicle.id == LotRow.vehicle_id)
        .where(LotRow.id == bindparam("lot_id"), *visible())
    )


# Built once: members poll lot pages by the thousand, and building the statement was a fifth of its time.
_LOT_FOR_MEMBER = _lot_for_member()


async def lot_for_member(session: AsyncSession, lot_id: str, member_id: str) -> LotFacts | None:
    """The lot when its event is one members see, with its lane number, its count of accepted bids, the
    member's own maximum, whether they watch it, how many rows of its bid log are theirs and its vehicle's
    version: one statement (the lot page members poll)."""
    found = (await session.execute(_LOT_FOR_MEMBER, {"lot_id": lot_id, "member_id": member_id})).one_or_none()
    if found is None:
        return None
    row, lane_number, counted, held, watched_it, rows_of_mine, vehicle_updated_at = found
    return LotFacts(
        row,
        int(lane_number),
        int(counted or 0),
        held,
        bool(watched_it),
        int(rows_of_mine or 0),
        vehicle_updated_at,
    )
