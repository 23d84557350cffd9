"""A vehicle as the API answers it: the seller's summary, the buyer, the images and their thumbnails, and the
badge of its invoice when the caller read one (gavel.invoices.vehicle_badges)."""

from pydantic import TypeAdapter

from gavel.schemas import FROM_DATABASE
from gavel.vehicles.models import Vehicle
from gavel.vehicles.repository import ListRow
from gavel.vehicles.schemas import BuyerInfo, ImageOut, InvoiceBadge, MemberSummary, VehicleOut

_PAGE = TypeAdapter(list[VehicleOut])


def vehicle_out(vehicle: Vehicle, badge: InvoiceBadge | None = None) -> VehicleOut:
    images = [ImageOut(url=i.url, thumbnail_url=i.thumbnail_url) for i in vehicle.images]
    buyer = BuyerInfo(buyer_profile=MemberSummary.model_validate(vehicle.buyer)) if vehicle.buyer else None
    own = (name for name in VehicleOut.model_fields if name not in VehicleOut.NESTED)
    fields = {name: getattr(vehicle, name) for name in own}
    return VehicleOut(
        **fields,
        member_profile=MemberSummary.model_validate(vehicle.seller),
        buyer_info=buyer,
        images=images,
        thumbnail_images=[i.thumbnail_url for i in images],
        invoice=badge,
    )


def vehicle_page(rows: list[ListRow], badges: dict[str, InvoiceBadge]) -> list[VehicleOut]:
    """A list page from its rows (repository.page), as vehicle_out answers each vehicle, in one validation."""
    answers = [
        {
            **row.fields,
            "member_profile": row.seller,
            "buyer_info": {"buyer_profile": row.buyer} if row.buyer is not None else None,
            "images": [{"url": url, "thumbnail_url": thumbnail} for url, thumbnail in row.images],
            "thumbnail_images": [thumbnail for _, thumbnail in row.images],
            "invoice": badges.get(row.fields["id"]),
        }
        for row in rows
    ]
    return _PAGE.validate_python(answers, context=FROM_DATABASE)
