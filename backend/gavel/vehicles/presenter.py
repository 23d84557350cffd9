"""A vehicle as the API answers it: the seller's summary, the buyer, the images and their thumbnails."""

from decimal import Decimal

from gavel.invoices.models import Invoice
from gavel.vehicles.models import Vehicle
from gavel.vehicles.schemas import BuyerInfo, ImageOut, InvoiceBadge, MemberSummary, VehicleOut


def invoice_badge(invoice: Invoice | None) -> InvoiceBadge | None:
    if invoice is None:
        return None
    due = invoice.total - invoice.paid_amount if invoice.status != "cancelled" else Decimal("0")
    return InvoiceBadge(id=invoice.id, invoice_no=invoice.number, status=invoice.status, due_amount=due)


def vehicle_out(vehicle: Vehicle, invoice: Invoice | None = None) -> VehicleOut:
    images = [ImageOut(url=i.url, thumbnail_url=i.thumbnail_url) for i in vehicle.images]
    buyer = BuyerInfo(buyer_profile=MemberSummary.model_validate(vehicle.buyer)) if vehicle.buyer else None
    fields = {
        name: getattr(vehicle, name)
        for name in VehicleOut.model_fields
        if name not in ("member_profile", "buyer_info", "images", "thumbnail_images", "invoice")
    }
    return VehicleOut(
        **fields,
        member_profile=MemberSummary.model_validate(vehicle.seller),
        buyer_info=buyer,
        images=images,
        thumbnail_images=[i.thumbnail_url for i in images],
        invoice=invoice_badge(invoice),
    )
