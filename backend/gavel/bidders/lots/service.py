"""The rules of the bidders' view of the sale and of their moves on a lot.

- Members see the events of published auctions (and of auctions completed since) that end today or later in
  Dubai, and their lots; another lot or event is answered as one that does not exist (404).
- A maximum (PUT), a bid now (POST, an amount or the next step) and a withdrawal go through the bid engine
  (`gavel.bidding.service`) as a MaximumBid with Source.ONLINE entered by the member for themselves; a
  refused bid's row is committed, then answered in the member's words (`refusals`).
- The next step is the asking price read under the lot's lock, so two members asking for it at once both bid
  (the second one step higher); a member who already leads is refused it (a double tap never raises their own
  maximum).
- A maximum is withdrawn only while the lot waits (409 otherwise), by the engine's withdrawal.
- Bids are paced per member (`pace`).
"""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.device import device_summary
from gavel.audit.repository import record
from gavel.bidders.lots import pace, refusals, repository, vehicle_pages
from gavel.bidders.lots.schemas import BidderEvent, BidderEventLocation
from gavel.bidders.lots.vehicle_pages import VehiclePage
from gavel.bidding import repository as engine
from gavel.bidding import service as bidding
from gavel.bidding.bids import MaximumBid
from gavel.bidding.lot import Lot, LotState, Source
from gavel.bidding.models import LotRow
from gavel.bidding.money import aed_text, to_fils
from gavel.bidding.move_time import MoveTime, time_of
from gavel.bidding.service import BidOf
from gavel.core.clock import day_start, dubai_date
from gavel.db import set_local
from gavel.errors import Conflict, Invalid, NotFound
from gavel.guards import Client
from gavel.members.models import Member

NO_EVENT = "This event does not exist."
NO_LOT = "This lot does not exist."
NO_ASKING = "This lot has no asking price yet: type the amount of your bid."
ALREADY_LEADING = "You already lead this lot at {price}: your bid at the next step was not placed."
NOTHING_TO_WITHDRAW = "You have no maximum on this lot."
TOO_LATE_TO_WITHDRAW = "A maximum can be withdrawn only before the lot opens: this lot is {state}."
WITHDRAWN_REASON = "Withdrawn by the member online"
_STATE_WORDS = {"open": "open", "closed": "closed", "withdrawn": "withdrawn from the sale"}


@dataclass(frozen=True)
class Mover:
    """The member making a move, and where from (for the audit of a withdrawal)."""

    member: Member
    client: Client


def event_state(starts_at: datetime, ends_at: datetime, completed: bool, now: datetime) -> str:
    if completed or ends_at <= now:
        return "ended"
    return "running" if starts_at <= now else "upcoming"


async def events(session: AsyncSession, now: datetime) -> list[BidderEvent]:
    """The events members see that end today or later (Dubai), soonest first."""
    found = await repository.upcoming_events(session, day_start(dubai_date(now)))
    return [
        BidderEvent(
            id=row.event.id,
            auction_id=row.auction.id,
            title=row.auction.auction_title,
            auction_type=row.auction.auction_type,
            starts_at=row.event.start_at,
            ends_at=row.event.end_at,
            location=BidderEventLocation(name=row.location.title, city=row.location.city)
            if row.location
            else None,
            lot_count=row.lot_count,
            state=event_state(row.event.start_at, row.event.end_at, row.event.status == "completed", now),
        )
        for row in found
    ]


async def event_lots(session: AsyncSession, event_id: str) -> list[LotRow]:
    """The event's lots, lane by lane in run order. The lots of runs placed since (or of vehicles whose prices
    changed before any bid) are made first, by the engine, only when there are such: most reads write
    nothing."""
    if not await repository.visible_event(session, event_id):
        raise NotFound(NO_EVENT)
    if await repository.lots_to_make(session, event_id):
        # A read's session has no transaction block on PostgreSQL: making lots needs one (as staff's list).
        await set_local(session, "lock_timeout = '5s'")
        await bidding.ensure_lots(session, event_id)
        await session.commit()
    return await repository.lots_of_event(session, event_id)


async def lot(session: AsyncSession, lot_id: str) -> LotRow:
    row = await repository.visible_lot(session, lot_id)
    if row is None:
        raise NotFound(NO_LOT)
    return row


async def lot_detail(
    session: AsyncSession, lot_id: str, member_id: str
) -> tuple[repository.LotFacts, VehiclePage]:
    """A lot members may see, with the member's facts about it and its vehicle's page; 404 otherwise."""
    facts = await repository.lot_for_member(session, lot_id, member_id)
    page = (
        await vehicle_pages.vehicle_page(session, facts.row.vehicle_id, facts.vehicle_updated_at)
        if facts is not None
        else None
    )
    if facts is None or page is None:
        raise NotFound(NO_LOT)
    return facts, page


async def ready_to_move(session: AsyncSession, member_id: str, lot_id: str, now: datetime) -> None:
    """What a bid or a maximum asks before the lot's turn (bidding/turns.py): the member's pace (429) and a
    lot members may see (404). Asked outside the turn, these three statements no longer hold up the bids
    queued behind this one on the lot."""
    await pace.count_bid(session, member_id, now)
    await lot(session, lot_id)


async def set_maximum(
    session: AsyncSession, member: Member, lot_id: str, maximum: Decimal, when: MoveTime
) -> LotRow:
    """The member's maximum set or raised on a waiting or open lot (after `ready_to_move`)."""
    return await _placed(session, member, lot_id, to_fils(maximum), "maximum", when)


def check_bid(amount: Decimal | None, next_step: bool) -> None:
    """A bid names an amount or the next step, one of the two."""
    if amount is None and not next_step:
        raise Invalid.field("amount", "Give the amount of your bid, or ask for the next step.")
    if amount is not None and next_step:
        raise Invalid.field("amount", "Give either the amount of your bid or the next step, not both.")


async def bid_now(
    session: AsyncSession, member: Member, lot_id: str, amount: Decimal | None, when: MoveTime
) -> LotRow:
    """A bid now (after `check_bid` and `ready_to_move`): a maximum of the amount, or of the asking price read
    under the lot's lock."""
    if amount is not None:
        return await _placed(session, member, lot_id, to_fils(amount), "amount", when)

    def at_asking(held: LotRow, lot: Lot) -> MaximumBid:
        """A maximum of the next step, read under the lot's lock (the engine's one lock of the lot)."""
        if held.leader_member_id == member.id and held.price is not None:
            raise Conflict(ALREADY_LEADING.format(price=aed_text(to_fils(held.price))))
        if lot.asking <= 0:
            raise Invalid.field("amount", NO_ASKING)
        return _maximum(member, lot.asking, time_of(when))  # placed_bid sets its time

    return await _placed(session, member, lot_id, at_asking, "amount", when)


def _maximum(member: Member, fils: int, now: datetime) -> MaximumBid:
    return MaximumBid(Source.ONLINE, entered_by=member.id, bidder=member.id, maximum=fils, at=now)


async def _placed(
    session: AsyncSession, member: Member, lot_id: str, bid: int | BidOf, field: str, when: MoveTime
) -> LotRow:
    """The member's maximum (fils, or made under the lot's lock) placed; a refusal kept and raised. The bid is
    timed under the lot's lock (`bidding.placed_bid`)."""
    placed = _maximum(member, bid, time_of(when)) if isinstance(bid, int) else bid
    row, outcome = await bidding.placed_bid(session, lot_id, placed, when)
    if not outcome.accepted:
        await session.commit()  # the refused bid's row and event are kept
        raise await refusals.refusal_error(session, outcome, member, lot_id, field)
    return row


async def withdraw_maximum(session: AsyncSession, mover: Mover, lot_id: str, when: MoveTime) -> LotRow:
    """The member's own maximum withdrawn while the lot waits: the lot as if they had never bid."""
    member = mover.member
    await lot(session, lot_id)
    held = await engine.lot_by_id(session, lot_id, lock=True)  # decided under the lot's lock
    if held is None:
        raise NotFound(NO_LOT)
    mine = (await repository.my_maxima(session, member.id, [lot_id])).get(lot_id)
    if mine is None:
        raise Conflict(NOTHING_TO_WITHDRAW)
    if held.state != LotState.WAITING.value:
        raise Conflict(TOO_LATE_TO_WITHDRAW.format(state=_STATE_WORDS.get(held.state, held.state)))
    await bidding.withdraw_maximum(session, lot_id, member.id, member.id, WITHDRAWN_REASON, when)
    await record(
        session,
        action="bidder.maximum_withdrawn",
        entity="vehicle",
        entity_id=held.vehicle_id,
        actor_email=(member.email or member.id)[:254],
        ip=mover.client.ip,
        device=device_summary(mover.client.user_agent),
        new={"lotId": lot_id, "maximum": mine},
    )
    return held
