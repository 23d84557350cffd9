"""The on-approval list and the staff's answers on the wire (CONTRACT.md's ApprovalView): amounts as decimal
strings ("12500.00"), times ISO in UTC."""

from enum import StrEnum
from typing import Literal

from pydantic import Field

from gavel.bidding.approval.rules import Decision
from gavel.bidding.schemas import AmountText, BidAmount, LotView, PersonRef, UtcTime
from gavel.schemas import ApiModel

StatusText = Literal["waiting", "countered", "accepted", "declined", "expired"]
ActionText = Literal[
    "asked", "accepted", "declined", "countered", "counter_accepted", "counter_declined", "expired"
]
BUYER_ID = (
    "For a lot the floor led only: the member who buys it (a lot a member led is sold to that member; "
    "leave it out)"
)


class ApprovalFilter(StrEnum):
    """Which lots on approval the list shows."""

    WAITING = "waiting"  # still open: waiting for the seller, or for the buyer's answer to a counter-offer
    ANSWERED = "answered"  # accepted, declined or expired
    ALL = "all"


class DecisionIn(ApiModel):
    decision: Decision = Field(description="The seller's answer: accept the price, decline, or counter")
    amount: BidAmount | None = Field(
        default=None, description="A counter-offer's amount in AED, above the price; only with counter"
    )
    note: str | None = Field(
        default=None, max_length=500, description="What the seller said, for the history"
    )
    buyer_id: str | None = Field(default=None, max_length=32, description=BUYER_ID)


class CounterAnswerIn(ApiModel):
    accepted: bool = Field(description="Whether the buyer takes the seller's counter-offer")
    note: str | None = Field(default=None, max_length=500, description="What the buyer said, for the history")
    buyer_id: str | None = Field(default=None, max_length=32, description=BUYER_ID)


class HistoryRow(ApiModel):
    at: UtcTime
    action: ActionText
    amount: AmountText | None = Field(description="The counter-offer, or the price a sale was made at")
    by: PersonRef = Field(
        description="The staff user who recorded it; {id: 'system', name: 'Deadline'} for an expiry"
    )
    note: str | None


class ApprovalView(ApiModel):
    lot: LotView
    seller_id: str
    seller_name: str
    buyer: PersonRef | None = Field(
        description="Who leads (or, once a floor-led lot is sold, the member named); null: the floor led"
    )
    price: AmountText = Field(description="The lot's price when it closed below its reserve")
    reserve_price: AmountText
    deadline: UtcTime = Field(description="The seller answers by then (Dubai time of the next working day)")
    status: StatusText
    counter_amount: AmountText | None
    history: list[HistoryRow] = Field(description="Every step, the first (asked) first")


class ApprovalList(ApiModel):
    data: list[ApprovalView]
