from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from pydantic import Field, field_validator, model_validator

from gavel.core.money import Money
from gavel.core.paging import PageQuery
from gavel.schemas import ApiModel, Sentence


class AppliesTo(StrEnum):
    BUYER = "buyer"
    SELLER = "seller"


class ChargeKind(StrEnum):
    """What a fee is charged for (docs/decisions.md, Charges)."""

    SALE = "sale"  # per sold vehicle, by sale-price band
    GATE_PASS = "gatePass"  # noqa: S105 (a fee, not a password): once per sold vehicle, for its gate pass
    STORAGE_PER_DAY = "storagePerDay"  # each day a sold vehicle stays after the free days
    LATE_PAYMENT = "latePayment"  # once, when an invoice passes its due date unpaid
    DEFAULT_PENALTY = "defaultPenalty"  # once, when a defaulted sale is cancelled: taken from the deposit


class ChargeFields(ApiModel):
    title: str = Field(max_length=120)
    charges: Money = Field(description="The fee in AED")
    applies_to: AppliesTo
    kind: ChargeKind | None = Field(default=None, description="Left out: the charge keeps its kind")
    min_price: Money | None = Field(default=None, description="Lowest sale price the fee applies to")
    max_price: Money | None = Field(default=None, description="Highest sale price the fee applies to")
    description: str | None = Field(default=None, max_length=2000)

    @field_validator("title", "description", mode="before")
    @classmethod
    def _squash(cls, value: Any) -> Any:
        return " ".join(value.split()) if isinstance(value, str) else value

    @field_validator("title")
    @classmethod
    def _title(cls, value: str) -> str:
        if len(value) < 2:
            raise ValueError("Enter a title of at least 2 characters.")
        return value

    @field_validator("description")
    @classmethod
    def _blank(cls, value: str | None) -> str | None:
        return value or None

    @field_validator("charges")
    @classmethod
    def _positive(cls, value: Decimal) -> Decimal:
        if value <= 0:
            raise ValueError("The charge must be greater than AED 0.00.")
        return value

    @model_validator(mode="after")
    def _band(self) -> "ChargeFields":
        if self.min_price is not None and self.max_price is not None and self.min_price > self.max_price:
            raise ValueError("The minimum sale price cannot be more than the maximum sale price.")
        if self.kind == ChargeKind.DEFAULT_PENALTY and self.applies_to != AppliesTo.BUYER:
            raise ValueError("A default penalty is charged to the buyer who defaulted: choose buyer.")
        return self


class ChargeCreate(ChargeFields):
    kind: ChargeKind = Field(default=ChargeKind.SALE, description="Left out: sale")
    is_active: bool = True


class ChargeOut(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    title: str
    charges: Money
    applies_to: str
    kind: ChargeKind
    min_price: Money | None
    max_price: Money | None
    is_active: bool
    description: str | None
    created_at: datetime
    updated_at: datetime


class ChargeQuery(PageQuery):
    is_active: bool | None = None
    applies_to: AppliesTo | None = None
    kind: ChargeKind | None = None


class ChargeList(ApiModel):
    data: list[ChargeOut]
    total_pages: int
    current_page: int
    total_matching: int = Field(description="How many records match the search and filters")
    total: int
    active: int
    inactive: int


class ChargeStatusChange(ApiModel):
    ids: list[str] = Field(min_length=1, max_length=100)
    is_active: bool


class ChargeIds(ApiModel):
    ids: list[str] = Field(min_length=1, max_length=100)


class ChargeCountsMessage(ApiModel):
    message: Sentence
    total: int
    active: int
    inactive: int
