from datetime import datetime
from decimal import Decimal
from typing import Any

from pydantic import Field, field_validator, model_validator

from gavel.core.money import Money
from gavel.core.paging import PageQuery
from gavel.schemas import ApiModel, Sentence


class PlanFields(ApiModel):
    name: str = Field(max_length=100)
    tag: str | None = Field(default=None, max_length=40)
    plan_amount: Money
    amount_after_discount: Money | None = None
    buying_power: Money
    description: str | None = Field(default=None, max_length=2000)

    @field_validator("name", "tag", "description", mode="before")
    @classmethod
    def _squash(cls, value: Any) -> Any:
        return " ".join(value.split()) if isinstance(value, str) else value

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        if len(value) < 2:
            raise ValueError("Enter a plan name of at least 2 characters.")
        return value

    @field_validator("tag", "description")
    @classmethod
    def _blank(cls, value: str | None) -> str | None:
        return value or None

    @field_validator("plan_amount", "buying_power")
    @classmethod
    def _positive(cls, value: Decimal) -> Decimal:
        if value <= 0:
            raise ValueError("The amount must be greater than AED 0.00.")
        return value

    @model_validator(mode="after")
    def _discount_within_price(self) -> "PlanFields":
        if self.amount_after_discount is not None and self.amount_after_discount > self.plan_amount:
            raise ValueError("The amount after discount cannot be more than the plan amount.")
        return self


class PlanOut(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    name: str
    tag: str | None
    plan_amount: Money
    amount_after_discount: Money | None
    buying_power: Money
    total_subscribers: int = 0
    deposits_held: Money = Field(default=Decimal("0.00"), description="The deposits its members hold")
    description: str | None
    created_at: datetime
    updated_at: datetime


class PlanQuery(PageQuery):
    pass


class PlanList(ApiModel):
    data: list[PlanOut]
    total_pages: int
    current_page: int
    total: int


class PlanIds(ApiModel):
    ids: list[str] = Field(min_length=1, max_length=100)


class PlanDeleted(ApiModel):
    message: Sentence
    total: int


class SubscriberQuery(ApiModel):
    page_no: int = Field(default=1, ge=1, le=100_000)
    limit: int = Field(default=10, ge=1, le=100)
    search: str | None = Field(default=None, max_length=200)

    @property
    def search_term(self) -> str | None:
        return (self.search or "").strip() or None


class SubscriberOut(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    first_name: str
    last_name: str
    company_name: str | None
    member_identity_no: str
    email: str
    phone: str
    status: str
    deposit_held: Money
    buying_power: Money


class SubscriberList(ApiModel):
    data: list[SubscriberOut]
    total_pages: int
    current_page: int
    total_matching: int = Field(description="How many of the plan's members match the search")
    total_subscribers: int
    deposits_held: Money
