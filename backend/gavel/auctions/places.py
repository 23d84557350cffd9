"""A vehicle's place in an event (its current run), shared by the rules that place, remove, sell and
delete: putting a vehicle in an event and taking it out, the guard of the one current run per vehicle, and
the 409 that names every blocker."""

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions import repository
from gavel.auctions.models import AuctionEvent
from gavel.core.bulk import plural
from gavel.core.constraints import constraint_name
from gavel.errors import Conflict, FieldError
from gavel.vehicles.models import Vehicle

# The partial unique index that keeps a vehicle in one event at a time (models.Run).
CURRENT_RUN = "uq_auction_run_current_vehicle"


def refuse(problems: list[str], noun: str) -> Conflict:
    """One 409 naming every blocker (at most five in the sentence, all in `errors`)."""
    message = (
        problems[0]
        if len(problems) == 1
        else f"{plural(len(problems), noun)} cannot: " + " ".join(problems[:5])
    )
    return Conflict(message, errors=[FieldError(field=f"{noun}s", message=p) for p in problems])


def in_another_event(lot_number: int) -> str:
    return f"Lot {lot_number} is already in an auction event."


def placed_since(lot_number: int) -> str:
    return f"Lot {lot_number} has been placed in another event since; its result stays."


@asynccontextmanager
async def current_run(
    session: AsyncSession, event_id: str, vehicle_ids: Sequence[str], problem: Callable[[int], str]
) -> AsyncIterator[None]:
    """Writes what the block makes a current run, in a savepoint of its own.

    The service checks before writing that no vehicle is in another event; when another request placed one
    at the same moment (past that check), the unique index on current runs refuses the write. The savepoint
    keeps the transaction usable, and the 409 then names the vehicles the other request placed, read afresh,
    as the check would have. Any other refusal, or none found, goes on to the generic answer
    (core.constraints).
    """
    try:
        async with session.begin_nested():
            yield
    except IntegrityError as exc:
        if constraint_name(exc)[0] != CURRENT_RUN:
            raise
        lots = await repository.lots_placed_elsewhere(session, vehicle_ids, event_id)
        if not lots:
            raise
        raise refuse([problem(n) for n in lots], "vehicle") from exc


def assign(vehicle: Vehicle, event: AuctionEvent) -> None:
    vehicle.auction_id = event.auction_id
    vehicle.auction_date = event.sale_date
    vehicle.event_id = event.id
    vehicle.event_date = event.sale_date


def unassign(vehicle: Vehicle) -> None:
    vehicle.auction_id = None
    vehicle.auction_date = None
    vehicle.event_id = None
    vehicle.event_date = None
