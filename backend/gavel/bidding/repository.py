"""The lots' queries, and the edge where stored rows (Decimal amounts) become the engine's (fils) and back."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, bindparam, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import Auction, AuctionEvent, Lane, Run
from gavel.auctions.repository import BuyerStanding
from gavel.auctions.schemas import AuctionType
from gavel.bidding.bids import LogRow, Refusal
from gavel.bidding.increments import Increments
from gavel.bidding.lot import Lot, LotState, Maximum, Source
from gavel.bidding.models import LotBid, LotEvent, LotMaximum, LotRow
from gavel.bidding.money import to_amount, to_fils
from gavel.members.models import Member
from gavel.vehicles.models import Vehicle


async def lot_by_id(session: AsyncSession, lot_id: str, *, lock: bool = False) -> LotRow | None:
    """The lot's row; with `lock`, held until commit (PostgreSQL FOR UPDATE; SQLite's writers take turns) and
    read afresh, so that a change made by the transaction that held it before is seen."""
    stmt = select(LotRow).where(LotRow.id == lot_id)
    if lock:
        stmt = stmt.with_for_update().execution_options(populate_existing=True)
    return (await session.execute(stmt)).scalar_one_or_none()


@dataclass(frozen=True)
class LockedForBid:
    """A lot locked for a bid, with what deciding the bid needs beside it, read in the same statement."""

    row: LotRow
    seller_id: str  # the member who sells the vehicle: never its bidder
    online: bool  # sold in an Online auction's lane: no floor, and no bid once its clock has run out


# Built once: every bid runs it (building it per call was 2 % of a bid's CPU, bench/bid_profile.py under
# py-spy).
_LOCKED_FOR_BID = (
    select(LotRow, Vehicle.member_id, Auction.auction_type)
    .join(Vehicle, Vehicle.id == LotRow.vehicle_id)
    .join(AuctionEvent, AuctionEvent.id == LotRow.event_id)
    .join(Auction, Auction.id == AuctionEvent.auction_id)
    .where(LotRow.id == bindparam("lot_id"))
    .with_for_update(of=LotRow)
    .execution_options(populate_existing=True)
)


async def lot_locked_for_bid(session: AsyncSession, lot_id: str) -> LockedForBid | None:
    """The lot's row locked until commit and read afresh (as `lot_by_id` with `lock`), with its vehicle's
    seller and its auction's type: one round trip where a bid made three (FOR UPDATE OF the lot only)."""
    found = (await session.execute(_LOCKED_FOR_BID, {"lot_id": lot_id})).one_or_none()
    if found is None:
        return None
    row, seller_id, auction_type = found
    return LockedForBid(row, str(seller_id), auction_type == AuctionType.ONLINE.value)


@dataclass(frozen=True)
class LockedBidder:
    """What a maximum's bidder is checked by (auctions.verdict.Buyer), read as plain values from their member
    row locked until commit: the whole member (every column, its joined profile and security plan) was built
    as ORM objects for eight, under the lot's lock."""

    id: str
    status: str
    is_buyer: bool
    buying_power: Decimal
    member_entity: str
    company_name: str | None
    first_name: str
    last_name: str


# Built once: every maximum a bid's rules take asks it. FOR NO KEY UPDATE, as ledger.repository.lock_member
# (whose lock it is: the member's buying power is taken by one bid at a time).
_LOCKED_BIDDER = (
    select(
        Member.id,
        Member.status,
        Member.is_buyer,
        Member.buying_power,
        Member.member_entity,
        Member.company_name,
        Member.first_name,
        Member.last_name,
    )
    .where(Member.id == bindparam("member_id"))
    .with_for_update(of=Member, key_share=True)
)


async def bidder_locked(session: AsyncSession, member_id: str) -> LockedBidder | None:
    """The member's row locked until commit, read as the bid's checks need it; None: no such member."""
    found = (await session.execute(_LOCKED_BIDDER, {"member_id": member_id})).one_or_none()
    return None if found is None else LockedBidder(*found)


async def run_has_lot(session: AsyncSession, run_id: str) -> bool:
    stmt = select(LotRow.id).where(LotRow.run_id == run_id)
    return (await session.execute(stmt)).first() is not None


async def lot_of_run_unless_held(session: AsyncSession, run_id: str) -> LotRow | None:
    """The run's lot, locked until commit, read afresh; None while another transaction holds it (PostgreSQL
    SKIP LOCKED; SQLite's writers take turns, so it is never held there)."""
    stmt = (
        select(LotRow)
        .where(LotRow.run_id == run_id)
        .with_for_update(skip_locked=True)
        .execution_options(populate_existing=True)
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def lots_of_event(session: AsyncSession, event_id: str) -> list[LotRow]:
    """An event's lots, lane by lane in run order."""
    stmt = (
        select(LotRow)
        .join(Lane, Lane.id == LotRow.lane_id)
        .where(LotRow.event_id == event_id)
        .order_by(Lane.lane_number, LotRow.run_number, LotRow.id)
    )
    return list((await session.execute(stmt)).scalars())


async def current_runs(session: AsyncSession, event_id: str) -> list[Run]:
    """The event's runs that still place their vehicle (a vehicle not sold went back: its run is history)."""
    stmt = (
        select(Run)
        .join(Lane, Lane.id == Run.lane_id)
        .where(Run.event_id == event_id, Run.is_current.is_(True))
        .order_by(Lane.lane_number, Run.run_number)
    )
    return list((await session.execute(stmt)).scalars())


async def seller_of(session: AsyncSession, vehicle_id: str) -> str:
    """The member who sells the vehicle."""
    stmt = select(Vehicle.member_id).where(Vehicle.id == vehicle_id)
    return str((await session.execute(stmt)).scalar_one())


@dataclass(frozen=True)
class StoredMaximum:
    """A member's maximum on a lot as stored (a `lot_maximum` row), as plain values: every bid reads all of
    its lot's maxima under the lot's lock (a hundred on a lot a hundred members bid on), plain rows cost less
    to read than the ORM's objects, and LotWrites writes the changes back with statements of its own, so
    nothing in the session has to be kept in step with them."""

    id: str
    bidder_id: str
    amount: Decimal
    sequence: int
    source: str
    at: datetime


_MAXIMA = (
    select(
        LotMaximum.id,
        LotMaximum.bidder_id,
        LotMaximum.amount,
        LotMaximum.sequence,
        LotMaximum.source,
        LotMaximum.at,
    )
    .where(LotMaximum.lot_id == bindparam("lot_id"))
    .order_by(LotMaximum.sequence)
)


async def maxima_of(session: AsyncSession, lot_id: str) -> list[StoredMaximum]:
    """The lot's maxima in the order they were placed."""
    return [StoredMaximum(*row) for row in await session.execute(_MAXIMA, {"lot_id": lot_id})]


async def log_of(session: AsyncSession, lot_id: str) -> list[LogRow]:
    """The lot's whole bid log, in sequence order, as the engine's rows."""
    stmt = select(LotBid).where(LotBid.lot_id == lot_id).order_by(LotBid.sequence)
    return [log_row(bid) for bid in (await session.execute(stmt)).scalars()]


async def events_after(session: AsyncSession, lot_id: str, sequence: int) -> list[LotEvent]:
    stmt = (
        select(LotEvent)
        .where(LotEvent.lot_id == lot_id, LotEvent.sequence > sequence)
        .order_by(LotEvent.sequence)
    )
    return list((await session.execute(stmt)).scalars())


def led_elsewhere_columns(
    member_id: str | ColumnElement[str], besides_lot_id: str | ColumnElement[str]
) -> tuple[Any, Any]:
    """`led_elsewhere`'s two parts as scalar subqueries, to read in one statement with others
    (`led_total` adds them up); the member and the lot may be bound parameters (`bindparam`)."""
    maxima = (
        select(func.coalesce(func.sum(LotMaximum.amount), 0))
        .join(LotRow, LotRow.id == LotMaximum.lot_id)
        .where(
            LotRow.state.in_((LotState.WAITING.value, LotState.OPEN.value)),
            LotRow.leader_member_id == member_id,
            LotRow.id != besides_lot_id,
            LotMaximum.bidder_id == member_id,
        )
        .scalar_subquery()
    )
    on_approval = (
        select(func.coalesce(func.sum(LotRow.price), 0))
        .where(
            LotRow.state == LotState.CLOSED.value,
            LotRow.result == "on_approval",
            LotRow.leader_member_id == member_id,
            LotRow.id != besides_lot_id,
        )
        .scalar_subquery()
    )
    return maxima, on_approval


# A bid's buyer standing (auctions.verdict.buyer_verdict_with) with `led_elsewhere`'s two parts, built once:
# every maximum a bid's rules take asks it under the lot's lock.
BID_STANDING = BuyerStanding(
    *led_elsewhere_columns(bindparam("led_member_id"), bindparam("led_besides_lot_id"))
)


def bid_standing_params(member_id: str, lot_id: str) -> dict[str, Any]:
    return {"led_member_id": member_id, "led_besides_lot_id": lot_id}


def led_total(held: Any, asked: Any) -> Decimal:
    """The two parts read (`led_elsewhere_columns`) as one amount."""
    return to_amount(to_fils(Decimal(held or 0) + Decimal(asked or 0)))


async def led_elsewhere(session: AsyncSession, member_id: str, besides_lot_id: str) -> Decimal:
    """What the lots the member leads, but one, may still take of their buying power: their maxima on the
    waiting and open lots they lead (the engine bids for them up to their maximum without asking again, and a
    waiting lot opens without asking either), and the price of each lot they lead that waits for its seller's
    answer (an acceptance sells it to them). One statement."""
    held, asked = (await session.execute(select(*led_elsewhere_columns(member_id, besides_lot_id)))).one()
    return led_total(held, asked)


def increments_of(row: LotRow) -> Increments:
    return Increments.table([(band[0], band[1]) for band in row.increments])


def bands_of(increments: Increments) -> list[list[int]]:
    return [[band.from_price, band.step] for band in increments.bands]


def engine_lot(row: LotRow, maxima: Sequence[StoredMaximum]) -> Lot:
    """The lot as the rules see it, from its row and its maxima."""
    return Lot(
        opening_price=to_fils(row.opening_price),
        increments=increments_of(row),
        state=LotState(row.state),
        price=to_fils(row.price) if row.price is not None else None,
        leader=row.leader_member_id,
        leader_source=Source(row.leader_source) if row.leader_source is not None else None,
        maxima=tuple(
            Maximum(m.bidder_id, to_fils(m.amount), m.sequence, Source(m.source), m.at) for m in maxima
        ),
        last_sequence=row.last_bid_sequence,
    )


def log_row(bid: LotBid) -> LogRow:
    return LogRow(
        sequence=bid.sequence,
        at=bid.at,
        source=Source(bid.source),
        bidder=bid.bidder_id,
        entered_by=bid.entered_by,
        amount=to_fils(bid.amount),
        maximum=to_fils(bid.maximum) if bid.maximum is not None else None,
        automatic=bid.automatic,
        accepted=bid.accepted,
        reason=Refusal(bid.reason) if bid.reason is not None else None,
        withdrawal=bid.withdrawal,
    )
