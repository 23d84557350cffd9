"""Invoices as the API answers them: what is due, overdue and for how many days, from the stored figures."""

from datetime import datetime
from decimal import Decimal

from gavel.core.clock import dubai_date
from gavel.invoices.calculation import ZERO, money
from gavel.invoices.models import Invoice
from gavel.invoices.payable import PAYABLE, payment_refusal
from gavel.invoices.schemas import InvoiceDetail, InvoiceLineOut, InvoiceOut
from gavel.schemas import FROM_DATABASE


def _figures(invoice: Invoice, now: datetime) -> dict[str, object]:
    due = money(invoice.total - invoice.paid_amount) if invoice.kind in PAYABLE else ZERO
    if invoice.status == "cancelled":
        due = ZERO
    overdue = invoice.status == "overdue" and invoice.due_at is not None
    days = (dubai_date(now) - dubai_date(invoice.due_at)).days if overdue and invoice.due_at else 0
    return {
        "due_amount": due,
        "overdue_amount": due if overdue else ZERO,
        "days_overdue": max(days, 0),
    }


def paid_of(invoice: Invoice) -> Decimal:
    """What was paid on the document: a member's payments verified; a seller's settlement once paid out, its
    payout (its total: one payout pays a settlement in full)."""
    if invoice.kind == "settlement" and invoice.status == "paidOut":
        return invoice.total
    return invoice.paid_amount


def _recordable(invoice: Invoice) -> dict[str, object]:
    refusal = payment_refusal(invoice)
    return {"allowed": refusal is None, "reason": refusal}


def vehicle_copied_on(invoice: Invoice) -> dict[str, object] | None:
    """The vehicle as the document copied it when it was issued (its summary on invoices and payments)."""
    if not invoice.vehicle_id:
        return None
    return {
        "id": invoice.vehicle_id,
        "vehicle_lot_number": invoice.vehicle_lot_number or 0,
        "title": invoice.vehicle_title or "",
        "vin_number": invoice.vehicle_vin or "",
    }


def _base(invoice: Invoice, now: datetime) -> dict[str, object]:
    return {
        "id": invoice.id,
        "invoice_no": invoice.number,
        "kind": invoice.kind,
        "status": invoice.status,
        "invoice_created_date": invoice.issued_at,
        "due_date": invoice.due_at,
        "sale_date": invoice.sale_date,
        "subtotal": invoice.subtotal,
        "vat_total": invoice.vat_total,
        "total": invoice.total,
        "paid_amount": paid_of(invoice),
        "pending_amount": invoice.pending_amount,
        "buyer": {"id": invoice.member_id, "name": invoice.buyer_name, "trn": invoice.buyer_trn},
        "vehicle": vehicle_copied_on(invoice),
        "credit_for": invoice.credit_for_id,
        "void_reason": invoice.void_reason,
        "storage_through": invoice.storage_through,
        "can_record_payment": _recordable(invoice),
        **_figures(invoice, now),
    }


# The answers are built from our own rows: validated in the database's context (no NUL walk, schemas.py).
def invoice_out(invoice: Invoice, now: datetime) -> InvoiceOut:
    return InvoiceOut.model_validate(_base(invoice, now), context=FROM_DATABASE)


def invoice_detail(invoice: Invoice, now: datetime) -> InvoiceDetail:
    return InvoiceDetail.model_validate(
        {
            **_base(invoice, now),
            "lines": [InvoiceLineOut.model_validate(line) for line in invoice.lines],
            "business_name": invoice.business_name,
            "business_trn": invoice.business_trn,
            "business_address": invoice.business_address,
        },
        context=FROM_DATABASE,
    )
