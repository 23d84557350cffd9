"""The reports' requests and answers: a period of Dubai days, a page, and each report's rows and totals."""

from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from pydantic import Field, field_validator

from gavel.core.paging import MAX_LIMIT
from gavel.schemas import ApiModel, Day


class ReportName(StrEnum):
    SALES_BY_EVENT = "sales-by-event"
    RECEIVABLES = "receivables"
    PAYOUTS = "payouts"
    VAT = "vat"


class ExportFormat(StrEnum):
    CSV = "csv"
    XLSX = "xlsx"


class Period(ApiModel):
    """Dubai days, both included."""

    date_from: Day
    date_to: Day


class ReportQuery(Period):
    page_no: int = Field(default=1, ge=1, le=100_000)
    limit: int = Field(default=20, ge=1, le=MAX_LIMIT)


class ExportQuery(Period):
    format: ExportFormat = ExportFormat.CSV

    @field_validator("format", mode="before")
    @classmethod
    def _known_format(cls, value: Any) -> Any:
        # Any JSON may arrive here (a list or an object, which is not hashable): only the two names pass.
        if not isinstance(value, str) or value not in {f.value for f in ExportFormat}:
            raise ValueError("Choose a file format: csv or xlsx.")
        return value


class Paged(ApiModel):
    total_pages: int
    current_page: int
    total_matching: int


# ------------------------------------------------------------------------------------------ sales by event


class EventSales(ApiModel):
    id: str = Field(serialization_alias="_id")
    auction_title: str
    sale_date: date
    lots_run: int
    sold: int
    no_sale: int
    hammer_total: Decimal
    fees: Decimal
    vat: Decimal


class SalesTotals(ApiModel):
    events: int
    lots_run: int
    sold: int
    no_sale: int
    hammer_total: Decimal
    fees: Decimal
    vat: Decimal


class SalesReport(Paged):
    data: list[EventSales]
    totals: SalesTotals


# ------------------------------------------------------------------------------------ receivables ageing


class AgeingBucket(StrEnum):
    CURRENT = "current"
    DAYS_1_30 = "days1To30"
    DAYS_31_60 = "days31To60"
    DAYS_61_90 = "days61To90"
    OVER_90 = "over90"


class Receivable(ApiModel):
    id: str = Field(serialization_alias="_id")
    invoice_no: str
    kind: str
    member_id: str
    buyer_name: str
    issued_at: datetime
    due_at: datetime | None
    total: Decimal
    paid_amount: Decimal
    due_amount: Decimal
    days_overdue: int
    bucket: AgeingBucket


class AgeingTotals(ApiModel):
    invoices: int
    current: Decimal
    days1to30: Decimal
    days31to60: Decimal
    days61to90: Decimal
    over90: Decimal
    total: Decimal


class ReceivablesReport(Paged):
    as_of: date
    data: list[Receivable]
    totals: AgeingTotals


# ------------------------------------------------------------------------------------------------ payouts


class PayoutRow(ApiModel):
    id: str = Field(serialization_alias="_id")
    transaction_id: str
    kind: str
    status: str
    member_id: str
    member_name: str
    document_no: str
    lot_number: int | None
    method: str
    reference: str | None
    paid_at: datetime
    completed_at: datetime | None
    amount: Decimal


class PayoutTotal(ApiModel):
    kind: str
    status: str
    count: int
    amount: Decimal


class PayoutsReport(Paged):
    data: list[PayoutRow]
    totals: list[PayoutTotal]


# ---------------------------------------------------------------------------------------------------- VAT


class VatByRate(ApiModel):
    """Output VAT at one rate: what was invoiced, what credit notes took back, the seller fees charged on
    settlements, and their net."""

    rate: Decimal
    sales_net: Decimal
    sales_vat: Decimal
    credit_notes_net: Decimal
    credit_notes_vat: Decimal
    seller_fees_net: Decimal
    seller_fees_vat: Decimal
    net: Decimal
    vat: Decimal


class VatReturn(ApiModel):
    """The output side of the UAE VAT return (form VAT 201) for the period: box 1 (standard-rated supplies
    and their VAT, net of credit notes) and the amounts invoiced without VAT (a private seller's vehicle,
    outside the scope of VAT: on no box, shown so that the documents add up)."""

    standard_rated_supplies: Decimal
    standard_rated_vat: Decimal
    no_vat_amount: Decimal
    total_output_vat: Decimal


class VatDocument(ApiModel):
    id: str = Field(serialization_alias="_id")
    invoice_no: str
    kind: str
    issued_at: datetime
    party_name: str
    party_trn: str | None
    standard_net: Decimal
    zero_net: Decimal
    vat: Decimal


class VatReport(Paged):
    business_trn: str | None
    by_rate: list[VatByRate]
    vat_return: VatReturn
    data: list[VatDocument]
