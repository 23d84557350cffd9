"""How the bid engine reacts to the clerk's results route (gavel.core.events; connected by gavel.wiring): a
result typed by hand for a vehicle whose lot the engine is selling (open, or waiting with bids on it) is
refused with a sentence; for a lot still waiting without a bid, the engine steps aside (the lot is withdrawn,
so an online lane's runner never opens it). A lot already closed or withdrawn is the engine's own close, a
floor sale's buyer being named, a seller's answer or a correction: it passes."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.events import ResultRecording
from gavel.auctions.schemas import lane_letter
from gavel.bidding import repository
from gavel.bidding.closing import Result
from gavel.bidding.lot import LotState, Source
from gavel.bidding.models import LotRow
from gavel.bidding.writes_repository import LotWrites
from gavel.core import events
from gavel.core.money import aed
from gavel.errors import Conflict, Invalid
from gavel.vehicles.transitions import lot as lot_name


def _selling(event: ResultRecording) -> Conflict:
    lane = lane_letter(event.lane_number)
    return Conflict(
        f"{lot_name(event.vehicle)} is being sold by the bid engine in lane {lane}: "
        "record its result on the lane's live console."
    )


async def result_recording(session: AsyncSession, event: ResultRecording) -> None:
    if not await repository.run_has_lot(session, event.run_id):
        return
    # Without waiting: a lot held by another transaction is being moved by the engine (opened, bid on,
    # closed); waiting for it could deadlock with a close (lot, then event) as this route holds the event.
    row = await repository.lot_of_run_unless_held(session, event.run_id)
    if row is None:
        raise _selling(event)
    if row.state == LotState.CLOSED.value:
        _check_floor_sale(row, event)
        return
    if row.state == LotState.WITHDRAWN.value:
        return
    if row.state == LotState.OPEN.value or row.last_bid_sequence > 0:
        raise _selling(event)
    writes = LotWrites(session, row)
    writes.set(state=LotState.WITHDRAWN.value, clock_ends_at=None, closed_at=event.at)
    writes.event("withdrawn", {"reason": "result_recorded_by_hand"}, event.at)
    await writes.send()


def _check_floor_sale(row: LotRow, event: ResultRecording) -> None:
    """A lot the floor won sells at the price its bid log reached: the clerk names the buyer, not a price."""
    floor_sale = row.result == Result.SOLD.value and row.leader_source == Source.FLOOR.value
    if floor_sale and event.outcome == "sold" and row.price is not None and event.price != row.price:
        won = f"{lot_name(event.vehicle)} was sold on the floor at {aed(row.price)}"
        sentence = f"{won}: record its buyer at that price."
        raise Invalid.field("soldFor", sentence)


def connect() -> None:
    events.subscribe(ResultRecording, result_recording)
