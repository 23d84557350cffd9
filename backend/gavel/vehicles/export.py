"""The current filtered vehicle list as CSV."""

import csv
import io

from gavel.vehicles.models import Vehicle

COLUMNS = [
    "Lot",
    "VIN",
    "Title",
    "Make",
    "Model",
    "Year",
    "Mileage (km)",
    "Fuel",
    "Body style",
    "Transmission",
    "Seller",
    "Opening price (AED)",
    "Reserve price (AED)",
    "Sold for (AED)",
    "Status",
    "Received",
    "Inspection",
    "Paid",
    "Gate pass",
    "Released",
    "Returned",
    "Registered (UTC)",
]


def _money(value: object) -> str:
    return f"{value:.2f}" if value is not None else ""


def _cell(value: str) -> str:
    return f"'{value}" if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def vehicles_csv(vehicles: list[Vehicle]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for v in vehicles:
        seller = v.seller.company_name or f"{v.seller.first_name} {v.seller.last_name}"
        row = [
            v.vehicle_lot_number,
            v.vin_number,
            v.title,
            v.make,
            v.model,
            v.year,
            v.mileage,
            v.fuel_type or "",
            v.body_style or "",
            v.transmission or "",
            seller,
            _money(v.opening_price),
            _money(v.reserve_price),
            _money(v.sold_for),
            v.status,
            "Yes" if v.is_received else "No",
            v.is_inspection,
            "Yes" if v.is_paid else "No",
            v.gate_pass_status,
            "Yes" if v.is_released else "No",
            "Yes" if v.is_returned else "No",
            v.created_at.strftime("%Y-%m-%d %H:%M"),
        ]
        writer.writerow([_cell(str(c)) for c in row])
    return out.getvalue()
