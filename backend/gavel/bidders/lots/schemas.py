"""The bidders' view of the sale (CONTRACT-26 "REST"): camelCase, amounts as strings with two decimals, times
in UTC. Nothing here can carry another member's id, name or maximum, nor a reserve price."""

from typing import Literal

from pydantic import Field

from gavel.bidding.schemas import AmountText, BidAmount, LotResultText, LotStateText, UtcTime
from gavel.schemas import ApiModel

AuctionTypeText = Literal["Live", "Online"]
EventStateText = Literal["upcoming", "running", "ended"]
MyStatusText = Literal["none", "leading", "outbid", "won", "lost", "on_approval"]
LeaderText = Literal["you", "another_bidder"]


class BidderEventLocation(ApiModel):
    name: str
    city: str


class BidderEvent(ApiModel):
    id: str
    auction_id: str
    title: str
    auction_type: AuctionTypeText
    starts_at: UtcTime
    ends_at: UtcTime
    location: BidderEventLocation | None
    lot_count: int = Field(description="The vehicles placed in the event")
    state: EventStateText


class BidderEvents(ApiModel):
    data: list[BidderEvent]


class BidderLotVehicle(ApiModel):
    id: str
    title: str
    lot_number: int | None
    mileage: int
    year: int
    photo_url: str | None = Field(description="The first photo's thumbnail")


class BidderLot(ApiModel):
    id: str
    event_id: str
    lane_id: str
    lane_number: int
    run_number: int
    vehicle: BidderLotVehicle
    state: LotStateText
    result: LotResultText | None = Field(description="Once closed: sold, on_approval or no_sale")
    opening_price: AmountText
    asking: AmountText = Field(description="The lowest bid the lot takes now")
    price: AmountText | None = Field(description="The current price; null before any bid")
    clock_ends_at: UtcTime | None
    clock_paused_seconds: float | None = Field(
        description="The seconds its clock had left when its lane paused (an open lot whose clock is stopped)"
    )
    counter_bid_seconds: int
    last_event_sequence: int = Field(description="The lot's last event: resync the socket from it")
    bid_count: int = Field(description="Accepted bids, the engine's automatic bids included")
    my_status: MyStatusText
    my_maximum: AmountText | None = Field(description="My maximum on this lot (never anyone else's)")
    leader: LeaderText | None = Field(
        description="Who leads: you, another bidder (a member or the room), or nobody"
    )
    watching: bool


class BidderLots(ApiModel):
    data: list[BidderLot]
    server_time: UtcTime


class BidderMyBid(ApiModel):
    sequence: int
    at: UtcTime
    amount: AmountText = Field(
        description="The price it bid (for a maximum outbid at once or refused: the maximum offered)"
    )
    maximum: AmountText | None
    automatic: bool = Field(description="Placed by the engine for my maximum")
    accepted: bool
    reason: str | None = Field(description="Why it was refused, or 'withdrawn' for a maximum withdrawn")


class BidderLotDetail(BidderLot):
    photos: list[str]
    specs: dict[str, str | int | bool] = Field(description="Whatever the vehicle has: make, model, year, ...")
    my_bids: list[BidderMyBid]
    server_time: UtcTime


class BidderMaximumIn(ApiModel):
    maximum: BidAmount = Field(description="The most the engine bids for me on this lot, in AED")


class BidderBidIn(ApiModel):
    amount: BidAmount | None = Field(default=None, description="The bid in AED")
    next_step: bool = Field(default=False, description="Bid the asking price as the server reads it now")
