"""Demo auctions at the demo yards: past events whose results sold the demo's sold vehicles, a published
auction with an event in a few days holding vehicles in two lanes, and a draft without vehicles.

Everything is written through the models, in the loader's transaction, as the auctions service would have left
it (gavel.auctions.service):

- a sold vehicle has one current run in a completed event with outcome `sold`, its buyer and price, and its
  vehicle points at that event (auctionId, auctionDate, eventId, eventDate); a few vehicles also ran once
  before without being sold;
- a `notSold` run is history (not current): its vehicle went back to the approved, unassigned vehicles;
- a buyer is an approved member who buys; each price fits the buyer's buying power less the prices of their
  purchases still unpaid (purchases that were paid are taken as paid before the next sale); a price below the
  reserve was accepted by the seller (`sellerApproved`);
- run numbers count from 1 in each lane, in the order the vehicles were placed;
- an event in the past is completed, and so is an auction whose events all are; publishing published only the
  events holding vehicles.

The time base is the `now` of the loader: past events are weeks before it, the next event days after it.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import Auction, AuctionEvent, Lane, Run
from gavel.auctions.schedule import planned_events
from gavel.auctions.schemas import RepeatType, Schedule
from gavel.core.clock import DUBAI, dubai_date
from gavel.demo.vehicles import DemoVehicles, PlannedSale
from gavel.locations.models import Location
from gavel.members.models import Member
from gavel.users.models import User
from gavel.vehicles.models import Vehicle

CLERK_EMAIL = "fatima.almansoori@gavel-demo.ae"  # Operations: creates the auctions and records the results
FUTURE_LANE_VEHICLES = 8  # per lane (A and B) of the next event of the published auction
UNSOLD_AGAIN = 12  # approved vehicles that ran once without being sold, back among the unassigned
SOLD_SECOND_TIME = 10  # sold vehicles that had run once before without being sold


@dataclass(frozen=True)
class DemoAuction:
    title: str
    yard: str
    auction_type: str
    lanes: int
    repeat: RepeatType
    bid_increment: str
    counter_bid_time: int
    hour: int  # Dubai time of the start
    hours: int  # length of an event
    first: int  # days from the loader's `now` to the first event's Dubai day (negative: in the past)
    last: int  # days to the repeat-until day
    status: str


def _auctions(next_sale: int) -> list[DemoAuction]:
    """`next_sale`: days to the next event of the weekly Dubai sale (a few days ahead)."""
    weeks_back = 10
    return [
        DemoAuction(
            "Dubai Weekly Live Sale", "Al Quoz Auction Yard", "Live", 2, RepeatType.WEEKLY, "500", 10,
            16, 4, next_sale - 7 * weeks_back, next_sale + 7 * 4, "publish",
        ),
        DemoAuction(
            "Sharjah Online Salvage Sale", "Sharjah Industrial Yard", "Online", 1, RepeatType.WEEKLY, "250",
            15, 10, 10, -7 * 8 - 2, -7 * 3 - 2, "completed",
        ),
        DemoAuction(
            "Mussafah Fleet and Bank Sale", "Mussafah Vehicle Yard", "Live", 3, RepeatType.MONTHLY, "1000",
            20, 15, 5, -4 * 30 - 5, -25, "completed",
        ),
        DemoAuction(
            "Al Quoz Night Sale", "Al Quoz Auction Yard", "Live", 2, RepeatType.NONE, "500", 10,
            21, 4, next_sale + 21, next_sale + 21, "draft",
        ),
    ]  # fmt: skip


@dataclass
class _Placed:
    vehicle: Vehicle
    event: AuctionEvent
    sale: PlannedSale | None  # None: not sold


def _start(now: datetime, days: int, hour: int) -> datetime:
    day = (now.astimezone(DUBAI) + timedelta(days=days)).date()
    return datetime.combine(day, time(hour), tzinfo=DUBAI)


def _assign(vehicle: Vehicle, event: AuctionEvent) -> None:
    vehicle.auction_id = event.auction_id
    vehicle.auction_date = event.sale_date
    vehicle.event_id = event.id
    vehicle.event_date = event.sale_date


async def load_auctions(
    session: AsyncSession, vehicles: DemoVehicles, now: datetime, seed: int = 11
) -> dict[str, int]:
    rng = random.Random(seed)  # noqa: S311 (repeatable demo data, not secrets)
    yards = {
        y.title: y
        for y in (await session.scalars(select(Location))).all()
        if y.title in {a.yard for a in _auctions(0)}
    }
    clerk = await session.scalar(select(User).where(User.email == CLERK_EMAIL))
    if len(yards) < 3 or not vehicles.sales:
        return {"auctions": 0, "events": 0}
    next_sale = 3  # the next weekly sale is in three days; it ran every week before
    events_by_auction: dict[str, list[AuctionEvent]] = {}
    auctions: list[tuple[DemoAuction, Auction]] = []
    for plan in _auctions(next_sale):
        start = _start(now, plan.first, plan.hour)
        schedule = Schedule(
            start_date=start,
            end_date=start + timedelta(hours=plan.hours),
            repeat_type=plan.repeat,
            repeat_until=(start + timedelta(days=plan.last - plan.first)).date()
            if plan.repeat != RepeatType.NONE
            else None,
        )
        planned = planned_events(schedule)
        created = min(now, planned[0].start_date) - timedelta(days=rng.randint(7, 14))
        auction = Auction(
            auction_title=plan.title,
            title_key=plan.title.lower(),
            auction_type=plan.auction_type,
            location_id=yards[plan.yard].id,
            lane_count=plan.lanes,
            bid_increment_amount=Decimal(plan.bid_increment),
            counter_bid_time=plan.counter_bid_time,
            repeat_type=plan.repeat.value,
            repeat_until=schedule.repeat_until,
            status=plan.status,
            first_event_at=planned[0].start_date,
            last_event_at=planned[-1].start_date,
            event_count=len(planned),
            created_by_id=clerk.id if clerk else None,
            created_at=created,
            updated_at=created,
        )
        session.add(auction)
        await session.flush()
        events = [
            AuctionEvent(
                auction_id=auction.id,
                sequence=n,
                start_at=p.start_date,
                end_at=p.end_date,
                sale_date=dubai_date(p.start_date),
                status="completed" if p.start_date < now else "draft",
                completed_at=p.end_date + timedelta(minutes=30) if p.start_date < now else None,
                lanes=[Lane(lane_number=k) for k in range(1, plan.lanes + 1)],
                created_at=created,
                updated_at=created,
            )
            for n, p in enumerate(planned, start=1)
        ]
        session.add_all(events)
        await session.flush()
        events_by_auction[auction.id] = events
        auctions.append((plan, auction))

    past = sorted(
        (e for events in events_by_auction.values() for e in events if e.start_at < now),
        key=lambda e: e.start_at,
    )
    published = next(a for plan, a in auctions if plan.status == "publish")
    upcoming = next(e for e in events_by_auction[published.id] if e.start_at > now)

    placed = _past_runs(rng, vehicles, past)
    runs = _number(rng, placed, clerk)
    _sell(rng, placed, runs, await _buyers(session), now)

    # The next event of the published auction: approved vehicles in lanes A and B, in run order.
    ran = {p.vehicle.id for p in placed}
    fresh = [v for v in vehicles.approved if v.id not in ran]
    waiting = fresh[: 2 * FUTURE_LANE_VEHICLES]
    for n, vehicle in enumerate(waiting):
        lane = upcoming.lanes[n % 2]
        placed_at = max(vehicle.created_at + timedelta(hours=1), now - timedelta(days=2))
        runs.append(
            Run(
                event_id=upcoming.id,
                lane_id=lane.id,
                vehicle_id=vehicle.id,
                run_number=n // 2 + 1,
                is_current=True,
                created_at=min(placed_at, now),
                updated_at=min(placed_at, now),
            )
        )
        _assign(vehicle, upcoming)
    upcoming.status = "publish"  # publishing publishes the events that hold vehicles
    session.add_all(runs)
    await session.flush()
    return {"auctions": len(auctions), "events": sum(len(e) for e in events_by_auction.values())}


def _eligible(events: Sequence[AuctionEvent], created: datetime) -> list[AuctionEvent]:
    """Past events at least two days after the vehicle was created."""
    return [e for e in events if e.start_at >= created + timedelta(days=2)]


def _past_runs(rng: random.Random, vehicles: DemoVehicles, past: list[AuctionEvent]) -> list[_Placed]:
    """Which past event each planned sale (and each earlier no sale) happened in."""
    placed: list[_Placed] = []
    for n, sale in enumerate(vehicles.sales):
        vehicle = sale.vehicle
        if not _eligible(past, vehicle.created_at):
            # Created too recently for a past event: it came in some days before the last one.
            vehicle.created_at = past[-1].start_at - timedelta(days=rng.randint(3, 10))
            vehicle.updated_at = vehicle.created_at
            vehicle.status_changed_at = vehicle.created_at
        choices = _eligible(past, vehicle.created_at)
        if n < SOLD_SECOND_TIME and len(choices) >= 2:
            first = rng.choice(choices[:-1])
            placed.append(_Placed(vehicle, first, None))
            choices = [e for e in choices if e.start_at > first.start_at]
        placed.append(_Placed(vehicle, rng.choice(choices), sale))
    # Approved vehicles that were not sold once and wait for a later event (unassigned).
    for vehicle in [v for v in vehicles.approved if _eligible(past, v.created_at)][:UNSOLD_AGAIN]:
        placed.append(_Placed(vehicle, rng.choice(_eligible(past, vehicle.created_at)), None))
    return placed


def _number(rng: random.Random, placed: list[_Placed], clerk: User | None) -> list[Run]:
    """The runs of the past events: lanes filled in turn, run numbers from 1 in each lane."""
    by_event: dict[str, list[_Placed]] = {}
    for p in placed:
        by_event.setdefault(p.event.id, []).append(p)
    runs: list[Run] = []
    for items in by_event.values():
        event = items[0].event
        items.sort(key=lambda p: p.vehicle.vehicle_lot_number)
        for n, p in enumerate(items):
            lane = event.lanes[n % len(event.lanes)]
            number = n // len(event.lanes) + 1
            placed_at = max(p.vehicle.created_at + timedelta(hours=1), event.start_at - timedelta(days=6))
            recorded = event.start_at + timedelta(minutes=number, seconds=rng.randint(0, 40))
            runs.append(
                Run(
                    event_id=event.id,
                    lane_id=lane.id,
                    vehicle_id=p.vehicle.id,
                    run_number=number,
                    is_current=p.sale is not None,
                    outcome="sold" if p.sale else "notSold",
                    recorded_at=recorded,
                    recorded_by_id=clerk.id if clerk else None,
                    created_at=placed_at,
                    updated_at=recorded,
                )
            )
    return runs


async def _buyers(session: AsyncSession) -> list[Member]:
    stmt = (
        select(Member)
        .where(Member.status == "approved", Member.is_buyer.is_(True), Member.buying_power > 0)
        .order_by(Member.created_at, Member.id)
    )
    return list((await session.scalars(stmt)).unique().all())


def _sell(
    rng: random.Random, placed: list[_Placed], runs: list[Run], buyers: list[Member], now: datetime
) -> None:
    """Records each sale in event order: buyer, price, and what happened after (payment, gate pass, release).

    The buyer drawn for the vehicle keeps it when they may buy it at the sale (approved, buying, not its
    seller, buying power less their unpaid purchases covers the price); otherwise the next buyer in turn who
    may. A purchase that is still unpaid uses up buying power for every later sale; one that was paid is taken
    as paid before the next sale.
    """
    runs_of = {(r.event_id, r.vehicle_id): r for r in runs}
    by_id = {m.id: m for m in buyers}
    unpaid: dict[str, Decimal] = {}
    turn = 0

    def when(p: _Placed) -> tuple[datetime, datetime, int]:
        """In the order the clerks recorded the results (lanes run side by side)."""
        recorded = runs_of[(p.event.id, p.vehicle.id)].recorded_at or p.event.start_at
        return p.event.start_at, recorded, p.vehicle.vehicle_lot_number

    for p in sorted(placed, key=when):
        if p.sale is None:
            continue
        sale, vehicle, event = p.sale, p.vehicle, p.event

        def room(member: Member, seller: str = vehicle.member_id) -> Decimal:
            if member.id == seller:
                return Decimal("-1")
            return member.buying_power - unpaid.get(member.id, Decimal("0"))

        drawn = by_id.get(sale.buyer_id)
        if drawn is not None and room(drawn) >= sale.price:
            buyer = drawn
        else:
            rotation = buyers[turn:] + buyers[:turn]
            buyer = next((m for m in rotation if room(m) >= sale.price), None) or max(rotation, key=room)
            turn = (buyers.index(buyer) + 1) % len(buyers)
        price = min(sale.price, room(buyer))  # never above what the buyer could pay (only a guard)
        if not sale.is_paid:
            unpaid[buyer.id] = unpaid.get(buyer.id, Decimal("0")) + price
        run = runs_of[(event.id, vehicle.id)]
        run.buyer_id = buyer.id
        run.sold_for = price
        run.seller_approved = vehicle.reserve_price is not None and price < vehicle.reserve_price
        recorded = run.recorded_at or event.start_at
        vehicle.status = "sold"
        vehicle.status_changed_at = recorded
        vehicle.sold_for = price
        vehicle.buyer_member_id = buyer.id
        vehicle.is_paid = sale.is_paid
        vehicle.gate_pass_status = sale.gate_pass_status
        vehicle.is_released = sale.is_released
        vehicle.release_date = (
            min(event.end_at + timedelta(days=rng.randint(1, 10)), now - timedelta(hours=2))
            if sale.is_released
            else None
        )
        vehicle.updated_at = vehicle.release_date or recorded
        _assign(vehicle, event)
