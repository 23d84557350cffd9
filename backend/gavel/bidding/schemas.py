"""The lots' API shapes (issue 25, CONTRACT.md): what the clerk and the staff send, and the lots as they read
them. Amounts travel as decimal strings ("12500.00"), exact to the fils; times are ISO in UTC."""

from datetime import UTC, datetime
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, PlainSerializer, WithJsonSchema

from gavel.bidding.closing import CloseIntent
from gavel.core.money import MAX_AMOUNT, read_amount
from gavel.schemas import ApiModel

NOT_ABOVE_ZERO = "A bid is an amount above AED 0.00."


def _above_zero(amount: Decimal) -> Decimal:
    if amount <= 0:
        raise ValueError(NOT_ABOVE_ZERO)
    return amount


# A bid's amount or a maximum as sent: a decimal string (a JSON number is read too), above 0, two decimals at
# most; a letter, a negative or a third decimal answers 422 with the money input's sentence.
BidAmount = Annotated[
    Decimal,
    BeforeValidator(read_amount),
    Field(le=MAX_AMOUNT, max_digits=14, decimal_places=2),
    AfterValidator(_above_zero),
    WithJsonSchema({"type": "string", "pattern": r"^\d+(\.\d{1,2})?$", "examples": ["12500.00"]}),
]

# An amount as answered: a decimal string with two places, "12500.00".
AmountText = Annotated[
    Decimal,
    PlainSerializer(lambda amount: f"{amount:.2f}", return_type=str, when_used="json"),
    WithJsonSchema({"type": "string", "examples": ["12500.00"]}, mode="serialization"),
]


def _in_utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


# A moment as answered: ISO in UTC ("2031-05-01T13:00:10Z"), whatever zone the clock or the row gave it.
UtcTime = Annotated[datetime, AfterValidator(_in_utc)]

LotStateText = Literal["waiting", "open", "closed", "withdrawn"]
LotResultText = Literal["sold", "on_approval", "no_sale"]
SourceText = Literal["floor", "absentee", "online"]


# ------------------------------------------------------------------------------------------------ requests
class FloorBidIn(ApiModel):
    amount: BidAmount | None = Field(
        default=None, description="The bid in AED; without it, the lot's asking price as the clerk saw it"
    )


class AbsenteeBidIn(ApiModel):
    member_id: str = Field(min_length=1, max_length=32, description="The member the maximum is entered for")
    maximum: BidAmount = Field(description="The most the engine bids for the member, in AED")


class MaximumWithdrawalIn(ApiModel):
    reason: str = Field(max_length=500, description="Why the maximum is withdrawn (kept in the bid log)")


class CloseIn(ApiModel):
    intent: CloseIntent = Field(
        default=CloseIntent.AUTO,
        description="auto: the rule (sold at or above reserve, on approval below, no sale without a bid); "
        "or the result the clerk names",
    )


# ----------------------------------------------------------------------------------------------- answers
class PersonRef(ApiModel):
    id: str
    name: str
    paddle: int | None = Field(
        default=None,
        description="A member's paddle number as an online bidder (given at their first sign-in); "
        "absent for a staff user and for a member who never signed in to bid (their answers stay {id, name})",
        exclude_if=lambda paddle: paddle is None,
    )


class LotVehicle(ApiModel):
    id: str
    title: str
    vin: str
    lot_number: int | None
    mileage: int
    photo_url: str | None = Field(description="The first photo's thumbnail")


class LotView(ApiModel):
    id: str
    event_id: str
    lane_id: str
    lane_number: int
    run_number: int
    vehicle_id: str
    vehicle: LotVehicle
    state: LotStateText
    result: LotResultText | None
    opening_price: AmountText
    reserve_price: AmountText | None
    price: AmountText | None
    asking: AmountText = Field(description="The lowest bid the lot takes now")
    leader: PersonRef | None = Field(description="The leading member; null while the floor or nobody leads")
    leader_source: SourceText | None
    clock_ends_at: UtcTime | None
    clock_paused_seconds: float | None = Field(
        description="The seconds its clock had left when its lane paused (an open lot whose clock is stopped)"
    )
    counter_bid_seconds: int
    last_event_sequence: int
    bid_count: int = Field(description="Accepted bids in the log, the engine's automatic bids included")
    maxima_count: int
    server_time: UtcTime


class BidRow(ApiModel):
    sequence: int
    at: UtcTime
    source: SourceText
    bidder: PersonRef | None
    entered_by: PersonRef | None
    amount: AmountText
    maximum: AmountText | None
    automatic: bool
    accepted: bool
    reason: str | None
    withdrawal: bool
    note: str | None


class MaximumRow(ApiModel):
    bidder: PersonRef
    amount: AmountText
    source: SourceText
    at: UtcTime


class LotDetail(LotView):
    bids: list[BidRow]
    maxima: list[MaximumRow]


class EventLots(ApiModel):
    data: list[LotView]
    server_time: UtcTime


class VehicleLots(ApiModel):
    data: list[LotDetail]


class LotEventView(ApiModel):
    lot_id: str
    event_id: str
    lane_id: str
    sequence: int
    at: UtcTime
    kind: str
    payload: dict[str, Any]


class LotEvents(ApiModel):
    data: list[LotEventView]


class MemberAbsenteeBid(ApiModel):
    lot: LotView
    maximum: AmountText
    source: SourceText = Field(description="absentee (entered by staff) or online (the member's own)")
    at: UtcTime
    leading: bool


class MemberAbsenteeBids(ApiModel):
    data: list[MemberAbsenteeBid]
