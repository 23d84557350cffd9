"""The variables of a message, built from the records of the change that sends it (gavel.alerts.catalog
lists them per event). Values are text as a person reads it: amounts '25,472.50 AED', Dubai days DD/MM/YYYY,
Dubai times HH:MM; words in both languages (`Words`), the message's language picks one."""

from datetime import date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from gavel.alerts.catalog import METHODS, Words
from gavel.auctions.presenter import member_name
from gavel.core.clock import DUBAI
from gavel.core.money import aed
from gavel.gatepass.code import shown

if TYPE_CHECKING:
    from gavel.business.models import BusinessSettings
    from gavel.gatepass.models import GatePass
    from gavel.invoices.models import Invoice
    from gavel.members.models import Member
    from gavel.payments.models import Payment
    from gavel.vehicles.models import Vehicle


def day(moment: datetime | None) -> str:
    return moment.astimezone(DUBAI).strftime("%d/%m/%Y") if moment else ""


def clock_time(moment: datetime | None) -> str:
    return moment.astimezone(DUBAI).strftime("%H:%M") if moment else ""


def method(value: str | None) -> Words | str:
    return METHODS.get(value or "", value or "")


def member_vars(member: "Member") -> dict[str, Any]:
    return {
        "firstName": member.first_name,
        "lastName": member.last_name,
        "fullName": member_name(member),
        "email": member.email,
        "phone": member.phone,
    }


def business_vars(business: "BusinessSettings") -> dict[str, Any]:
    return {"name": business.legal_name, "phone": business.phone or "", "email": business.email or ""}


def vehicle_vars(vehicle: "Vehicle") -> dict[str, Any]:
    return {"lot": str(vehicle.vehicle_lot_number), "title": vehicle.title, "vin": vehicle.vin_number}


def vehicle_of(document: "Invoice") -> dict[str, Any]:
    """The vehicle as the document copied it (empty for a deposit or penalty invoice without one)."""
    lot = document.vehicle_lot_number
    return {
        "lot": str(lot) if lot is not None else "",
        "title": document.vehicle_title or "",
        "vin": document.vehicle_vin or "",
    }


def sale_vars(price: Decimal, sale_date: date) -> dict[str, Any]:
    return {"price": aed(price), "date": sale_date.strftime("%d/%m/%Y")}


def invoice_vars(invoice: "Invoice") -> dict[str, Any]:
    due = invoice.total - invoice.paid_amount
    return {
        "number": invoice.number,
        "total": aed(invoice.total),
        "amountDue": aed(max(due, Decimal("0"))),
        "paidInFull": invoice.total > 0 and due <= 0,
        "dueDate": day(invoice.due_at),
        "dueTime": clock_time(invoice.due_at),
    }


def payment_vars(payment: "Payment") -> dict[str, Any]:
    return {
        "transactionId": payment.transaction_id,
        "amount": aed(payment.amount),
        "method": method(payment.method),
        "date": day(payment.paid_at),
    }


def gate_pass_vars(gate_pass: "GatePass") -> dict[str, Any]:
    moment = gate_pass.valid_until.astimezone(DUBAI)
    return {"validUntil": moment.strftime("%d/%m/%Y %H:%M"), "code": shown(gate_pass.code)}


def payout_vars(payment: "Payment", settlement: "Invoice") -> dict[str, Any]:
    return {
        "transactionId": payment.transaction_id,
        "amount": aed(payment.amount),
        "method": method(payment.method),
        "reference": payment.reference or "",
        "date": day(payment.paid_at),
        "settlementNumber": settlement.number,
    }


def refund_vars(payment: "Payment") -> dict[str, Any]:
    return {
        "transactionId": payment.transaction_id,
        "amount": aed(payment.amount),
        "method": method(payment.method),
        "reference": payment.reference or "",
        "date": day(payment.paid_at),
    }


def approval_vars(
    price: Decimal, reserve: Decimal | None, counter: Decimal | None, deadline: datetime
) -> dict[str, Any]:
    """A lot on approval: the price it closed at, the reserve, the counter-offer and the deadline (Dubai)."""
    return {
        "price": aed(price),
        "reserve": aed(reserve) if reserve is not None else "",
        "counterAmount": aed(counter) if counter is not None else "",
        "deadlineDate": day(deadline),
        "deadlineTime": clock_time(deadline),
    }
