"""A vehicle answered with the badge of its current invoice (the Sold list's Payment column, a vehicle's
page): the invoice read here, the vehicle presented by gavel.vehicles.presenter."""

from decimal import Decimal

from gavel.invoices.models import Invoice
from gavel.vehicles.models import Vehicle
from gavel.vehicles.presenter import vehicle_out, vehicle_page
from gavel.vehicles.repository import ListRow
from gavel.vehicles.schemas import InvoiceBadge, VehicleOut


def invoice_badge(invoice: Invoice | None) -> InvoiceBadge | None:
    if invoice is None:
        return None
    due = invoice.total - invoice.paid_amount if invoice.status != "cancelled" else Decimal("0")
    return InvoiceBadge(id=invoice.id, invoice_no=invoice.number, status=invoice.status, due_amount=due)


def vehicle_with_invoice(vehicle: Vehicle, invoice: Invoice | None = None) -> VehicleOut:
    return vehicle_out(vehicle, invoice_badge(invoice))


def page_with_invoices(rows: list[ListRow], invoices: dict[str, Invoice]) -> list[VehicleOut]:
    """A list page (vehicles.repository.page) with the badge of each sold vehicle's invoice."""
    badges = {vehicle_id: badge for vehicle_id, i in invoices.items() if (badge := invoice_badge(i))}
    return vehicle_page(rows, badges)
