"""A value as a CSV cell that a spreadsheet opens safely: every export of the app writes its cells so; and the
header row in the language of the user who asked (issue 27)."""

import re
from collections.abc import Mapping, Sequence

from gavel.i18n.context import current_language
from gavel.i18n.language import Language

# A spreadsheet runs a cell as a formula when it starts with one of these. A + or - followed only by digits,
# spaces, dots and parentheses is a phone or a negative number, which runs as nothing and stays as it is.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
NUMBER_LIKE = re.compile(r"[+-][0-9 .()]*[0-9][0-9 .()]*")


def cell(value: object) -> str:
    """The value as a cell, with a leading quote only when a spreadsheet could run it as a formula."""
    text = str(value)
    if text.startswith(FORMULA_START) and not NUMBER_LIKE.fullmatch(text):
        return f"'{text}"
    return text


def column_names(english: Sequence[str], arabic: Mapping[str, str]) -> list[str]:
    """The header row: the Arabic names (each export's table beside its English ones) when the request's
    language is Arabic, the English names otherwise. The values below are the same in both."""
    if current_language() is Language.AR:
        return [arabic[name] for name in english]
    return list(english)
