"""The messages of the sale and what follows it: a vehicle reviewed, sold, invoiced, reminded, overdue and let
out by a gate pass. Each handler builds the message's variables from the event and queues it (alerts.service),
in the publisher's transaction (gavel.core.events)."""

from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.catalog import AttachmentKind, Event
from gavel.alerts.context import gate_pass_vars, invoice_vars, sale_vars, vehicle_of, vehicle_vars
from gavel.alerts.service import alert_service
from gavel.auctions.events import VehicleSold
from gavel.core import events
from gavel.gatepass.events import GatePassIssued
from gavel.invoices.events import InvoiceFellOverdue, InvoiceIssued, PaymentDueSoon
from gavel.invoices.models import Invoice
from gavel.members.models import Member
from gavel.vehicles.events import VehicleReviewed
from gavel.vehicles.options import VehicleStatus


async def vehicle_reviewed(session: AsyncSession, event: VehicleReviewed) -> None:
    """The seller hears that their vehicle was approved, or rejected and why."""
    vehicle = event.vehicle
    approved = event.status == VehicleStatus.APPROVED
    context: dict[str, Any] = {"vehicle": vehicle_vars(vehicle)}
    if not approved:
        context["reason"] = event.reason or ""
    kind = Event.VEHICLE_APPROVED if approved else Event.VEHICLE_REJECTED
    await alert_service.notify(session, kind, vehicle.seller, context, event.at)


async def invoice_issued(session: AsyncSession, event: InvoiceIssued) -> None:
    """The buyer receives the sale's tax invoice (attached to the email)."""
    await alert_service.notify(
        session,
        Event.INVOICE_ISSUED,
        event.buyer,
        {"vehicle": vehicle_vars(event.vehicle), "invoice": invoice_vars(event.invoice)},
        event.at,
        attachment=(AttachmentKind.INVOICE, event.invoice.id),
    )


async def _tell(session: AsyncSession, kind: Event, invoice: Invoice, at: datetime) -> None:
    member = await session.get(Member, invoice.member_id)
    if member is not None:
        context = {"vehicle": vehicle_of(invoice), "invoice": invoice_vars(invoice)}
        await alert_service.notify(session, kind, member, context, at)


async def payment_due_soon(session: AsyncSession, event: PaymentDueSoon) -> None:
    await _tell(session, Event.PAYMENT_DUE, event.invoice, event.at)


async def invoice_fell_overdue(session: AsyncSession, event: InvoiceFellOverdue) -> None:
    await _tell(session, Event.INVOICE_OVERDUE, event.invoice, event.at)


async def vehicle_sold(session: AsyncSession, event: VehicleSold) -> None:
    """The seller hears of the sale (after the buyer's invoice, which the sale issues first)."""
    context = {"vehicle": vehicle_vars(event.vehicle), "sale": sale_vars(event.price, event.sale_date)}
    await alert_service.notify(session, Event.VEHICLE_SOLD, event.vehicle.seller, context, event.at)


async def gate_pass_issued(session: AsyncSession, event: GatePassIssued) -> None:
    """The buyer receives the gate pass (attached to the email)."""
    gate_pass = event.gate_pass
    buyer = await session.get(Member, gate_pass.member_id)
    if buyer is not None:
        await alert_service.notify(
            session,
            Event.GATE_PASS_ISSUED,
            buyer,
            {"vehicle": vehicle_vars(event.vehicle), "gatePass": gate_pass_vars(gate_pass)},
            event.at,
            attachment=(AttachmentKind.GATE_PASS, gate_pass.id),
        )


def connect() -> None:
    events.subscribe(VehicleReviewed, vehicle_reviewed)
    events.subscribe(InvoiceIssued, invoice_issued)
    events.subscribe(PaymentDueSoon, payment_due_soon)
    events.subscribe(InvoiceFellOverdue, invoice_fell_overdue)
    events.subscribe(VehicleSold, vehicle_sold)
    events.subscribe(GatePassIssued, gate_pass_issued)
