from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from pydantic import Field, ValidationInfo, field_validator, model_validator

from gavel.core.clock import DUBAI
from gavel.core.money import Money
from gavel.core.paging import PageQuery
from gavel.schemas import ApiModel, Day, Moment, Sentence

MAX_LANES = 8
MAX_EVENTS = 52
LANE_LETTERS = "ABCDEFGH"


class AuctionType(StrEnum):
    LIVE = "Live"
    ONLINE = "Online"


class RepeatType(StrEnum):
    NONE = "None"
    DAILY = "Daily"
    WEEKLY = "Weekly"
    MONTHLY = "Monthly"


class AuctionStatus(StrEnum):
    DRAFT = "draft"
    UNPUBLISHED = "unpublished"
    PUBLISH = "publish"
    COMPLETED = "completed"


class Outcome(StrEnum):
    SOLD = "sold"
    NOT_SOLD = "notSold"


def lane_letter(number: int) -> str:
    return LANE_LETTERS[number - 1]


def _in_dubai(value: datetime) -> datetime:
    """A date-time without a zone is Dubai time (the business's clock)."""
    return value.replace(tzinfo=DUBAI) if value.tzinfo is None else value


class Schedule(ApiModel):
    """When the first event runs and how it repeats: what 'Add auction' previews and creates."""

    start_date: Moment = Field(description="Start of the first event (ISO; without a zone, Asia/Dubai)")
    end_date: Moment = Field(description="End of the first event")
    repeat_type: RepeatType = RepeatType.NONE
    repeat_until: Day | None = Field(default=None, description="Last day an event may fall on (Dubai)")

    _zone = field_validator("start_date", "end_date")(_in_dubai)

    # Field validators that read the fields before them, so that each refusal names its own field.
    @field_validator("end_date")
    @classmethod
    def _after_start(cls, value: datetime, info: ValidationInfo) -> datetime:
        start = info.data.get("start_date")
        if start is not None and value <= start:
            raise ValueError("The end must be after the start.")
        return value

    @field_validator("repeat_until")
    @classmethod
    def _until(cls, value: date | None, info: ValidationInfo) -> date | None:
        repeat, start = info.data.get("repeat_type"), info.data.get("start_date")
        if repeat in (None, RepeatType.NONE):
            return value
        if value is None:
            raise ValueError("Choose the day the auction repeats until.")
        if start is not None and value < start.astimezone(DUBAI).date():
            raise ValueError("The repeat-until day must not be before the first event.")
        return value


class AuctionCreate(Schedule):
    auction_title: str = Field(max_length=150)
    auction_type: AuctionType
    location: str = Field(min_length=1, max_length=32, description="A location's _id")
    lanes: int = Field(description="1 to 8")
    bid_increment_amount: Money = Field(description="AED")
    counter_bid_time: int = Field(description="Seconds: 5 to 30 in steps of 5")

    @field_validator("auction_title", mode="before")
    @classmethod
    def _squash(cls, value: Any) -> Any:
        return " ".join(value.split()) if isinstance(value, str) else value

    @field_validator("auction_title")
    @classmethod
    def _title(cls, value: str) -> str:
        if len(value) < 3:
            raise ValueError("Enter a title of at least 3 characters.")
        return value

    @field_validator("lanes")
    @classmethod
    def _lanes(cls, value: int) -> int:
        if not 1 <= value <= MAX_LANES:
            raise ValueError(f"Choose 1 to {MAX_LANES} lanes.")
        return value

    @field_validator("bid_increment_amount")
    @classmethod
    def _increment(cls, value: Decimal) -> Decimal:
        if value <= 0:
            raise ValueError("The bid increment must be more than AED 0.00.")
        return value

    @field_validator("counter_bid_time")
    @classmethod
    def _counter(cls, value: int) -> int:
        if not 5 <= value <= 30 or value % 5:
            raise ValueError("The counter bid time is 5 to 30 seconds, in steps of 5.")
        return value


class PlannedEvent(ApiModel):
    start_date: datetime
    end_date: datetime


class SchedulePreview(ApiModel):
    events: list[PlannedEvent]


class LocationSummary(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    title: str
    city: str | None = None


class StaffSummary(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    full_name: str


class AuctionOut(ApiModel):
    id: str = Field(serialization_alias="_id")
    auction_title: str
    auction_type: str
    status: str
    location: LocationSummary
    lanes: int
    lane_count: int
    bid_increment_amount: Money
    counter_bid_time: int
    repeat_type: str
    repeat_until: date | None
    event_count: int
    total_vehicle_count: int
    first_event_date: datetime
    last_event_date: datetime
    next_event_date: datetime | None = Field(description="Start of the next event not completed, if any")
    created_by: StaffSummary | None
    created_at: datetime


class AuctionQuery(PageQuery):
    status: AuctionStatus | None = Field(default=None, description="Omitted: every auction")
    auction_type: AuctionType | None = None
    location: str | None = Field(default=None, max_length=32)
    date_from: Day | None = Field(default=None, description="Has an event on or after this Dubai day")
    date_to: Day | None = Field(default=None, description="Has an event on or before this Dubai day")


class AuctionCounts(ApiModel):
    total_auctions: int
    total_live: int
    total_online: int
    total_draft: int
    total_unpublished: int
    total_publish: int
    total_completed: int


class AuctionList(AuctionCounts):
    data: list[AuctionOut]
    total_pages: int
    current_page: int
    total_matching: int


class AuctionCreated(AuctionCounts):
    data: AuctionOut
    events: list[PlannedEvent]


class AuctionStatusChange(ApiModel):
    auction_ids: list[str] = Field(min_length=1, max_length=100)
    status: AuctionStatus


class AuctionIds(ApiModel):
    auction_ids: list[str] = Field(min_length=1, max_length=100)


class AuctionCountsMessage(AuctionCounts):
    message: Sentence


class LaneOut(ApiModel):
    id: str = Field(serialization_alias="_id")
    lane_number: int
    lane_letter: str
    min_range: int | None
    max_range: int | None
    vehicle_count: int


class SaleDay(ApiModel):
    open: bool = Field(description="Results can be recorded now")
    reason: str | None = Field(description="Why not (the server's own refusal), when closed")
    today: Day = Field(description="The server's day in Dubai the answer was given on")


class EventOut(ApiModel):
    id: str = Field(serialization_alias="_id")
    auction_event_id: str
    auction_id: str
    auction_title: str
    auction_type: str
    auction_status: str
    location: LocationSummary
    sequence: int
    start_date: datetime
    end_date: datetime
    sale_date: date
    auction_event_status: str
    lanes: list[LaneOut]
    vehicle_count: int
    results_recorded: int
    sold_count: int
    sold_total: Money
    sale_day: SaleDay = Field(
        description="Whether results are recorded today (Dubai), from the rule that refuses them"
    )


class EventList(ApiModel):
    data: list[EventOut]


class RunVehicle(ApiModel):
    id: str = Field(serialization_alias="_id")
    title: str
    vehicle_lot_number: int
    vin_number: str
    make: str
    model: str
    year: int
    mileage: int
    opening_price: Money
    reserve_price: Money | None
    thumbnail: str | None
    images: list[str]
    seller_id: str
    seller_name: str


class BuyerSummary(ApiModel):
    id: str = Field(serialization_alias="_id")
    name: str


class RunOut(ApiModel):
    id: str = Field(serialization_alias="_id", description="The run's id")
    vehicle_id: str
    vehicle: RunVehicle
    lane_id: str
    lane: str = Field(description="The lane's letter")
    run_number: int
    is_current: bool
    outcome: str | None
    buyer: BuyerSummary | None
    sold_for: Money | None
    seller_approved: bool
    recorded_at: datetime | None


class RunQuery(ApiModel):
    page_no: int = Field(default=1, ge=1, le=100_000)
    limit: int = Field(default=20, ge=1, le=100)
    search: str | None = Field(default=None, max_length=200)

    @property
    def offset(self) -> int:
        return (self.page_no - 1) * self.limit

    @property
    def search_term(self) -> str | None:
        return (self.search or "").strip() or None


class EventDetail(ApiModel):
    event: EventOut
    vehicles: list[RunOut]
    total_pages: int
    current_page: int
    total_matching: int


class EventDetailResponse(ApiModel):
    data: EventDetail


class LaneVehicles(ApiModel):
    data: list[RunOut]
    lane: LaneOut
    total_pages: int
    current_page: int
    total_matching: int


class VehiclePlacement(ApiModel):
    vehicle_id: str = Field(min_length=1, max_length=32)
    lane: str | None = Field(
        default=None, description="A, B, ...; omitted: the lane with the fewest vehicles"
    )

    @field_validator("lane", mode="before")
    @classmethod
    def _letter(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip().upper() or None
            if value is not None and value not in LANE_LETTERS:
                raise ValueError("A lane is a letter from A to H.")
        return value


class VehicleRef(ApiModel):
    vehicle_id: str = Field(min_length=1, max_length=32)


class AddVehicles(ApiModel):
    vehicles: list[VehiclePlacement] = Field(min_length=1, max_length=100)


class RemoveVehicles(ApiModel):
    vehicles: list[VehicleRef] = Field(min_length=1, max_length=100)


class TransferPlacement(StrEnum):
    """Where transferred vehicles go in the target event."""

    CHOSEN = "chosen"  # each vehicle's `lane`, or the emptiest lane when it names none
    KEEP = "keep"  # the lane of the same letter, in the order they run in the source event


class TransferVehicles(ApiModel):
    source_event_id: str = Field(min_length=1, max_length=32)
    target_event_id: str = Field(min_length=1, max_length=32)
    vehicles: list[VehiclePlacement] = Field(min_length=1, max_length=100)
    placement: TransferPlacement = Field(
        default=TransferPlacement.CHOSEN,
        description="chosen (the default): each vehicle's lane, or the emptiest lane when it names none; "
        "keep: each vehicle goes to the lane of the same letter, after the vehicles already there, in the "
        "order the moved vehicles run in the source event (the vehicles then name no lane)",
    )

    @model_validator(mode="after")
    def _lanes_kept(self) -> "TransferVehicles":
        if self.placement == TransferPlacement.KEEP and any(v.lane for v in self.vehicles):
            raise ValueError("Leave out the vehicles' lanes: they keep the lanes they have in this event.")
        return self


class EventChanged(ApiModel):
    message: Sentence
    event: EventOut


class ResultIn(ApiModel):
    vehicle_id: str = Field(min_length=1, max_length=32)
    outcome: Outcome | None = Field(description="sold, notSold, or null to clear the recorded result")
    buyer_id: str | None = Field(default=None, max_length=32)
    sold_for: Money | None = None
    seller_approved: bool = False

    @model_validator(mode="after")
    def _sale(self) -> "ResultIn":
        if self.outcome == Outcome.SOLD:
            if not self.buyer_id:
                raise ValueError("Choose the buyer of a sold vehicle.")
            if self.sold_for is None or self.sold_for <= 0:
                raise ValueError("Enter the hammer price in AED.")
        return self


class Results(ApiModel):
    results: list[ResultIn] = Field(min_length=1, max_length=100)


class ResultsRecorded(ApiModel):
    message: Sentence
    event: EventOut
    runs: list[RunOut]


class BuyerQuery(ApiModel):
    search: str | None = Field(default=None, max_length=100)
    limit: int = Field(default=10, ge=1, le=50)


class BuyerOption(ApiModel):
    id: str = Field(serialization_alias="_id")
    name: str
    phone: str
    member_identity_no: str
    buying_power: Money
    available: Money = Field(
        description="What a sale to them may reach now: buying power less the prices of unpaid purchases, "
        "0 while blocked"
    )
    overdue_invoice: str | None = Field(
        default=None, description="The number of their overdue invoice, which blocks every purchase"
    )
    blocked_reason: str | None = Field(
        default=None, description="Why no sale to them is recorded now (the server's own refusal), if so"
    )


class BuyerOptions(ApiModel):
    data: list[BuyerOption]


class CalendarQuery(ApiModel):
    date_from: Day
    date_to: Day
    location: str | None = Field(default=None, max_length=32)
    auction_type: AuctionType | None = None

    @model_validator(mode="after")
    def _span(self) -> "CalendarQuery":
        if self.date_to < self.date_from:
            raise ValueError("The end day must not be before the start day.")
        if (self.date_to - self.date_from).days > 62:
            raise ValueError("Show at most 62 days at once.")
        return self


class CalendarEvent(ApiModel):
    id: str = Field(serialization_alias="_id")
    auction_id: str
    auction_title: str
    auction_type: str
    location: LocationSummary
    start_date: datetime
    end_date: datetime
    auction_event_status: str
    vehicle_count: int


class CalendarEvents(ApiModel):
    data: list[CalendarEvent]


class HistoryEntry(ApiModel):
    role: str = Field(description="seller or buyer")
    run_id: str
    auction_id: str
    auction_title: str
    event_id: str
    event_date: datetime
    lane: str
    run_number: int
    outcome: str | None
    sold_for: Money | None
    buyer: BuyerSummary | None
    vehicle_id: str
    vehicle_title: str
    vehicle_lot_number: int


class AuctionHistory(ApiModel):
    data: list[HistoryEntry]
