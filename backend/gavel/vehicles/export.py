"""The current filtered vehicle list as CSV: the words of the screens, never the API's codes."""

import csv
import io

from gavel.core.labels import LABELS
from gavel.core.spreadsheet import cell, column_names
from gavel.members.export import label, yes_no
from gavel.vehicles.models import Vehicle

COLUMNS = [
    "Lot",
    "VIN",
    "Plate",
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
    "Status reason",
    "Received",
    "SVD (delivered by seller)",
    "Inspection",
    "Paid",
    "Gate pass",
    "Released",
    "Returned",
    "Registered (UTC)",
]
# The header in Arabic, for a user in Arabic (docs/arabic-glossary.md).
ARABIC = {
    "Lot": "القطعة",
    "VIN": "رقم الهيكل (VIN)",
    "Plate": "رقم اللوحة",
    "Title": "العنوان",
    "Make": "الشركة المصنعة",
    "Model": "الطراز",
    "Year": "السنة",
    "Mileage (km)": "المسافة المقطوعة (كم)",
    "Fuel": "الوقود",
    "Body style": "نوع الهيكل",
    "Transmission": "ناقل الحركة",
    "Seller": "البائع",
    "Opening price (AED)": "سعر الافتتاح (درهم)",
    "Reserve price (AED)": "السعر الاحتياطي (درهم)",
    "Sold for (AED)": "سعر البيع (درهم)",
    "Status": "الحالة",
    "Status reason": "سبب الحالة",
    "Received": "مستلمة",
    "SVD (delivered by seller)": "SVD (سلّمها البائع)",
    "Inspection": "الفحص",
    "Paid": "مدفوعة",
    "Gate pass": "تصريح الخروج",
    "Released": "مسلّمة",
    "Returned": "مرتجعة",
    "Registered (UTC)": "تاريخ التسجيل (UTC)",
}
STATUS = LABELS["VehicleStatus"]
INSPECTION = LABELS["Inspection"]
GATE_PASS = LABELS["GatePass"]


def _money(value: object) -> str:
    return f"{value:.2f}" if value is not None else ""


def vehicles_csv(vehicles: list[Vehicle]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(column_names(COLUMNS, ARABIC))
    for v in vehicles:
        seller = v.seller.company_name or f"{v.seller.first_name} {v.seller.last_name}"
        row = [
            v.vehicle_lot_number,
            v.vin_number,
            v.plate_number or "",
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
            label(STATUS, v.status),
            v.status_reason or "",
            yes_no(v.is_received),
            yes_no(v.is_vehicle_delivered_by_seller),
            label(INSPECTION, v.is_inspection),
            yes_no(v.is_paid),
            label(GATE_PASS, v.gate_pass_status),
            yes_no(v.is_released),
            yes_no(v.is_returned),
            v.created_at.strftime("%Y-%m-%d %H:%M"),
        ]
        writer.writerow([cell(c) for c in row])
    return out.getvalue()
