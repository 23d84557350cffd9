"""The increment table on the wire: amounts as decimal strings ('500.00'), as the bid engine's amounts."""

from decimal import Decimal
from typing import Annotated

from pydantic import Field, PlainSerializer

from gavel.bidding.schemas import UtcTime
from gavel.core.money import Money
from gavel.schemas import ApiModel

# An amount the server answers, written with its two places: Decimal('500') -> "500.00".
AmountText = Annotated[Decimal, PlainSerializer(lambda amount: f"{amount:.2f}", return_type=str)]


class IncrementBandIn(ApiModel):
    from_price: Money = Field(description="AED, from this price up to the next band's; the first band's is 0")
    step: Money = Field(description="AED added to the asking price at a price in this band; more than 0")


class IncrementTableIn(ApiModel):
    bands: list[IncrementBandIn] = Field(
        description="The whole table, lowest band first (at most 20); an empty list switches the table off"
    )
    version: int = Field(
        ge=0, description="The version the table was read at (GET): a save over a newer one is refused (409)"
    )


class IncrementBandOut(ApiModel):
    from_price: AmountText
    step: AmountText


class IncrementTableEditor(ApiModel):
    id: str | None = Field(description="None when that staff user has since been deleted")
    name: str


class IncrementTableOut(ApiModel):
    bands: list[IncrementBandOut] = Field(
        description="Lowest band first; empty: lots step by their auction's increment"
    )
    version: int = Field(description="Send it back with a save")
    updated_at: UtcTime | None = Field(description="When the table was last saved; None: never")
    updated_by: IncrementTableEditor | None = Field(description="Who saved it last; None: never saved")
