"""The messages of a lot sold below its reserve (issue 25): its seller asked to accept, decline or counter by
the deadline, and the buyer who led told of the seller's counter-offer. Queued in the bid engine's
transaction (gavel.core.events), each with its own template (alerts.defaults), English and Arabic."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.catalog import Event
from gavel.alerts.context import approval_vars, vehicle_vars
from gavel.alerts.service import alert_service
from gavel.bidding.events import CounterOffered, SellerApprovalRequested
from gavel.core import events
from gavel.members.models import Member
from gavel.vehicles.models import Vehicle


async def seller_approval_requested(session: AsyncSession, event: SellerApprovalRequested) -> None:
    """The seller is asked for an answer by the deadline."""
    seller = await session.get(Member, event.seller_id)
    vehicle = await session.get(Vehicle, event.vehicle_id)
    if seller is None or vehicle is None:
        return
    context = {
        "vehicle": vehicle_vars(vehicle),
        "approval": approval_vars(event.price, event.reserve, None, event.deadline),
    }
    await alert_service.notify(session, Event.SELLER_APPROVAL_REQUESTED, seller, context, event.at)


async def counter_offered(session: AsyncSession, event: CounterOffered) -> None:
    """The member who led hears the seller's counter-offer (a floor-led lot's buyer is told by staff)."""
    if event.buyer_id is None:
        return
    buyer = await session.get(Member, event.buyer_id)
    vehicle = await session.get(Vehicle, event.vehicle_id)
    if buyer is None or vehicle is None:
        return
    context = {
        "vehicle": vehicle_vars(vehicle),
        "approval": approval_vars(event.price, None, event.amount, event.deadline),
    }
    await alert_service.notify(session, Event.COUNTER_OFFERED, buyer, context, event.at)


def connect() -> None:
    events.subscribe(SellerApprovalRequested, seller_approval_requested)
    events.subscribe(CounterOffered, counter_offered)
