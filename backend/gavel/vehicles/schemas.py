from datetime import date, datetime
from typing import Annotated, Any, ClassVar

from pydantic import BeforeValidator, Field, field_validator, model_validator

from gavel.core.money import Money
from gavel.core.paging import PageQuery
from gavel.schemas import ApiModel, Day, Sentence
from gavel.vehicles.options import (
    CYLINDERS,
    BodyStyle,
    Damage,
    DriveType,
    FuelType,
    GatePass,
    Inspection,
    Transmission,
    VehicleStatus,
)
from gavel.vehicles.stages import ReviewStage
from gavel.vehicles.vin import check_vin


def _squash(value: Any) -> Any:
    return (" ".join(value.split()) or None) if isinstance(value, str) else value


Text = Annotated[str | None, BeforeValidator(_squash)]


class ImageIn(ApiModel):
    url: str = Field(max_length=500)
    thumbnail_url: str | None = Field(default=None, max_length=500)

    @field_validator("url", "thumbnail_url")
    @classmethod
    def _ours(cls, value: str | None) -> str | None:
        if value is not None and (not value.startswith("/public/vehicles/") or ".." in value):
            raise ValueError("Upload the image to /api/uploads/vehicles first and send the URLs it answered.")
        return value


def _image(value: Any) -> Any:
    return {"url": value} if isinstance(value, str) else value


class VehicleFields(ApiModel):
    title: str = Field(max_length=150)
    make: str = Field(min_length=1, max_length=60)
    model: str = Field(min_length=1, max_length=60)
    year: int
    vin_number: str = Field(max_length=20)
    transmission: Transmission | None = None
    engine_details: Text = Field(default=None, max_length=120)
    drive_type: DriveType | None = None
    fuel_type: FuelType | None = None
    mileage: int = Field(default=0, ge=0, le=5_000_000, description="Odometer in km")
    keys_available: bool = False
    run_and_drive: bool = False
    start_status: bool = False
    unknown_status: bool = False
    color: Text = Field(default=None, max_length=40)
    plate_number: Text = Field(
        default=None,
        max_length=20,
        description="The number plate as on the car (e.g. Dubai A 12345); empty when none",
    )
    body_style: BodyStyle | None = None
    primary_damage: Damage | None = None
    secondary_damage: Damage | None = None
    cylinders: int | None = None
    opening_price: Money
    reserve_price: Money | None = None
    member_profile: str = Field(
        min_length=1, max_length=32, description="The seller: an approved member's _id"
    )
    description: Text = Field(default=None, max_length=4000)
    images: list[Annotated[ImageIn, BeforeValidator(_image)]] = Field(default_factory=list, max_length=30)

    _trim = field_validator("title", "make", "model", mode="before")(_squash)

    @field_validator("title")
    @classmethod
    def _title(cls, value: str) -> str:
        if len(value) < 2:
            raise ValueError("Enter a title of at least 2 characters.")
        return value

    @field_validator("vin_number")
    @classmethod
    def _vin(cls, value: str) -> str:
        return check_vin(value)

    @field_validator("year")
    @classmethod
    def _year(cls, value: int) -> int:
        if not 1900 <= value <= date.today().year:
            raise ValueError(f"The year must be from 1900 to {date.today().year}.")
        return value

    @field_validator("cylinders")
    @classmethod
    def _cylinders(cls, value: int | None) -> int | None:
        if value is not None and value not in CYLINDERS:
            raise ValueError(f"Cylinders must be one of {', '.join(map(str, CYLINDERS))}.")
        return value

    @model_validator(mode="after")
    def _prices(self) -> "VehicleFields":
        if self.reserve_price is not None and self.reserve_price < self.opening_price:
            raise ValueError("The reserve price cannot be below the opening price.")
        return self


class VehicleCreate(VehicleFields):
    pass


class VehicleUpdate(VehicleFields):
    pass


class ImageOut(ApiModel):
    url: str
    thumbnail_url: str


class MemberSummary(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    first_name: str
    last_name: str
    company_name: str | None
    email: str
    phone: str
    member_entity: str
    status: str


class BuyerInfo(ApiModel):
    buyer_profile: MemberSummary


class InvoiceBadge(ApiModel):
    """The sold vehicle's current invoice, as the Sold list's Payment column shows it."""

    id: str = Field(serialization_alias="_id")
    invoice_no: str
    status: str
    due_amount: Money


class VehicleOut(ApiModel):
    # Made of other rows than the vehicle's own (the presenter fills them).
    NESTED: ClassVar[tuple[str, ...]] = (
        "member_profile", "buyer_info", "images", "thumbnail_images", "invoice"
    )  # fmt: skip

    id: str = Field(serialization_alias="_id", validation_alias="id")
    vehicle_lot_number: int
    vin_number: str
    title: str
    make: str
    model: str
    year: int
    transmission: str | None
    engine_details: str | None
    drive_type: str | None
    fuel_type: str | None
    mileage: int
    keys_available: bool
    run_and_drive: bool
    start_status: bool
    unknown_status: bool
    color: str | None
    plate_number: str | None = None
    body_style: str | None
    primary_damage: str | None
    secondary_damage: str | None
    cylinders: int | None
    opening_price: Money
    reserve_price: Money | None
    sold_for: Money | None
    status: str
    status_reason: str | None = Field(description="Why the vehicle was rejected or cancelled")
    status_changed_at: datetime | None
    request_type: str
    is_vehicle_delivered_by_seller: bool
    is_received: bool
    is_inspection: str
    is_returned: bool
    is_paid: bool
    gate_pass_status: str
    is_released: bool
    release_date: datetime | None
    auction_id: str | None
    auction_date: date | None
    event_id: str | None
    event_date: date | None
    member_profile: MemberSummary
    buyer_info: BuyerInfo | None
    description: str | None
    images: list[ImageOut]
    thumbnail_images: list[str]
    invoice: InvoiceBadge | None = Field(default=None, description="Sold vehicles: the current invoice")
    created_at: datetime
    updated_at: datetime


class VehicleQuery(PageQuery):
    status: VehicleStatus = VehicleStatus.PENDING
    make: str | None = Field(default=None, max_length=60)
    model: str | None = Field(default=None, max_length=60)
    year_from: int | None = Field(default=None, ge=1900, le=2100)
    year_to: int | None = Field(default=None, ge=1900, le=2100)
    fuel_type: FuelType | None = None
    body_style: BodyStyle | None = None
    transmission: Transmission | None = None
    seller: str | None = Field(default=None, max_length=32, description="The seller's _id")
    price_from: Money | None = None
    price_to: Money | None = None
    assigned: bool | None = Field(default=None, description="In an auction event or not")
    is_paid: bool | None = None
    is_released: bool | None = None
    is_returned: bool | None = None
    stage: ReviewStage | None = Field(
        default=None, description="A stage of review, as the Review list's counts sort pending vehicles"
    )
    gate_pass_issued: bool | None = Field(
        default=None, description="A gate pass generated or scanned, the vehicle not picked up yet"
    )
    in_yard_sold_by: Day | None = Field(
        default=None, description="In the yard (not picked up, not released), sold on or before this day"
    )


class VehicleCounts(ApiModel):
    pending: int
    received: int
    in_inspection: int
    inspection_completed: int
    review_total: int
    approved: int
    assigned: int
    unassigned: int
    sold: int
    paid: int
    unpaid: int
    released: int
    unreleased: int
    rejected: int
    cancelled: int
    returned: int
    unreturned: int


class VehiclePage(VehicleCounts):
    vehicles: list[VehicleOut]
    total_pages: int
    current_page: int
    total_matching: int


class VehicleList(ApiModel):
    data: VehiclePage


class VehicleCreated(ApiModel):
    data: VehicleOut
    counts: VehicleCounts


class VehicleStatusChange(ApiModel):
    ids: list[str] = Field(min_length=1, max_length=100)
    status: VehicleStatus
    reason: Text = Field(
        default=None,
        max_length=500,
        description="Required (at least 3 characters) for rejected and cancelled",
    )


class StatusError(ApiModel):
    id: str
    message: Sentence


class StatusResult(ApiModel):
    success: bool
    message: Sentence
    errors: list[StatusError]
    counts: VehicleCounts | None = None


class VehicleIds(ApiModel):
    vehicles_ids: list[str] = Field(min_length=1, max_length=100)


class SuccessMessage(ApiModel):
    success: bool
    message: Sentence


class ProgressChange(ApiModel):
    """The review and after-sale fields; send only those that change."""

    is_received: bool | None = None
    is_vehicle_delivered_by_seller: bool | None = None
    is_inspection: Inspection | None = None
    is_returned: bool | None = None
    is_paid: bool | None = None
    gate_pass_status: GatePass | None = None
    is_released: bool | None = None

    @model_validator(mode="after")
    def _something(self) -> "ProgressChange":
        if all(getattr(self, name) is None for name in type(self).model_fields):
            raise ValueError("Send at least one field to change.")
        return self


class VinCheck(ApiModel):
    vin_number: str = Field(max_length=40)


class VinDecoded(ApiModel):
    vin_number: str
    valid: bool
    message: Sentence | None
    make: str | None
    country: str | None
    year: int | None
    duplicate: bool
    duplicate_vehicle_id: str | None = Field(default=None, description="The vehicle that has this VIN")
    duplicate_lot_number: int | None = Field(default=None, description="Its lot number")


class SellerCounts(ApiModel):
    """A member's vehicles as seller, per status."""

    member_id: str
    pending: int
    approved: int
    rejected: int
    sold: int
    cancelled: int
    total: int
