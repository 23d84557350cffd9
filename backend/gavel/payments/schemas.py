from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from pydantic import Field, field_validator

from gavel.core.clock import DUBAI
from gavel.core.money import Money
from gavel.schemas import ApiModel


class PaymentMethod(StrEnum):
    CASH = "cash"
    CARD = "card"
    BANK_TRANSFER = "bankTransfer"
    CHEQUE = "cheque"
    DEPOSIT = "deposit"  # taken from the member's security deposit


class OutboundMethod(StrEnum):
    BANK_TRANSFER = "bankTransfer"
    CHEQUE = "cheque"
    CASH = "cash"


class RefundKind(StrEnum):
    DEPOSIT = "deposit"
    OVERPAYMENT = "overpayment"
    CANCELLED_SALE = "cancelledSale"


class Confirmation(StrEnum):
    PENDING = "Pending"
    VERIFIED = "Verified"
    REJECTED = "Rejected"


class PaymentRecord(ApiModel):
    invoice_id: str = Field(min_length=1, max_length=32)
    amount: Money
    payment_method: PaymentMethod
    payment_reference_id: str | None = Field(default=None, max_length=80)
    payment_date_and_time: datetime = Field(description="When the money was received (without a zone: Dubai)")

    @field_validator("amount")
    @classmethod
    def _positive(cls, value: Decimal) -> Decimal:
        if value <= 0:
            raise ValueError("The amount must be more than 0 AED.")
        return value

    @field_validator("payment_reference_id", mode="before")
    @classmethod
    def _squash(cls, value: Any) -> Any:
        return (" ".join(value.split()) or None) if isinstance(value, str) else value

    @field_validator("payment_date_and_time")
    @classmethod
    def _zone(cls, value: datetime) -> datetime:
        return value.replace(tzinfo=DUBAI) if value.tzinfo is None else value


class OutboundCompletion(ApiModel):
    payment_method: OutboundMethod
    payment_reference_id: str | None = Field(default=None, max_length=80)
    payment_date_and_time: datetime = Field(description="When the money left (without a zone: Dubai)")

    @field_validator("payment_reference_id", mode="before")
    @classmethod
    def _squash(cls, value: Any) -> Any:
        return (" ".join(value.split()) or None) if isinstance(value, str) else value

    @field_validator("payment_date_and_time")
    @classmethod
    def _zone(cls, value: datetime) -> datetime:
        return value.replace(tzinfo=DUBAI) if value.tzinfo is None else value


class RefundRequest(ApiModel):
    member_id: str = Field(min_length=1, max_length=32)
    refund_kind: RefundKind
    refunded_amount: Money
    refund_method: OutboundMethod
    refund_reason: str = Field(max_length=500)
    invoice_id: str | None = Field(
        default=None, max_length=32, description="The invoice an overpayment or a cancelled sale refunds"
    )

    @field_validator("refunded_amount")
    @classmethod
    def _positive(cls, value: Decimal) -> Decimal:
        if value <= 0:
            raise ValueError("The refund must be more than 0 AED.")
        return value

    @field_validator("refund_reason", mode="before")
    @classmethod
    def _reason(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = " ".join(value.split())
            if len(value) < 3:
                raise ValueError("Give the reason for the refund.")
        return value


class PaymentRejection(ApiModel):
    reason: str = Field(max_length=500)

    @field_validator("reason", mode="before")
    @classmethod
    def _reason(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = " ".join(value.split())
            if len(value) < 3:
                raise ValueError("Give a reason for rejecting the payment.")
        return value


class InvoiceRef(ApiModel):
    id: str = Field(serialization_alias="_id")
    invoice_no: str
    status: str
    total: Money
    due_amount: Money
    due_date: datetime | None


class PartySummary(ApiModel):
    id: str = Field(serialization_alias="_id")
    name: str


class VehicleRef(ApiModel):
    id: str = Field(serialization_alias="_id")
    vehicle_lot_number: int
    title: str
    vin_number: str


class PaymentOut(ApiModel):
    id: str = Field(serialization_alias="_id")
    transaction_id: str
    direction: str
    amount: Money
    paid_amount: Money
    payment_method: str
    payment_reference_id: str | None
    payment_date_and_time: datetime
    payment_confirmation_status: str
    payment_status: str = Field(description="The invoice's state")
    invoice: InvoiceRef
    buyer: PartySummary
    vehicle: VehicleRef | None
    recorded_by: PartySummary | None
    verified_by: PartySummary | None
    verified_at: datetime | None
    reject_reason: str | None
    created_at: datetime


class PaymentQuery(ApiModel):
    direction: str = Field(default="inbound", pattern="^inbound$")
    status: str | None = Field(default=None, description="The invoice's state")
    method: PaymentMethod | None = None
    confirmation: Confirmation | None = None
    date_from: date | None = None
    date_to: date | None = None
    member_id: str | None = Field(default=None, max_length=32)
    invoice_id: str | None = Field(default=None, max_length=32)
    vehicle_id: str | None = Field(default=None, max_length=32)
    search: str | None = Field(default=None, max_length=200)
    page_no: int = Field(default=1, ge=1, le=100_000)
    limit: int = Field(default=10, ge=1, le=100)


class StatusTotal(ApiModel):
    count: int
    amount: Money


class PaymentList(ApiModel):
    data: list[PaymentOut]
    total_pages: int
    current_page: int
    total_matching: int
    totals: dict[str, StatusTotal] = Field(description="Count and AED sum per confirmation status")


class PaymentDone(ApiModel):
    message: str
    data: PaymentOut
