from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from pydantic import Field, ValidationInfo, field_validator

from gavel.core.clock import DUBAI
from gavel.core.money import Money
from gavel.invoices.schemas import Verdict
from gavel.schemas import ApiModel, Day, Moment, Sentence


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


class OutboundStatus(StrEnum):
    """A payout's or a refund's state (SPEC.md: Refund Completed/Canceled/Pending)."""

    PENDING = "Pending"
    COMPLETED = "Completed"
    CANCELED = "Canceled"


class PaymentStatus(StrEnum):
    """A payment's own state: inbound Pending, Verified, Rejected; outbound Pending, Completed, Canceled."""

    PENDING = "Pending"
    VERIFIED = "Verified"
    REJECTED = "Rejected"
    COMPLETED = "Completed"
    CANCELED = "Canceled"


class Direction(StrEnum):
    INBOUND = "inbound"
    OUTBOUND = "outbound"


class OutboundKind(StrEnum):
    PAYOUT = "payout"
    REFUND = "refund"


class PaymentRecord(ApiModel):
    invoice_id: str = Field(min_length=1, max_length=32)
    amount: Money
    payment_method: PaymentMethod
    payment_reference_id: str | None = Field(default=None, max_length=80)
    payment_date_and_time: Moment = Field(description="When the money was received (without a zone: Dubai)")

    @field_validator("amount")
    @classmethod
    def _positive(cls, value: Decimal) -> Decimal:
        if value <= 0:
            raise ValueError("The amount must be more than AED 0.00.")
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
    payment_date_and_time: Moment = Field(description="When the money left (without a zone: Dubai)")

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
            raise ValueError("The refund must be more than AED 0.00.")
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


class OutboundCancellation(ApiModel):
    reason: str = Field(max_length=500)

    @field_validator("reason", mode="before")
    @classmethod
    def _reason(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = " ".join(value.split())
            if len(value) < 3:
                raise ValueError("Give the reason for cancelling (at least 3 characters).")
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


class Payee(ApiModel):
    """Who a payout or a refund goes to, with the bank details on file now."""

    id: str = Field(serialization_alias="_id")
    name: str
    bank_account_name: str | None
    bank_iban: str | None
    bank_name: str | None


class VehicleRef(ApiModel):
    id: str = Field(serialization_alias="_id")
    vehicle_lot_number: int
    title: str
    vin_number: str


class PaymentOut(ApiModel):
    id: str = Field(serialization_alias="_id")
    transaction_id: str
    direction: str = Field(description="inbound or outbound")
    kind: str = Field(description="payment (inbound), payout (to a seller) or refund (to a member)")
    status: str = Field(
        description="Inbound: Pending, Verified, Rejected; outbound: Pending, Completed, Canceled"
    )
    amount: Money
    paid_amount: Money = Field(description="The amount once verified (inbound) or completed (outbound)")
    payment_method: str
    payment_reference_id: str | None
    payment_date_and_time: datetime = Field(
        description="When the money arrived or left (a pending payout or refund: when it was issued)"
    )
    payment_confirmation_status: str
    payment_status: str = Field(description="The invoice's state (a settlement: issued or paidOut)")
    invoice: InvoiceRef = Field(description="The invoice paid, the settlement paid out, the invoice refunded")
    buyer: PartySummary = Field(description="The member of the invoice (the seller on a settlement)")
    member: PartySummary = Field(description="Who paid, or who is paid")
    payee: Payee | None = Field(default=None, description="Outbound: who is paid, with their bank details")
    vehicle: VehicleRef | None
    recorded_by: PartySummary | None
    verified_by: PartySummary | None
    verified_at: datetime | None
    reject_reason: str | None
    completed_by: PartySummary | None = Field(default=None, description="Who completed or cancelled it")
    completed_at: datetime | None = None
    cancel_reason: str | None = None
    refund_kind: str | None = Field(default=None, description="deposit, overpayment or cancelledSale")
    refund_transaction_id: str | None = None
    refunded_amount: Money | None = None
    refund_date_and_time: datetime | None = Field(
        default=None, description="When the refund left (Completed)"
    )
    refund_method: str | None = None
    refund_status: str | None = Field(default=None, description="Pending, Completed or Canceled")
    refund_reason: str | None = None
    created_at: datetime
    can_verify: Verdict | None = Field(
        default=None,
        description="Inbound: whether the staff user asking may verify it (never the person who recorded "
        "it), with the reason when not",
    )
    can_reject: Verdict | None = Field(
        default=None, description="Inbound: whether the staff user asking may reject it, with the reason"
    )
    can_complete: Verdict | None = Field(
        default=None,
        description="Outbound: whether the staff user asking may complete it (never whoever verified the "
        "buyer's payment for a payout's vehicle, nor who requested a refund), with the reason when not",
    )


INBOUND_STATES = (PaymentStatus.PENDING, PaymentStatus.VERIFIED, PaymentStatus.REJECTED)
OUTBOUND_STATES = (PaymentStatus.PENDING, PaymentStatus.COMPLETED, PaymentStatus.CANCELED)


class PaymentQuery(ApiModel):
    direction: Direction = Direction.INBOUND
    kind: OutboundKind | None = Field(default=None, description="Outbound only: payout or refund")
    status: str | None = Field(
        default=None,
        max_length=20,
        description="Inbound: the invoice's state; outbound: Pending, Completed or Canceled",
    )
    method: PaymentMethod | None = None
    confirmation: PaymentStatus | None = Field(
        default=None,
        description="Inbound: Pending, Verified, Rejected; outbound: Pending, Completed, Canceled",
    )
    date_from: Day | None = None
    date_to: Day | None = None
    member_id: str | None = Field(default=None, max_length=32)
    invoice_id: str | None = Field(default=None, max_length=32)
    vehicle_id: str | None = Field(default=None, max_length=32)
    search: str | None = Field(default=None, max_length=200)
    page_no: int = Field(default=1, ge=1, le=100_000)
    limit: int = Field(default=10, ge=1, le=100)

    @field_validator("kind")
    @classmethod
    def _kind(cls, value: OutboundKind | None, info: ValidationInfo) -> OutboundKind | None:
        if value is not None and info.data.get("direction") != Direction.OUTBOUND:
            raise ValueError("Payouts and refunds are outbound: send direction outbound with kind.")
        return value

    @field_validator("status")
    @classmethod
    def _status(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value and info.data.get("direction") == Direction.OUTBOUND and value not in OUTBOUND_STATES:
            raise ValueError("An outbound payment is Pending, Completed or Canceled.")
        return value or None

    @field_validator("confirmation")
    @classmethod
    def _confirmation(cls, value: PaymentStatus | None, info: ValidationInfo) -> PaymentStatus | None:
        outbound = info.data.get("direction") == Direction.OUTBOUND
        if value is not None and value not in (OUTBOUND_STATES if outbound else INBOUND_STATES):
            raise ValueError(
                "An outbound payment is Pending, Completed or Canceled."
                if outbound
                else "An inbound payment is Pending, Verified or Rejected."
            )
        return value


class StatusTotal(ApiModel):
    count: int
    amount: Money


class PaymentList(ApiModel):
    data: list[PaymentOut]
    total_pages: int
    current_page: int
    total_matching: int
    totals: dict[str, StatusTotal] = Field(
        description="Count and AED sum per status (inbound: confirmation; outbound: payouts and refunds)"
    )
    totals_by_kind: dict[str, dict[str, StatusTotal]] | None = Field(
        default=None, description="Outbound: the same per kind (payout, refund)"
    )
    completed_this_month: StatusTotal | None = Field(
        default=None, description="Outbound: completed with a payment date in this Dubai calendar month"
    )


class PaymentDone(ApiModel):
    message: Sentence
    data: PaymentOut
