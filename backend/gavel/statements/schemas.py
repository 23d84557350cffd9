"""The ledger screen's and the statement's questions and answers."""

from datetime import datetime
from typing import Self

from pydantic import Field, model_validator

from gavel.core.money import Money, SignedMoney
from gavel.ledger.schemas import LedgerKind
from gavel.schemas import ApiModel, Day


class LedgerFilter(ApiModel):
    kind: LedgerKind | None = Field(default=None, description="Only entries of this kind")
    date_from: Day | None = Field(default=None, description="First Dubai day (inclusive)")
    date_to: Day | None = Field(default=None, description="Last Dubai day (inclusive)")

    @model_validator(mode="after")
    def _order(self) -> Self:
        if self.date_from and self.date_to and self.date_from > self.date_to:
            raise ValueError("The start date cannot be after the end date.")
        return self


class LedgerQuery(LedgerFilter):
    page_no: int = Field(default=1, ge=1, le=100_000)
    limit: int = Field(default=10, ge=1, le=100)


class LedgerEntryOut(ApiModel):
    id: str = Field(serialization_alias="_id")
    sequence: int = Field(description="The member's entries in the order they were written (1, 2, ...)")
    date: datetime
    kind: str
    description: str
    document_number: str | None = Field(description="The invoice, credit note or settlement number")
    invoice_id: str | None
    transaction_id: str | None = Field(description="The payment, payout or refund's transaction id")
    payment_id: str | None
    vehicle_id: str | None
    vehicle_lot_number: int | None
    owes_us: SignedMoney = Field(description="What this entry adds to what the member owes us")
    we_owe: SignedMoney = Field(description="What this entry adds to what we owe the member")
    deposit: SignedMoney = Field(description="What this entry adds to the deposit we hold")
    owes_us_balance: SignedMoney
    we_owe_balance: SignedMoney
    deposit_balance: SignedMoney


class Balances(ApiModel):
    owes_us: SignedMoney = Field(description="What the member owes us (negative: a credit of theirs)")
    we_owe: SignedMoney = Field(description="What we owe the member (payouts and refunds to send)")
    deposit_held: Money = Field(description="The security deposit we hold for them")


class LedgerPage(ApiModel):
    data: list[LedgerEntryOut] = Field(description="Newest first")
    total_pages: int
    current_page: int
    total_matching: int
    balances: Balances = Field(description="The member's balances now (after their last entry)")
