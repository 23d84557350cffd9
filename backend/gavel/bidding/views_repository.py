"""The lots' reads for the staff's screens: a few grouped queries for any number of lots (never one per lot),
each served by an index of the lots' tables (models.py)."""

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, bindparam, column, func, select, table
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import Lane
from gavel.bidding.lot import LotState
from gavel.bidding.models import LotBid, LotEvent, LotMaximum, LotRow
from gavel.members.models import Member
from gavel.users.models import User
from gavel.vehicles.models import Vehicle, VehicleImage


@dataclass(frozen=True)
class VehicleCard:
    id: str
    title: str
    vin: str
    lot_number: int | None
    mileage: int
    photo_url: str | None


@dataclass(frozen=True)
class MemberRef:
    name: str
    paddle: int | None


# The bidders' accounts (gavel.bidders.models.BidderAccount, a layer above the lots), named here as a table
# and not imported: the staff's screens show a member's paddle beside their name, read in the names' query.
# tests/bidding/test_online_people.py holds this to the model's columns.
BIDDER_ACCOUNT = table("bidder_account", column("member_id"), column("paddle"))


@dataclass(frozen=True)
class LotFigures:
    lane_number: int
    bids: int
    maxima: int


async def lot(session: AsyncSession, lot_id: str) -> LotRow | None:
    return (await session.execute(select(LotRow).where(LotRow.id == lot_id))).scalar_one_or_none()


async def lots_of_vehicle(session: AsyncSession, vehicle_id: str) -> list[LotRow]:
    """Every lot the vehicle ran as, the latest first (ix_lot_vehicle_id)."""
    stmt = (
        select(LotRow)
        .where(LotRow.vehicle_id == vehicle_id)
        .order_by(LotRow.created_at.desc(), LotRow.id.desc())
    )
    return list((await session.execute(stmt)).scalars())


async def maxima_of_member(session: AsyncSession, member_id: str) -> list[tuple[LotMaximum, LotRow]]:
    """The member's standing maxima with their lots, the latest placed first (lot_maximum's bidder index)."""
    stmt = (
        select(LotMaximum, LotRow)
        .join(LotRow, LotRow.id == LotMaximum.lot_id)
        .where(LotMaximum.bidder_id == member_id)
        .order_by(LotMaximum.at.desc(), LotMaximum.id)
    )
    return [(m, row) for m, row in await session.execute(stmt)]


async def vehicle_exists(session: AsyncSession, vehicle_id: str) -> bool:
    return (await session.execute(select(Vehicle.id).where(Vehicle.id == vehicle_id))).first() is not None


async def member_exists(session: AsyncSession, member_id: str) -> bool:
    return (await session.execute(select(Member.id).where(Member.id == member_id))).first() is not None


def accepted_bids_count() -> Any:
    """A lot's accepted bids (the engine's automatic ones included, withdrawals not), as a scalar subquery
    correlated to the lot's row."""
    return (
        select(func.count(LotBid.id))
        .where(LotBid.lot_id == LotRow.id, LotBid.accepted.is_(True), LotBid.withdrawal.is_(False))
        .correlate(LotRow)
        .scalar_subquery()
    )


def _maxima_count() -> Any:
    return (
        select(func.count(LotMaximum.id))
        .where(LotMaximum.lot_id == LotRow.id)
        .correlate(LotRow)
        .scalar_subquery()
    )


def first_photo() -> Any:
    """A vehicle's first photo's thumbnail, as a scalar subquery correlated to the vehicle's row."""
    return (
        select(VehicleImage.thumbnail_url)
        .where(VehicleImage.vehicle_id == Vehicle.id)
        .order_by(VehicleImage.position)
        .limit(1)
        .correlate(Vehicle)
        .scalar_subquery()
    )


# A vehicle as a lot shows it, and a member's name and paddle (_member_name reads the name's columns).
_CARD_COLUMNS = (
    Vehicle.title,
    Vehicle.vin_number,
    Vehicle.vehicle_lot_number,
    Vehicle.mileage,
    first_photo().label("photo"),
)
_NAME_COLUMNS = (Member.member_entity, Member.company_name, Member.first_name, Member.last_name)


def _card(vehicle_id: str, row: Any) -> VehicleCard:
    mileage = row.mileage or 0
    return VehicleCard(vehicle_id, row.title, row.vin_number, row.vehicle_lot_number, mileage, row.photo)


def _ref(row: Any) -> MemberRef:
    return MemberRef(_member_name(row), None if row.paddle is None else int(row.paddle))


async def vehicle_cards(session: AsyncSession, vehicle_ids: Collection[str]) -> dict[str, VehicleCard]:
    """The vehicles as a lot shows them, each with its first photo's thumbnail, in one query."""
    if not vehicle_ids:
        return {}
    stmt = select(Vehicle.id, *_CARD_COLUMNS).where(Vehicle.id.in_(sorted(vehicle_ids)))
    return {row.id: _card(row.id, row) for row in await session.execute(stmt)}


async def figures(session: AsyncSession, lot_ids: Collection[str]) -> dict[str, LotFigures]:
    """Each lot's lane number, accepted bids and standing maxima, in one query."""
    if not lot_ids:
        return {}
    stmt = (
        select(
            LotRow.id,
            Lane.lane_number,
            accepted_bids_count().label("bids"),
            _maxima_count().label("maxima"),
        )
        .join(Lane, Lane.id == LotRow.lane_id)
        .where(LotRow.id.in_(sorted(lot_ids)))
    )
    return {
        row.id: LotFigures(row.lane_number, int(row.bids), int(row.maxima))
        for row in await session.execute(stmt)
    }


@dataclass(frozen=True)
class LotCard:
    """What a lot's view shows besides its own row: its figures, its vehicle and its leader's name."""

    figures: LotFigures
    vehicle: VehicleCard
    leader: MemberRef | None


# figures(), vehicle_cards() and member_refs() of the leaders in one statement, built once: a staff move
# answers with its lot's view, one round trip after the commit instead of three.
_LOT_CARDS = (
    select(
        LotRow.id,
        Lane.lane_number,
        accepted_bids_count().label("bids"),
        _maxima_count().label("maxima"),
        Vehicle.id.label("vehicle_id"),
        *_CARD_COLUMNS,
        Member.id.label("leader_id"),
        *_NAME_COLUMNS,
        BIDDER_ACCOUNT.c.paddle,
    )
    .join(Lane, Lane.id == LotRow.lane_id)
    .join(Vehicle, Vehicle.id == LotRow.vehicle_id)
    .outerjoin(Member, Member.id == LotRow.leader_member_id)
    .outerjoin(BIDDER_ACCOUNT, BIDDER_ACCOUNT.c.member_id == Member.id)
    .where(LotRow.id.in_(bindparam("lot_ids", expanding=True)))
)


async def lot_cards(session: AsyncSession, lot_ids: Collection[str]) -> dict[str, LotCard]:
    """Each lot's figures, vehicle card and leader (name and paddle), in one query."""
    if not lot_ids:
        return {}
    return {
        row.id: LotCard(
            LotFigures(row.lane_number, int(row.bids), int(row.maxima)),
            _card(row.vehicle_id, row),
            None if row.leader_id is None else _ref(row),
        )
        for row in await session.execute(_LOT_CARDS, {"lot_ids": sorted(lot_ids)})
    }


async def paused_seconds(session: AsyncSession, lots: Collection[LotRow]) -> dict[str, float]:
    """For each open lot whose clock a lane's pause stopped, the seconds it had left: its latest 'paused'
    event's (lanes.lot_clock), in one query for them all."""
    stopped = sorted(row.id for row in lots if row.state == LotState.OPEN.value and row.clock_ends_at is None)
    if not stopped:
        return {}
    latest = (
        select(LotEvent.lot_id, func.max(LotEvent.sequence).label("sequence"))
        .where(LotEvent.lot_id.in_(stopped), LotEvent.kind == "paused")
        .group_by(LotEvent.lot_id)
        .subquery()
    )
    stmt = select(LotEvent.lot_id, LotEvent.payload).join(
        latest, and_(LotEvent.lot_id == latest.c.lot_id, LotEvent.sequence == latest.c.sequence)
    )
    found: dict[str, float] = {}
    for lot_id, payload in await session.execute(stmt):
        left = payload.get("remainingSeconds") if isinstance(payload, dict) else None
        if isinstance(left, int | float):
            found[lot_id] = float(left)
    return found


# Built once: an absentee bid asks it before it takes the lot's turn.
_MEMBER_NAMES = select(Member.id, *_NAME_COLUMNS).where(
    Member.id.in_(bindparam("member_ids", expanding=True))
)


async def member_names(session: AsyncSession, member_ids: Collection[str]) -> dict[str, str]:
    """Members as people read them (a company by its name), in one query."""
    if not member_ids:
        return {}
    found = await session.execute(_MEMBER_NAMES, {"member_ids": sorted(member_ids)})
    return {row.id: _member_name(row) for row in found}


async def member_refs(session: AsyncSession, member_ids: Collection[str]) -> dict[str, MemberRef]:
    """Members as the staff's screens show them: the name (member_names's) and the paddle number of a member
    who signed in to bid online, in one query (the bidder account's primary key is the member's id)."""
    if not member_ids:
        return {}
    stmt = (
        select(Member.id, *_NAME_COLUMNS, BIDDER_ACCOUNT.c.paddle)
        .outerjoin(BIDDER_ACCOUNT, BIDDER_ACCOUNT.c.member_id == Member.id)
        .where(Member.id.in_(sorted(member_ids)))
    )
    return {row.id: _ref(row) for row in await session.execute(stmt)}


def _member_name(row: Any) -> str:
    if row.member_entity == "organization" and row.company_name:
        return str(row.company_name)
    return f"{row.first_name} {row.last_name}"


async def user_names(session: AsyncSession, user_ids: Collection[str]) -> dict[str, str]:
    if not user_ids:
        return {}
    stmt = select(User.id, User.full_name).where(User.id.in_(sorted(user_ids)))
    return {row.id: row.full_name for row in await session.execute(stmt)}


async def logs(session: AsyncSession, lot_ids: Collection[str]) -> dict[str, list[LotBid]]:
    """Each lot's whole bid log in sequence order, in one query (the unique index on lot and sequence)."""
    found: dict[str, list[LotBid]] = defaultdict(list)
    if lot_ids:
        stmt = (
            select(LotBid).where(LotBid.lot_id.in_(sorted(lot_ids))).order_by(LotBid.lot_id, LotBid.sequence)
        )
        for bid in (await session.execute(stmt)).scalars():
            found[bid.lot_id].append(bid)
    return found


async def maxima(session: AsyncSession, lot_ids: Collection[str]) -> dict[str, list[LotMaximum]]:
    """Each lot's standing maxima, highest first (the earlier first between equals), in one query."""
    found: dict[str, list[LotMaximum]] = defaultdict(list)
    if lot_ids:
        stmt = (
            select(LotMaximum)
            .where(LotMaximum.lot_id.in_(sorted(lot_ids)))
            .order_by(LotMaximum.lot_id, LotMaximum.amount.desc(), LotMaximum.sequence)
        )
        for held in (await session.execute(stmt)).scalars():
            found[held.lot_id].append(held)
    return found
