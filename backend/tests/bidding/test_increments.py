"""The asking price's step: flat, or by price band; a table that makes no sense is refused with a sentence."""

import re

import pytest

from gavel.bidding.increments import Band, Increments, first_asking, increments_for, next_asking
from tests.bidding.helpers import AED

TABLE = Increments.table([(0, 500 * AED), (10_000 * AED, 1_000 * AED), (50_000 * AED, 2_500 * AED)])


def test_a_flat_step_is_one_band_from_zero() -> None:
    flat = Increments.flat(500 * AED)
    assert flat.bands == (Band(0, 500 * AED),)
    assert flat.step_at(0) == flat.step_at(10**9) == 500 * AED


def test_the_step_is_the_band_of_the_current_price() -> None:
    assert TABLE.step_at(0) == 500 * AED
    assert TABLE.step_at(9_999 * AED) == 500 * AED
    assert TABLE.step_at(10_000 * AED) == 1_000 * AED
    assert TABLE.step_at(49_999 * AED) == 1_000 * AED
    assert TABLE.step_at(50_000 * AED) == 2_500 * AED


def test_asking_crosses_a_band() -> None:
    """AED 9,800 is in the AED 500 band: the next asking price is AED 10,300, whose step is then AED 1,000."""
    assert next_asking(9_800 * AED, True, 5_000 * AED, TABLE) == 10_300 * AED
    assert next_asking(10_300 * AED, True, 5_000 * AED, TABLE) == 11_300 * AED


def test_asking_starts_at_the_opening_price() -> None:
    assert next_asking(None, False, 5_000 * AED, TABLE) == 5_000 * AED
    assert next_asking(5_000 * AED, False, 5_000 * AED, TABLE) == 5_000 * AED  # nobody leads: no step
    assert next_asking(5_000 * AED, True, 5_000 * AED, TABLE) == 5_500 * AED


def test_an_opening_price_of_nothing_asks_one_step() -> None:
    assert first_asking(0, TABLE) == 500 * AED
    assert first_asking(1, TABLE) == 1


def test_the_table_overrides_the_flat_step_only_when_there_is_one() -> None:
    assert increments_for(250 * AED, None) == Increments.flat(250 * AED)
    assert increments_for(250 * AED, []) == Increments.flat(250 * AED)
    assert increments_for(250 * AED, [(0, 100), (1000, 200)]) == Increments.table([(0, 100), (1000, 200)])


@pytest.mark.parametrize(
    ("bands", "sentence"),
    [
        ([], "An increment table has at least one band."),
        ([(100 * AED, 500)], "The first band of an increment table starts at AED 0.00, not AED 100.00."),
        ([(0, 0)], "The step of the band from AED 0.00 must be more than AED 0.00."),
        ([(0, 500), (1000 * AED, -1)], "The step of the band from AED 1,000.00 must be more than AED 0.00."),
        (
            [(0, 500), (2000 * AED, 600), (1000 * AED, 700)],
            "The bands of an increment table go up: the band from AED 1,000.00 comes after the band from "
            "AED 2,000.00.",
        ),
        ([(0, 500), (0, 600)], "The bands of an increment table go up: the band from AED 0.00 comes after"),
        (
            [(0, 1000 * AED), (10_000 * AED, 500 * AED)],
            "A step never shrinks as the price grows: the band from AED 10,000.00 steps AED 500.00, "
            "less than the AED 1,000.00 of the band below it.",
        ),
        ([(0, 1.5)], "The bands of an increment table are whole amounts in fils."),
        ([(0, True)], "The bands of an increment table are whole amounts in fils."),
    ],
)
def test_a_table_that_makes_no_sense_is_refused(bands: list[tuple[int, int]], sentence: str) -> None:
    with pytest.raises(ValueError) as refused:
        Increments.table(bands)
    assert str(refused.value).startswith(sentence)


def test_a_flat_step_of_nothing_is_refused() -> None:
    with pytest.raises(ValueError, match=re.escape("must be more than AED 0.00")):
        Increments.flat(0)
