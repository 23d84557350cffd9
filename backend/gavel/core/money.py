"""Money: Decimal with two places in Python and the database, a JSON number on the wire."""

from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Annotated

from pydantic import AfterValidator, BeforeValidator, Field, PlainSerializer

MAX_AMOUNT = Decimal("999999999999.99")
CENT = Decimal("0.01")
ZERO = Decimal("0.00")

NOT_AN_AMOUNT = "Type the amount with digits only, for example 90000."
NEGATIVE = "An amount cannot be negative."
DECIMALS = "An amount has at most two decimals (fils)."


def money(value: Decimal | int | str) -> Decimal:
    """An amount rounded half up to the fils, as every stored amount is."""
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def aed(amount: Decimal) -> str:
    """An amount as people read it everywhere, the server's sentences included: 'AED 201,000.00'."""
    return f"AED {amount:,.2f}"


def read_amount(value: object) -> object:
    """An amount sent as a JSON number or a decimal string, refused with the sentences the money input shows
    (frontend lib/money-text.ts): not a number, negative, more than two decimals, above the largest amount.
    Anything else (a list, an object) is left for pydantic to refuse."""
    if isinstance(value, bool):
        raise ValueError(NOT_AN_AMOUNT)
    if not isinstance(value, int | float | Decimal | str):
        return value
    try:
        amount = value if isinstance(value, Decimal) else Decimal(str(value).strip())
    except InvalidOperation:
        raise ValueError(NOT_AN_AMOUNT) from None
    if not amount.is_finite():
        raise ValueError(NOT_AN_AMOUNT)
    if amount < 0:
        raise ValueError(NEGATIVE)
    if amount > MAX_AMOUNT:  # before quantize, which cannot hold a number this large
        raise ValueError(f"An amount is at most {aed(MAX_AMOUNT)}.")
    if amount != amount.quantize(CENT, rounding=ROUND_DOWN):
        raise ValueError(DECIMALS)
    return amount


Money = Annotated[
    Decimal,
    BeforeValidator(read_amount),
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
