"""The asking price's step: the auction's flat `bidIncrementAmount`, or an increment table by price band.

A table is a list of bands `(from_price, step)` in fils: the first starts at 0, each starts above the one
before, and each step is positive and at least the step of the band below (a step never shrinks as the price
grows, so that one step above a higher amount is always a higher price). The step that follows a price is the
step of the band that price is in: with bands from 0 at AED 500 and from AED 10,000 at AED 1,000, the asking
price after AED 9,800 is AED 10,300 and after AED 10,300 it is AED 11,300.
"""

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from gavel.bidding.money import aed_text


@dataclass(frozen=True)
class Band:
    """From this price (fils) up to the next band's, each step adds `step` fils."""

    from_price: int
    step: int


@dataclass(frozen=True)
class Increments:
    """The bands of a lot's steps, checked when made (`ValueError`, a sentence). A flat step is one band."""

    bands: tuple[Band, ...]

    def __post_init__(self) -> None:
        check_bands(self.bands)

    @classmethod
    def flat(cls, step: int) -> "Increments":
        """The auction's `bidIncrementAmount` (in fils) at every price."""
        return cls((Band(0, step),))

    @classmethod
    def table(cls, bands: Sequence[tuple[int, int]]) -> "Increments":
        """An increment table from `(from_price, step)` pairs in fils, in the order given (they go up)."""
        return cls(tuple(Band(from_price, step) for from_price, step in bands))

    def step_at(self, price: int) -> int:
        """The step that follows `price`: the step of the band `price` is in."""
        starts = [band.from_price for band in self.bands]
        return self.bands[bisect_right(starts, price) - 1].step


def increments_for(flat_step: int, table: Sequence[tuple[int, int]] | None) -> Increments:
    """A lot's steps: the increment table when there is one (Settings), else the auction's flat increment."""
    if table:
        return Increments.table(table)
    return Increments.flat(flat_step)


def first_asking(opening_price: int, increments: Increments) -> int:
    """The asking price before any bid: the opening price; with an opening price of AED 0.00, the first step
    (a bid of nothing is no bid)."""
    return opening_price if opening_price > 0 else increments.step_at(0)


def next_asking(
    current_price: int | None, has_leader: bool, opening_price: int, increments: Increments
) -> int:
    """The lowest bid a lot takes next: `first_asking` while nobody leads, else one step above the price."""
    if not has_leader or current_price is None:
        return first_asking(opening_price, increments)
    return current_price + increments.step_at(current_price)


def check_bands(bands: Sequence[Band]) -> None:
    """Refuse bands that do not make a table, with a sentence that says which band and why."""
    if not bands:
        raise ValueError("An increment table has at least one band.")
    for band in bands:
        if not _whole(band.from_price) or not _whole(band.step):
            raise ValueError("The bands of an increment table are whole amounts in fils.")
    if bands[0].from_price != 0:
        first = aed_text(bands[0].from_price)
        raise ValueError(f"The first band of an increment table starts at {aed_text(0)}, not {first}.")
    for band in bands:
        if band.step <= 0:
            raise ValueError(
                f"The step of the band from {aed_text(band.from_price)} must be more than {aed_text(0)}."
            )
    for below, above in pairwise(bands):
        if above.from_price <= below.from_price:
            raise ValueError(
                f"The bands of an increment table go up: the band from {aed_text(above.from_price)} "
                f"comes after the band from {aed_text(below.from_price)}."
            )
        if above.step < below.step:
            raise ValueError(
                f"A step never shrinks as the price grows: the band from {aed_text(above.from_price)} steps "
                f"{aed_text(above.step)}, less than the {aed_text(below.step)} of the band below it."
            )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
