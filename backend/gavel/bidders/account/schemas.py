"""A member's buying power and purchases, as they read them (camelCase, amounts as strings)."""

from pydantic import Field

from gavel.bidding.schemas import AmountText, UtcTime
from gavel.schemas import ApiModel


class BidderBuyingPower(ApiModel):
    available: AmountText = Field(
        description="What a new maximum may use now: the buying power less unpaid purchases and what the "
        "lots I lead may still take (0 while blocked)"
    )
    buying_power: AmountText = Field(description="My security plan's buying power while its deposit is held")
    committed: AmountText = Field(
        description="My maxima on the waiting and open lots I lead, and the prices of lots I lead on approval"
    )
    owed: AmountText = Field(description="The prices of my purchases not paid yet")
    blocked_reason: str | None = Field(
        description="Why I cannot bid at all now, in a sentence; null if I can"
    )


class BidderPurchaseInvoice(ApiModel):
    id: str
    number: str
    total: AmountText
    paid: AmountText
    due: AmountText
    status: str = Field(description="unpaid, partiallyPaid, paid or overdue")
    due_at: UtcTime | None


class BidderPurchase(ApiModel):
    vehicle_id: str
    title: str
    lot_number: int | None
    sold_for: AmountText
    sold_at: UtcTime | None
    invoice: BidderPurchaseInvoice | None


class BidderPurchases(ApiModel):
    data: list[BidderPurchase]
    owed: AmountText = Field(description="What I still owe on my purchases' invoices (fees and VAT included)")
