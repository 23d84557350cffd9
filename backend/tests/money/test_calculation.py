"""The invoice arithmetic, for any prices and charges: lines add up to the totals to the fils, VAT is rounded
half up per line, and a band holds exactly the prices between its ends."""

import ast
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from gavel.invoices.calculation import LineDraft, band_holds, sale_lines, settlement_lines, totals, vat_of

AMOUNTS = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("9999999.99"), places=2)
RATES = st.sampled_from([Decimal("0"), Decimal("5"), Decimal("5.00"), Decimal("12.5")])


@dataclass(frozen=True)
class FakeCharge:
    id: str
    title: str
    charges: Decimal
    kind: str
    min_price: Decimal | None
    max_price: Decimal | None


CHARGES = st.lists(
    st.builds(
        FakeCharge,
        id=st.uuids().map(str),
        title=st.text(min_size=1, max_size=20),
        charges=AMOUNTS,
        kind=st.sampled_from(["sale", "gatePass"]),
        min_price=st.none() | AMOUNTS,
        max_price=st.none() | AMOUNTS,
    ),
    max_size=6,
)


@given(price=AMOUNTS, charges=CHARGES, rate=RATES, registered=st.booleans())
def test_an_invoice_adds_up_to_the_fils(
    price: Decimal, charges: list[FakeCharge], rate: Decimal, registered: bool
) -> None:
    lines = sale_lines(
        vehicle_description="Lot 1",
        price=price,
        seller_charges_vat=registered,
        charges=charges,
        vat_rate=rate,
    )
    summed = totals(lines)
    assert summed.total == sum((line.total for line in lines), Decimal("0"))
    assert summed.subtotal + summed.vat == summed.total
    for line in lines:
        assert line.amount == line.amount.quantize(Decimal("0.01"))
        assert line.vat == (line.amount * line.vat_rate / 100).quantize(
            Decimal("0.01"), rounding=ROUND_HALF_UP
        )
    vehicle = lines[0]
    assert vehicle.amount == price
    assert vehicle.vat_rate == (rate if registered else 0)
    fees = {line.charge_id for line in lines[1:]}
    expected = {c.id for c in charges if c.kind == "gatePass" or band_holds(c, price)}
    assert fees == expected


@given(amount=AMOUNTS, quantity=st.integers(min_value=1, max_value=400), rate=RATES)
def test_a_credit_note_line_is_the_exact_negative(amount: Decimal, quantity: int, rate: Decimal) -> None:
    line = LineDraft(
        kind="storagePerDay", description="x", quantity=quantity, unit_amount=amount, vat_rate=rate
    )
    credit = LineDraft(
        kind="storagePerDay", description="x", quantity=-quantity, unit_amount=amount, vat_rate=rate
    )
    assert credit.total == -line.total
    assert totals([line, credit]).total == 0


def test_vat_rounds_half_up_per_line() -> None:
    assert vat_of(Decimal("0.10"), Decimal("5")) == Decimal("0.01")  # 0.005 -> 0.01
    assert vat_of(Decimal("0.09"), Decimal("5")) == Decimal("0.00")  # 0.0045 -> 0.00
    assert vat_of(Decimal("350.00"), Decimal("5")) == Decimal("17.50")


def test_band_edges_are_inclusive_and_open_ends_unbounded() -> None:
    low = FakeCharge("a", "Up to 10,000", Decimal("350"), "sale", Decimal("0"), Decimal("10000"))
    middle = FakeCharge(
        "b", "10,000.01 to 50,000", Decimal("750"), "sale", Decimal("10000.01"), Decimal("50000")
    )
    high = FakeCharge("c", "Above 50,000", Decimal("1500"), "sale", Decimal("50000.01"), None)
    for price, holder in [
        (Decimal("10000.00"), "a"),
        (Decimal("10000.01"), "b"),
        (Decimal("50000.00"), "b"),
        (Decimal("50000.01"), "c"),
        (Decimal("9999999.99"), "c"),
        (Decimal("0.01"), "a"),
    ]:
        assert [c.id for c in (low, middle, high) if band_holds(c, price)] == [holder], price


# Every module that computes or stores amounts. gavel/core/money.py is left out on purpose: it only turns a
# Decimal into a JSON number at the API's edge (the wire format SPEC.md shows), after all the arithmetic.
MONEY_MODULES = [
    "invoices",
    "payments",
    "gatepass",
    "business",
    "jobs",
    "charges",
    "ledger",
    "deposits",
    "payouts",
]


def test_money_code_never_uses_float() -> None:
    """No float in the money modules: not as a call, a literal or an annotation."""
    root = Path(__file__).resolve().parents[2] / "gavel"
    offenders = []
    for module in MONEY_MODULES:
        assert (root / module / "__init__.py").exists(), module
        for path in (root / module).glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Name) and node.id == "float":
                    offenders.append(f"{module}/{path.name}:{node.lineno}")
                if isinstance(node, ast.Constant) and isinstance(node.value, float):
                    offenders.append(f"{module}/{path.name}:{node.lineno}")
    assert offenders == []


@given(price=AMOUNTS, charges=CHARGES, rate=RATES)
def test_a_payout_plus_the_sellers_fees_and_their_vat_is_the_price(
    price: Decimal, charges: list[FakeCharge], rate: Decimal
) -> None:
    lines = settlement_lines(vehicle_description="Lot 1", price=price, charges=charges, vat_rate=rate)
    payout = totals(lines).total
    fees = sum((-line.amount for line in lines[1:]), Decimal("0"))
    vat = sum((-line.vat for line in lines[1:]), Decimal("0"))
    assert payout + fees + vat == price
    assert {line.charge_id for line in lines[1:]} == {
        c.id for c in charges if c.kind == "sale" and band_holds(c, price)
    }
    for line in lines[1:]:
        assert line.vat == -(line.unit_amount * line.vat_rate / 100).quantize(
            Decimal("0.01"), rounding=ROUND_HALF_UP
        )
