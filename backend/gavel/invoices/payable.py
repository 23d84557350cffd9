"""What a member can pay: the one definition of a payable invoice. The record-payment rule refuses with its
sentence, an invoice answers it as `canRecordPayment`, and Record payment's picker searches with its clause,
so the drawer, the member's page and Inbound payments offer exactly what the server accepts."""

from decimal import Decimal

from sqlalchemy import ColumnElement, and_

from gavel.invoices.calculation import money
from gavel.invoices.models import Invoice

# What a member pays: a sale's tax invoice (its late fee and storage days are lines added to it), a security
# deposit, a default's penalty. A seller's settlement is paid out, a credit note is final.
PAYABLE = ("invoice", "deposit", "penalty")

_NOT_PAID = {
    "settlement": "a seller's settlement, paid out to the seller",
    "creditNote": "a credit note",
}


def open_amount(invoice: Invoice) -> Decimal:
    """What is still to be paid and not yet recorded as a payment."""
    return money(invoice.total - invoice.paid_amount - invoice.pending_amount)


def payment_refusal(invoice: Invoice) -> str | None:
    """Why no payment can be recorded against the invoice now, or None when one can."""
    if invoice.kind not in PAYABLE:
        what = _NOT_PAID.get(invoice.kind, f"a {invoice.kind}")
        return (
            f"{invoice.number} is {what}; payments are recorded against sale, deposit and penalty invoices."
        )
    if invoice.status == "cancelled":
        return f"{invoice.number} is cancelled; payments are recorded against open invoices."
    if open_amount(invoice) <= 0:
        if invoice.pending_amount > 0:
            return (
                f"{invoice.number} has nothing left to pay: the payments recorded against it wait for "
                "verification."
            )
        return f"{invoice.number} is paid; nothing is left to pay."
    return None


def payable_clause() -> ColumnElement[bool]:
    """payment_refusal(invoice) is None, as a condition of a query."""
    return and_(
        Invoice.kind.in_(PAYABLE),
        Invoice.status != "cancelled",
        Invoice.total - Invoice.paid_amount - Invoice.pending_amount > 0,
    )
