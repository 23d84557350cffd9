"""Amounts in the bid engine: whole fils (AED x 100) as `int`, so that a price is exact and compares exactly.

The rest of Gavel keeps money as a `Decimal` with two places (`gavel.core.money`); these convert at the
engine's edges, and `aed_text` writes an amount the way every sentence of the server does ('AED 12,500.00').
"""

from decimal import Decimal

from gavel.core.money import CENT, aed

FILS_PER_AED = 100


def to_fils(amount: Decimal) -> int:
    """A stored amount (`Decimal`, two places at most) as whole fils; a fraction of a fils is refused."""
    if not amount.is_finite():
        raise ValueError(f"{amount} is not an amount.")
    fils = amount * FILS_PER_AED
    if fils != fils.to_integral_value():
        raise ValueError(f"{amount} has a fraction of a fils: an amount has at most two decimals.")
    return int(fils)


def to_amount(fils: int) -> Decimal:
    """Whole fils back as the `Decimal` Gavel stores: 1250000 -> Decimal('12500.00')."""
    return (Decimal(fils) / FILS_PER_AED).quantize(CENT)


def aed_text(fils: int) -> str:
    """An amount in fils as people read it: 1250000 -> 'AED 12,500.00'."""
    return aed(to_amount(fils))
