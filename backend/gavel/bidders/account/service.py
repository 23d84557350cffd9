"""A member's buying power and purchases, read-only.

Buying power is the engine's own rule: `auctions.verdict.buyer_verdict` (approved buyer, no overdue invoice,
the plan's buying power less unpaid purchases) and `bidding.repository.led_elsewhere` (the maxima on lots the
member leads and the prices of lots they lead on approval). `available` is what a new maximum on a lot they
do not lead may use: the verdict's available less that commitment. The blocking reason is in the member's own
words (the verdict's are staff's)."""

from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.verdict import ZERO, buyer_verdict
from gavel.bidders.account import repository
from gavel.bidders.account.schemas import (
    BidderBuyingPower,
    BidderPurchase,
    BidderPurchaseInvoice,
    BidderPurchases,
)
from gavel.bidders.lots.refusals import NOT_A_BUYER, OVERDUE
from gavel.bidding.repository import led_elsewhere
from gavel.invoices import repository as invoices
from gavel.members.models import Member

NO_LOT = ""  # led_elsewhere leaves out one lot: none here


async def buying_power(session: AsyncSession, member: Member) -> BidderBuyingPower:
    verdict = await buyer_verdict(session, member)
    committed = await led_elsewhere(session, member.id, NO_LOT)
    owed = await invoices.unpaid_purchases(session, member.id)
    reason = None
    if not verdict.approved:
        reason = NOT_A_BUYER
    elif verdict.overdue_invoice is not None:
        reason = OVERDUE.format(number=verdict.overdue_invoice)
    elif verdict.blocked_reason is not None:
        reason = "Your bids cannot be taken at the moment. Please contact us for help."
    return BidderBuyingPower(
        available=max(verdict.available - committed, ZERO),
        buying_power=member.buying_power,
        committed=committed,
        owed=owed,
        blocked_reason=reason,
    )


def _due(total: Decimal, paid: Decimal) -> Decimal:
    return max(total - paid, ZERO)


async def purchases(session: AsyncSession, member: Member) -> BidderPurchases:
    bought = await repository.purchases(session, member.id)
    found = await invoices.of_vehicles(session, [b.vehicle_id for b in bought])
    data = []
    for item in bought:
        invoice = found.get(item.vehicle_id)
        data.append(
            BidderPurchase(
                vehicle_id=item.vehicle_id,
                title=item.title,
                lot_number=item.lot_number,
                sold_for=item.sold_for,
                sold_at=item.sold_at,
                invoice=BidderPurchaseInvoice(
                    id=invoice.id,
                    number=invoice.number,
                    total=invoice.total,
                    paid=invoice.paid_amount,
                    due=_due(invoice.total, invoice.paid_amount),
                    status=invoice.status,
                    due_at=invoice.due_at,
                )
                if invoice is not None
                else None,
            )
        )
    owed = sum((p.invoice.due for p in data if p.invoice is not None), ZERO)
    return BidderPurchases(data=data, owed=owed)
