"""Money: Decimal with two places in Python and the database, a JSON number on the wire."""

from decimal import Decimal
from typing import Annotated

from pydantic import AfterValidator, Field, PlainSerializer

MAX_AMOUNT = Decimal("999999999999.99")
CENT = Decimal("0.01")

Money = Annotated[
    Decimal,
    Field(ge=0, le=MAX_AMOUNT, max_digits=14, decimal_places=2),
    AfterValidator(lambda amount: amount.quantize(CENT)),
    PlainSerializer(float, return_type=float, when_used="json"),
]

# An amount that may be negative: the lines and totals of a credit note, an adjustment.
SignedMoney = Annotated[
    Decimal,
    Field(ge=-MAX_AMOUNT, le=MAX_AMOUNT, max_digits=14, decimal_places=2),
    AfterValidator(lambda amount: amount.quantize(CENT)),
    PlainSerializer(float, return_type=float, when_used="json"),
]


def aed(amount: Decimal) -> str:
    """An amount as people read it everywhere, the server's sentences included: 'AED 201,000.00'."""
    return f"AED {amount:,.2f}"
