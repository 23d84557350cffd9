from datetime import datetime
from typing import Any

from pydantic import Field, field_validator

from gavel.core.validation import check_emirates_id
from gavel.schemas import ApiModel, Sentence


class GatePassIssue(ApiModel):
    vehicle_id: str = Field(min_length=1, max_length=32)
    replaces: str | None = Field(
        default=None,
        max_length=32,
        description="The live pass this one replaces (cancelled with the issue); without it, a vehicle that "
        "has a live pass is answered 409",
    )


class GatePassOut(ApiModel):
    id: str = Field(serialization_alias="_id")
    vehicle_id: str
    invoice_id: str
    status: str
    code: str = Field(description="The short code a guard can type, as printed: ABCD-EFGH")
    issued_at: datetime
    valid_until: datetime
    scanned_at: datetime | None
    picked_up_at: datetime | None
    driver_name: str | None
    driver_emirates_id: str | None
    token: str | None = Field(default=None, description="What the QR code carries (answered when issued)")


class GatePassList(ApiModel):
    data: list[GatePassOut]


class GatePassIssued(ApiModel):
    message: Sentence
    data: GatePassOut


class GateScan(ApiModel):
    token: str = Field(
        min_length=1,
        max_length=200,
        description="What the guard scanned or typed: the QR code's token, the pass's short code (any case, "
        "with or without a dash or spaces), a lot number or a VIN",
    )


class GatePickUp(GateScan):
    driver_name: str = Field(max_length=150)
    driver_emirates_id: str

    @field_validator("driver_name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = " ".join(value.split())
            if len(value) < 3:
                raise ValueError("Enter the driver's full name.")
        return value

    _emirates_id = field_validator("driver_emirates_id")(check_emirates_id)


class GateAnswer(ApiModel):
    allowed: bool
    message: Sentence = Field(description="Who may take which vehicle, or why not")
    reason: str | None = Field(
        default=None,
        description="forged, notFound, noPass, cancelled, pickedUp, expired, notPaid, released "
        "(when not allowed)",
    )
    gate_pass: GatePassOut | None = None
    buyer_name: str | None = None
    vehicle_id: str | None = None
    vehicle_lot_number: int | None = None
    vehicle_title: str | None = None
    vehicle_vin: str | None = None
    vehicle_color: str | None = None
    vehicle_plate: str | None = None
    vehicle_image: str | None = Field(default=None, description="The vehicle's main photo, to match the car")
