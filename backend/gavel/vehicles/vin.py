"""VIN checks and decoding with vininfo: 17 characters without I, O or Q; North American check digits."""

from dataclasses import dataclass
from datetime import date

from vininfo import Vin
from vininfo.exceptions import ValidationError

NORTH_AMERICA = ("1", "2", "3", "4", "5")  # WMI regions whose VINs carry a check digit


@dataclass(frozen=True)
class DecodedVin:
    vin: str
    make: str | None
    country: str | None
    year: int | None


def check_vin(value: str) -> str:
    vin = value.strip().upper().replace(" ", "")
    if len(vin) != 17:
        raise ValueError("A VIN has exactly 17 characters.")
    try:
        decoded = Vin(vin)
    except ValidationError as exc:
        raise ValueError("A VIN has letters and digits only, never I, O or Q.") from exc
    if vin.startswith(NORTH_AMERICA) and not decoded.verify_checksum():
        raise ValueError("The check digit (9th character) of this North American VIN is wrong.")
    return vin


def decode_vin(vin: str) -> DecodedVin:
    decoded = Vin(vin)
    years = [y for y in (decoded.years or []) if y <= date.today().year]
    make = decoded.manufacturer
    return DecodedVin(
        vin=vin,
        make=make if make and make != "Unknown" else None,
        country=decoded.country,
        year=max(years) if years else None,
    )
