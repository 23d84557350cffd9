"""A vehicle as the API answers it: the seller's summary, the buyer, the images and their thumbnails."""

from gavel.vehicles.models import Vehicle
from gavel.vehicles.schemas import BuyerInfo, ImageOut, MemberSummary, VehicleOut


def vehicle_out(vehicle: Vehicle) -> VehicleOut:
    images = [ImageOut(url=i.url, thumbnail_url=i.thumbnail_url) for i in vehicle.images]
    buyer = BuyerInfo(buyer_profile=MemberSummary.model_validate(vehicle.buyer)) if vehicle.buyer else None
    fields = {
        name: getattr(vehicle, name)
        for name in VehicleOut.model_fields
        if name not in ("member_profile", "buyer_info", "images", "thumbnail_images")
    }
    return VehicleOut(
        **fields,
        member_profile=MemberSummary.model_validate(vehicle.seller),
        buyer_info=buyer,
        images=images,
        thumbnail_images=[i.thumbnail_url for i in images],
    )
