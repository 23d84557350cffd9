"""The names of the records a page of audit events is about, in one query for the whole page (no N+1)."""

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from sqlalchemy import String, cast, func, literal, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.models import AlertCampaign, AlertMessage, AlertTemplate
from gavel.auctions.models import Auction, AuctionEvent
from gavel.charges.models import Charge
from gavel.invoices.models import Invoice
from gavel.locations.models import Location
from gavel.members.models import Member
from gavel.payments.models import Payment
from gavel.plans.models import SecurityPlan
from gavel.roles.models import Role
from gavel.users.models import User
from gavel.vehicles.models import Vehicle

# entity -> (model, the expression that names one of its rows)
NAMED: dict[str, tuple[Any, Any]] = {
    "member": (Member, func.coalesce(Member.company_name, Member.first_name + " " + Member.last_name)),
    "vehicle": (Vehicle, Vehicle.title + ", lot " + cast(Vehicle.vehicle_lot_number, String)),
    "auction": (Auction, Auction.auction_title),
    "invoice": (Invoice, Invoice.number),
    "payment": (Payment, Payment.transaction_id),
    "user": (User, User.full_name),
    "role": (Role, Role.name),
    "location": (Location, Location.title),
    "security_plan": (SecurityPlan, SecurityPlan.name),
    "charge": (Charge, Charge.title),
    "alert_campaign": (AlertCampaign, AlertCampaign.name),
    "alert_template": (AlertTemplate, AlertTemplate.name),
    "alert_message": (AlertMessage, AlertMessage.recipient),
}


async def record_names(
    session: AsyncSession, refs: Iterable[tuple[str, str | None]]
) -> dict[tuple[str, str], str]:
    """{(entity, id): name} of the records that still exist, in one UNION ALL query."""
    ids: dict[str, set[str]] = defaultdict(set)
    for entity, entity_id in refs:
        if entity_id and (entity in NAMED or entity == "auction_event"):
            ids[entity].add(entity_id)
    parts = []
    for entity, wanted in sorted(ids.items()):
        kind = cast(literal(entity), String(40)).label("entity")
        if entity == "auction_event":
            name = Auction.auction_title + " (" + cast(AuctionEvent.sale_date, String) + ")"
            parts.append(
                select(kind, AuctionEvent.id.label("id"), name.label("name"))
                .join(Auction, Auction.id == AuctionEvent.auction_id)
                .where(AuctionEvent.id.in_(wanted))
            )
            continue
        model, expression = NAMED[entity]
        parts.append(select(kind, model.id.label("id"), expression.label("name")).where(model.id.in_(wanted)))
    if not parts:
        return {}
    rows = await session.execute(union_all(*parts))
    return {(row.entity, row.id): row.name for row in rows}
