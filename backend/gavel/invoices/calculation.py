"""The arithmetic of an invoice, in one place: its lines, their VAT and its totals.

Every amount is a Decimal in AED with two places. A line's net amount is its quantity times its unit
amount; its VAT is the net amount times the rate, rounded half up to the fils, per line; its total is net
plus VAT. An invoice's totals are sums of its stored lines, never recomputed another way. No float is ever
involved.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Protocol

from gavel.core.labels import label

# The money helpers, read from here by the money packages too.
from gavel.core.money import CENT as CENT
from gavel.core.money import ZERO as ZERO
from gavel.core.money import money as money

HUNDRED = Decimal("100")


def vat_of(net: Decimal, rate_percent: Decimal) -> Decimal:
    return money(net * rate_percent / HUNDRED)


@dataclass(frozen=True)
class LineDraft:
    """A line before it is stored: what it is for, how many, at how much, at which VAT rate."""

    kind: str  # vehicle, sale, gatePass, latePayment, storagePerDay
    description: str
    quantity: int
    unit_amount: Decimal
    vat_rate: Decimal
    charge_id: str | None = None
    service_date: date | None = None

    @property
    def amount(self) -> Decimal:
        return money(self.unit_amount * self.quantity)

    @property
    def vat(self) -> Decimal:
        return vat_of(self.amount, self.vat_rate)

    @property
    def total(self) -> Decimal:
        return self.amount + self.vat


class HasAmounts(Protocol):
    @property
    def amount(self) -> Decimal: ...

    @property
    def vat(self) -> Decimal: ...


@dataclass(frozen=True)
class Totals:
    subtotal: Decimal
    vat: Decimal
    total: Decimal


def totals(lines: Iterable[HasAmounts]) -> Totals:
    subtotal, vat = ZERO, ZERO
    for line in lines:
        subtotal += line.amount
        vat += line.vat
    return Totals(subtotal=money(subtotal), vat=money(vat), total=money(subtotal + vat))


class ChargeLike(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def charges(self) -> Decimal: ...

    @property
    def kind(self) -> str: ...

    @property
    def min_price(self) -> Decimal | None: ...

    @property
    def max_price(self) -> Decimal | None: ...


def band_holds(charge: ChargeLike, price: Decimal) -> bool:
    """The charge's sale-price band holds the price (ends inclusive, an open end unbounded)."""
    low_ok = charge.min_price is None or price >= charge.min_price
    high_ok = charge.max_price is None or price <= charge.max_price
    return low_ok and high_ok


def vehicle_vat_rate(seller_charges_vat: bool, vat_rate: Decimal) -> Decimal:
    """VAT on the vehicle of a sale: only when its seller is VAT-registered (a TRN); otherwise the auction
    sells it on the seller's behalf and the price is outside the scope of VAT. Only the fees bear our VAT."""
    return vat_rate if seller_charges_vat else ZERO


def vat_treatment(kind: str, vat_rate: Decimal) -> str:
    """The VAT treatment of a stored line in words, as the tax invoice prints it, read from what the lines
    above decided: the vehicle by `vehicle_vat_rate`, a security deposit never taxed, a fee at its rate."""
    percent = f"{vat_rate.normalize():f}%"
    if kind == "vehicle":
        if vat_rate > 0:
            return f"Vehicle: VAT at {percent}, sold on behalf of a VAT-registered seller"
        return "Vehicle: outside the scope of VAT, sold on behalf of the seller"
    if kind == "deposit":
        return "Security deposit: refundable, outside the scope of VAT"
    what = label("LineKind", kind)
    if vat_rate > 0:
        return f"{what}: standard rated, VAT at {percent}"
    return f"{what}: no VAT charged (0%)"


def sale_lines(
    *,
    vehicle_description: str,
    price: Decimal,
    seller_charges_vat: bool,
    charges: Sequence[ChargeLike],
    vat_rate: Decimal,
) -> list[LineDraft]:
    """The lines of a buyer's invoice for a sale: the vehicle, every active buyer `sale` charge whose band
    holds the price, and the gate pass fee. VAT on every fee; on the vehicle only when its seller is
    VAT-registered."""
    lines = [
        LineDraft(
            kind="vehicle",
            description=vehicle_description,
            quantity=1,
            unit_amount=money(price),
            vat_rate=vehicle_vat_rate(seller_charges_vat, vat_rate),
        )
    ]
    for charge in sorted(charges, key=lambda c: (c.kind != "sale", c.min_price or ZERO, c.title)):
        if (charge.kind == "sale" and band_holds(charge, price)) or charge.kind == "gatePass":
            lines.append(
                LineDraft(
                    kind=charge.kind,
                    description=charge.title,
                    quantity=1,
                    unit_amount=money(charge.charges),
                    vat_rate=vat_rate,
                    charge_id=charge.id,
                )
            )
    return lines


def settlement_lines(
    *, vehicle_description: str, price: Decimal, charges: Sequence[ChargeLike], vat_rate: Decimal
) -> list[LineDraft]:
    """The lines of a seller's settlement: the price, less each active seller `sale` charge whose band holds
    the price, less VAT on those charges. Their total is the payout."""
    lines = [
        LineDraft(
            kind="vehicle",
            description=vehicle_description,
            quantity=1,
            unit_amount=money(price),
            vat_rate=ZERO,
        )
    ]
    for charge in sorted(charges, key=lambda c: (c.min_price or ZERO, c.title)):
        if charge.kind == "sale" and band_holds(charge, price):
            lines.append(
                LineDraft(
                    kind="sellerFee",
                    description=charge.title,
                    quantity=-1,
                    unit_amount=money(charge.charges),
                    vat_rate=vat_rate,
                    charge_id=charge.id,
                )
            )
    return lines
