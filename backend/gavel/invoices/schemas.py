from datetime import date, datetime
from typing import Any

from pydantic import Field, field_validator

from gavel.core.money import Money, SignedMoney
from gavel.schemas import ApiModel, Day, Sentence


class InvoiceLineOut(ApiModel):
    id: str = Field(serialization_alias="_id")
    kind: str
    description: str
    service_date: date | None
    quantity: int
    unit_amount: SignedMoney
    amount: SignedMoney
    vat_rate: Money
    vat: SignedMoney
    total: SignedMoney


class Party(ApiModel):
    id: str = Field(serialization_alias="_id")
    name: str
    trn: str | None = None


class VehicleSummary(ApiModel):
    id: str = Field(serialization_alias="_id")
    vehicle_lot_number: int
    title: str
    vin_number: str


class Verdict(ApiModel):
    """Whether it can be done now and, when not, the server's sentence why: the rule that refuses the request,
    shown before anyone acts."""

    allowed: bool
    reason: Sentence | None = None


class InvoiceOut(ApiModel):
    id: str = Field(serialization_alias="_id")
    invoice_no: str
    kind: str = Field(description="invoice, deposit, penalty, creditNote or settlement")
    status: str = Field(description="unpaid, partiallyPaid, paid, overdue, cancelled (credit notes: issued)")
    invoice_created_date: datetime
    due_date: datetime | None
    sale_date: date | None
    subtotal: SignedMoney
    vat_total: SignedMoney
    total: SignedMoney
    paid_amount: Money = Field(description="Verified payments")
    pending_amount: Money = Field(description="Recorded payments waiting for verification")
    due_amount: Money = Field(description="Still to be paid")
    overdue_amount: Money
    days_overdue: int
    buyer: Party = Field(description="The member the document is for (the seller on a settlement)")
    vehicle: VehicleSummary | None = Field(description="None on a deposit invoice")
    credit_for: str | None = Field(description="The invoice a credit note cancels")
    void_reason: str | None
    storage_through: date | None
    can_record_payment: Verdict = Field(
        description="Whether a payment can be recorded against it (sale, deposit and penalty invoices with "
        "something open), with the reason when not"
    )


class InvoiceDetail(InvoiceOut):
    lines: list[InvoiceLineOut]
    business_name: str
    business_trn: str | None
    business_address: str


class InvoiceQuery(ApiModel):
    status: str | None = None
    kind: str | None = Field(default=None, pattern="^(invoice|creditNote|deposit|penalty|settlement)$")
    member_id: str | None = Field(default=None, max_length=32)
    vehicle_id: str | None = Field(default=None, max_length=32)
    date_from: Day | None = None
    date_to: Day | None = None
    # The dashboard's 'Invoices due today' (issue 15): Dubai days of the due time, and the open states alone.
    due_from: Day | None = None
    due_to: Day | None = None
    open: bool | None = Field(default=None, description="Only unpaid, partially paid and overdue invoices")
    payable: bool | None = Field(
        default=None,
        description="Only what a payment can be recorded against: sale, deposit and penalty invoices, not "
        "cancelled, with something open (Record payment's picker)",
    )
    search: str | None = Field(default=None, max_length=200)
    page_no: int = Field(default=1, ge=1, le=100_000)
    limit: int = Field(default=10, ge=1, le=100)


class StateTotal(ApiModel):
    count: int
    amount: SignedMoney
    still_to_pay: SignedMoney | None = Field(
        default=None,
        description="Open states (unpaid, partiallyPaid, overdue): what is still to pay on them, the totals "
        "less the verified payments (the dashboard's overdue figure); other states: null",
    )


class InvoiceList(ApiModel):
    data: list[InvoiceOut]
    total_pages: int
    current_page: int
    total_matching: int
    totals: dict[str, StateTotal] = Field(description="Count and AED total per state")


class InvoiceVoid(ApiModel):
    reason: str = Field(max_length=500)

    @field_validator("reason", mode="before")
    @classmethod
    def _reason(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = " ".join(value.split())
            if len(value) < 3:
                raise ValueError("Give a reason for voiding the invoice.")
        return value


class InvoiceVoided(ApiModel):
    message: Sentence
    invoice: InvoiceOut
    credit_note: InvoiceOut


class DefaultCancel(ApiModel):
    reason: str = Field(max_length=500)

    @field_validator("reason", mode="before")
    @classmethod
    def _reason(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = " ".join(value.split())
            if len(value) < 3:
                raise ValueError("Give a reason for cancelling the sale.")
        return value


class DefaultCancelled(ApiModel):
    message: Sentence
    invoice: InvoiceOut
    credit_note: InvoiceOut
    penalty_invoice: InvoiceOut | None = Field(description="None when no defaultPenalty charge is active")
    penalty_taken: Money = Field(description="What was taken from the buyer's deposit")
    deposit_held: Money = Field(description="The buyer's deposit still held")
    buying_power: Money = Field(description="The buyer's plan buying power on what is still held")
