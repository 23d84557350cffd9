"""Amounts cross into the engine as whole fils and come back as the Decimal Gavel stores."""

from decimal import Decimal

import pytest

from gavel.bidding.money import aed_text, to_amount, to_fils


def test_an_amount_in_fils_and_back() -> None:
    assert to_fils(Decimal("12500.00")) == 1_250_000
    assert to_fils(Decimal("0.05")) == 5
    assert to_fils(Decimal("90000")) == 9_000_000
    assert to_amount(1_250_000) == Decimal("12500.00")
    assert str(to_amount(5)) == "0.05"


def test_a_fraction_of_a_fils_is_refused() -> None:
    with pytest.raises(ValueError, match="fraction of a fils"):
        to_fils(Decimal("10.005"))
    with pytest.raises(ValueError, match="not an amount"):
        to_fils(Decimal("NaN"))


def test_amounts_are_written_as_everywhere_else() -> None:
    assert aed_text(1_250_000) == "AED 12,500.00"
    assert aed_text(0) == "AED 0.00"
    assert aed_text(7) == "AED 0.07"
