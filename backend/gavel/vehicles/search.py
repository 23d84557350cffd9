"""The vehicle's search text: lot number, VIN, title, make, model and the seller, lower-cased."""

from gavel.members.models import Member
from gavel.vehicles.models import Vehicle


def search_text(vehicle: Vehicle, seller: Member | None) -> str:
    values = [str(vehicle.vehicle_lot_number), vehicle.vin_number, vehicle.title, vehicle.make, vehicle.model]
    if seller is not None:
        values += [f"{seller.first_name} {seller.last_name}", seller.company_name or ""]
    return " | ".join(v.lower() for v in values if v)
