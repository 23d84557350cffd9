"""What makes an increment table, said per row: the first band starts at AED 0.00, each band starts above the
one before it, each step is more than AED 0.00 and never less than the step of the band below (as
`gavel.bidding.increments.check_bands` holds a lot's bands), and a table has at most `MAX_BANDS` bands. No
band at all is allowed: that is no table.

The rows are numbered from 1 in sentences ('Band 3: ...') and from 0 in field names ('bands.2.step'), as the
form's rows are.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from gavel.core.money import ZERO, aed
from gavel.errors import FieldError, Invalid

MAX_BANDS = 20


@dataclass(frozen=True)
class Problem:
    """A refused row: its position (0 = the first band), the field and why (a sentence's end)."""

    row: int
    field: str
    why: str

    def field_error(self) -> FieldError:
        return FieldError(field=f"bands.{self.row}.{self.field}", message=self.why[:1].upper() + self.why[1:])


def problems(bands: Sequence[tuple[Decimal, Decimal]]) -> list[Problem]:
    """Every refused row of a table given as `(from_price, step)` pairs, in row order."""
    found: list[Problem] = []
    for row, (from_price, step) in enumerate(bands):
        if row == 0 and from_price != ZERO:
            found.append(
                Problem(row, "fromPrice", f"the first band starts at {aed(ZERO)}, not {aed(from_price)}.")
            )
        if row > 0 and from_price <= bands[row - 1][0]:
            below = aed(bands[row - 1][0])
            found.append(
                Problem(
                    row, "fromPrice", f"the band must start above {below}, where the band before it starts."
                )
            )
        if step <= ZERO:
            found.append(Problem(row, "step", f"the step must be more than {aed(ZERO)}."))
        elif row > 0 and step < bands[row - 1][1]:
            below = aed(bands[row - 1][1])
            found.append(
                Problem(
                    row,
                    "step",
                    f"a step never shrinks as the price grows: {aed(step)} is less than the {below} "
                    "of the band before it.",
                )
            )
    return found


def check(bands: Sequence[tuple[Decimal, Decimal]]) -> None:
    """Refuse a table that breaks a rule (422): each refused row's field with its sentence, and a message that
    names the row when one is refused, else the rows."""
    if len(bands) > MAX_BANDS:
        message = f"An increment table has at most {MAX_BANDS} bands; this one has {len(bands)}."
        raise Invalid.field("bands", message)
    found = problems(bands)
    if not found:
        return
    rows = sorted({problem.row + 1 for problem in found})
    if len(found) == 1:
        message = f"Band {rows[0]}: {found[0].why}"
    elif len(rows) == 1:
        message = f"Band {rows[0]} is not valid: see its amounts."
    else:
        named = ", ".join(str(row) for row in rows[:-1]) + f" and {rows[-1]}"
        message = f"Bands {named} are not valid: see their amounts."
    raise Invalid(message, errors=[problem.field_error() for problem in found])
