"""The settlement arithmetic for any price, seller fee schedule and VAT rate: the payout, the seller's fees
and the VAT on those fees add up to the price to the fils; only the fees whose band holds the price are
taken."""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from hypothesis import given
from hypothesis import strategies as st

from gavel.invoices.calculation import band_holds, settlement_lines, totals

CENT = Decimal("0.01")
PRICES = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("9999999.99"), places=2)
FEES = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("99999.99"), places=2)
# Any VAT rate a business might set, with up to two places (0%, 5%, 12.5%, ...).
RATES = st.decimals(min_value=Decimal("0"), max_value=Decimal("30"), places=2)


@dataclass(frozen=True)
class Fee:
    id: str
    title: str
    charges: Decimal
    kind: str
    min_price: Decimal | None
    max_price: Decimal | None


@st.composite
def schedules(draw: st.DrawFn) -> list[Fee]:
    """Seller fees in bands (ends inclusive, an open end unbounded), flat fees, and kinds that are not a sale
    fee (which a settlement never takes)."""
    fees = []
    for n in range(draw(st.integers(min_value=0, max_value=6))):
        low = draw(st.none() | PRICES)
        high = draw(st.none() | PRICES)
        if low is not None and high is not None and low > high:
            low, high = high, low
        fees.append(
            Fee(
                id=f"fee-{n}",
                title=f"Fee {n}",
                charges=draw(FEES),
                kind=draw(st.sampled_from(["sale", "sale", "sale", "gatePass", "storagePerDay"])),
                min_price=low,
                max_price=high,
            )
        )
    return fees


@given(price=PRICES, fees=schedules(), rate=RATES)
def test_payout_plus_seller_fees_plus_vat_on_fees_is_the_price(
    price: Decimal, fees: list[Fee], rate: Decimal
) -> None:
    lines = settlement_lines(vehicle_description="Lot 1", price=price, charges=fees, vat_rate=rate)
    summed = totals(lines)
    payout = summed.total
    taken = lines[1:]
    seller_fees = sum((-line.amount for line in taken), Decimal("0"))
    vat_on_fees = sum((-line.vat for line in taken), Decimal("0"))

    assert payout + seller_fees + vat_on_fees == price
    assert summed.subtotal + summed.vat == payout  # the statement's totals are sums of its lines
    assert lines[0].amount == price and lines[0].vat == 0  # the price itself carries no VAT for the seller
    assert [line.charge_id for line in taken] == [
        f.id
        for f in sorted(fees, key=lambda f: (f.min_price or Decimal("0"), f.title))
        if f.kind == "sale" and band_holds(f, price)
    ]
    for line in taken:
        fee = next(f for f in fees if f.id == line.charge_id)
        assert line.amount == -fee.charges
        assert line.vat == -(fee.charges * rate / 100).quantize(CENT, rounding=ROUND_HALF_UP)
        assert line.vat_rate == rate
    for amount in (payout, seller_fees, vat_on_fees):
        assert amount == amount.quantize(CENT)


@given(price=PRICES, rate=RATES)
def test_without_seller_fees_the_payout_is_the_price(price: Decimal, rate: Decimal) -> None:
    lines = settlement_lines(vehicle_description="Lot 1", price=price, charges=[], vat_rate=rate)
    assert totals(lines).total == price
