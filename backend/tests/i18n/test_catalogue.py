"""Issue 27: every sentence the API may answer has its Arabic in gavel/i18n/ar/<package>.json, with the
same placeholders and Latin digits, and no entry is left whose English the code no longer has (stale).
`python scripts/messages.py` lists what is missing; `--add-missing` writes the English keys to translate."""

import pytest

from gavel.i18n.catalogue import FOLDER, PYDANTIC, read
from gavel.i18n.extract import (
    compare,
    extract,
    grammar_only,
    packages,
    pydantic_templates,
    same_placeholders,
    sentences_of,
)

FOUND = extract()
FILES = sorted(p.stem for p in FOLDER.glob("*.json"))


def _problems(package: str, templates: list[str], english_of: dict[str, str] | None = None) -> list[str]:
    found = compare(templates, read(package), english_of)
    return [
        *(f"missing: {t}" for t in found.missing),
        *(f"no Arabic yet: {t}" for t in found.untranslated),
        *(f"stale (no longer in the code): {t}" for t in found.stale),
        *(f"other placeholders: {t}" for t in found.mismatched),
        *(f"Arabic-Indic digits: {t}" for t in found.indic_digits),
    ]


@pytest.mark.parametrize("package", sorted({*FOUND, *FILES} - {PYDANTIC}))
def test_every_sentence_of_the_package_has_its_arabic(package: str) -> None:
    problems = _problems(package, FOUND.get(package, []))
    assert not problems, f"{package}: run scripts/messages.py\n" + "\n".join(problems)


def test_every_error_type_of_pydantic_has_its_arabic() -> None:
    english = pydantic_templates()
    assert "string_too_long" in english
    problems = _problems(PYDANTIC, list(english), english)
    assert not problems, "\n".join(problems)


def test_every_catalogue_file_is_a_package() -> None:
    assert set(FILES) - {PYDANTIC} <= set(packages())


def test_the_sentences_of_a_module() -> None:
    source = '''
"""A module's docstring. It is not read."""
import logging

log = logging.getLogger("x")
DONE = "The record was saved."
BOTH = ("The code is {code}.", "الرمز هو {code}.")
WORDING = {"sms": "I agree to receive messages."}
NAME = "Gavel"
PATH = "/api/x."


def f(minimum, user, items):
    """A function's docstring. It is not read."""
    log.info("A log line is not read.")
    log.warning(f"Nor {user} this one.")
    route(summary="A summary is not read.", description="Nor this.", title="Nor a title.")
    raise Invalid(f"Amount must be at least {minimum:,.2f} AED.", f"{user.name!r} has {len(items)} items!")
    return "Is it {done}?", "lower case is no sentence.", "Nospace.", f"Literal {{braces}} of {user}."
'''
    assert sentences_of(source, ("WORDING",)) == [
        "The record was saved.",
        "The code is {code}.",
        "Amount must be at least {minimum} AED.",
        "{user.name} has {len(items)} items!",
        "Is it {done}?",
        "Literal {{braces}} of {user}.",
    ]


def test_the_placeholders_an_arabic_template_may_leave_out() -> None:
    assert grammar_only("'s' if deleted != 1 else ''")
    assert grammar_only("verb")
    assert not grammar_only("name")
    english = "{deleted} role{'s' if deleted != 1 else ''} deleted."
    assert same_placeholders(english, "الأدوار المحذوفة: {deleted}.")
    assert not same_placeholders(english, "حُذفت الأدوار.")
    assert not same_placeholders("{a} and {b}.", "{a} و{b} و{c}.")
