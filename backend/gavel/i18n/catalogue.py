"""The Arabic of the API's sentences: ar/<package>.json maps each English template to its Arabic template.

A sentence is found by its exact English first, then by the templates read as anchored patterns (each
placeholder matches the shortest text, empty or not, that lets the rest match); the values a template
captured are put in its Arabic template, themselves in Arabic when they are a count, a state or a sentence
of the catalogue. A sentence no template matches is answered in English as it is. The patterns are compiled
once, and grouped by the first word of their text, so a sentence is tried against a few of them. Pydantic's
own messages are translated by their error type and context, from ar/pydantic.json.
"""

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from gavel.i18n.context import current_language
from gavel.i18n.language import Language

FOLDER = Path(__file__).resolve().parent / "ar"
PYDANTIC = "pydantic"

_TOKEN = re.compile(r"\{\{|\}\}|\{([^{}]+)\}")


def tokens(template: str) -> list[str | tuple[str]]:
    """A template as its literal pieces (str) and its placeholders ((name,))."""
    pieces: list[str | tuple[str]] = []
    literal: list[str] = []
    at = 0
    for match in _TOKEN.finditer(template):
        literal.append(template[at : match.start()])
        at = match.end()
        if match.group(1) is None:
            literal.append(match.group(0)[0])
            continue
        pieces.append("".join(literal))
        literal = []
        pieces.append((match.group(1),))
    literal.append(template[at:])
    pieces.append("".join(literal))
    return [p for p in pieces if p != ""]


def render(template: str, values: dict[str, str]) -> str:
    return "".join(p if isinstance(p, str) else values.get(p[0], "{" + p[0] + "}") for p in tokens(template))


def read(package: str) -> dict[str, str]:
    path = FOLDER / f"{package}.json"
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a JSON object")
    return {str(k): str(v) for k, v in data.items()}


# Longer texts are matched exactly only: the API's sentences are short, and a pattern's placeholders could
# take long to try on a long text.
LONGEST = 1000
# A template with less literal text than this ("{name} is {state}.", "{count} {verb}.") would take any
# sentence of its shape for its own: it is translated only by its exact text.
FEWEST_LETTERS = 5


def _capture(name: str) -> str:
    """A placeholder's pattern: a count ("3 charges", from plural()) or a length is digits first; any other
    value is the shortest text, empty or not, that lets the rest match."""
    if name.startswith("plural("):
        return r"(\d+ \D.*?)"
    if name.startswith("len("):
        return r"(\d+)"
    return "(.*?)"


def too_general(template: str) -> bool:
    """Whether a template with placeholders has too little text of its own to be found in a sentence (a count
    is as telling as a word)."""
    pieces = tokens(template)
    if all(isinstance(p, str) for p in pieces):
        return False
    letters = sum(c.isalpha() for p in pieces if isinstance(p, str) for c in p)
    counts = sum(isinstance(p, tuple) and _capture(p[0]) != "(.*?)" for p in pieces)
    return letters + FEWEST_LETTERS * counts < FEWEST_LETTERS


@dataclass(frozen=True)
class _Pattern:
    regex: re.Pattern[str]
    names: tuple[str, ...]
    arabic: str
    weight: int  # the length of its literal text: the most specific of two matching patterns wins
    prefix: str  # the literal text it starts with ("" when it starts with a placeholder)
    suffix: str  # the literal text it ends with
    middle: tuple[str, ...]  # its other literal pieces, in order

    def could_match(self, text: str) -> bool:
        """Whether its literal pieces are all in the text, in order: cheap, and most texts fail it."""
        if not (text.startswith(self.prefix) and text.endswith(self.suffix)):
            return False
        at, end = len(self.prefix), len(text) - len(self.suffix)
        for piece in self.middle:
            at = text.find(piece, at, end)
            if at < 0:
                return False
            at += len(piece)
        return True


def _first_word(text: str) -> str:
    return text.split(" ", 1)[0]


class Catalogue:
    def __init__(self, entries: dict[str, str]) -> None:
        self.exact: dict[str, str] = {}
        self.by_word: dict[str, list[_Pattern]] = {}
        self.open: list[_Pattern] = []  # the templates that start with a placeholder
        for english, arabic in entries.items():
            if not arabic:
                continue
            pieces = tokens(english)
            names = tuple(p[0] for p in pieces if isinstance(p, tuple))
            if not names:
                self.exact[english.replace("{{", "{").replace("}}", "}")] = arabic
                continue
            if too_general(english):
                continue
            literals = [p for p in pieces if isinstance(p, str)]
            regex = "".join(re.escape(p) if isinstance(p, str) else _capture(p[0]) for p in pieces)
            first, last = pieces[0], pieces[-1]
            prefix = first if isinstance(first, str) else ""
            suffix = last if isinstance(last, str) and len(pieces) > 1 else ""
            middle = pieces[1 if prefix else 0 : len(pieces) - 1 if suffix else len(pieces)]
            pattern = _Pattern(
                re.compile(regex, re.DOTALL),
                names,
                arabic,
                len("".join(literals)),
                prefix,
                suffix,
                tuple(p for p in middle if isinstance(p, str)),
            )
            if isinstance(first, str) and " " in first:
                self.by_word.setdefault(_first_word(first), []).append(pattern)
            else:
                self.open.append(pattern)
        for patterns in (*self.by_word.values(), self.open):
            patterns.sort(key=lambda p: -p.weight)

    def _value(self, value: str, depth: int) -> str:
        """A captured value in Arabic when it is a sentence or a piece of the catalogue, a count or a state,
        else as it is (a name, a number, an email address). A sentence captured by a sentence ("Your password
        has been changed.{others}") is matched by the templates too, one level down."""
        core = value.strip()
        if not core:
            return value
        arabic = self.exact.get(core) or counted(core) or STATES.get(core)
        if arabic is None and depth < 1 and core.endswith((".", "?", "!")):
            arabic = self.translate(core, depth + 1)
        return value if arabic is None else value.replace(core, arabic, 1)

    def translate(self, text: str, depth: int = 0) -> str:
        if (arabic := self.exact.get(text)) is not None:
            return arabic
        if len(text) > LONGEST:
            return text
        best: tuple[_Pattern, re.Match[str]] | None = None
        for pattern in (*self.by_word.get(_first_word(text), ()), *self.open):
            if best is not None and pattern.weight <= best[0].weight:
                continue
            if pattern.could_match(text) and (match := pattern.regex.fullmatch(text)) is not None:
                best = (pattern, match)
        if best is None:
            return text
        pattern, match = best
        values: dict[str, str] = {}
        for name, value in zip(pattern.names, match.groups(), strict=True):
            values.setdefault(name, self._value(value, depth))
        return render(pattern.arabic, values)


# A count a sentence is built with ("5 minutes", "2 sessions", plural() of core/bulk.py): Arabic counts the
# noun by the number: one, two, three to ten, eleven and more. The sentences name a count after a passive
# verb or a preposition ("تم حذف"، "بعد"), so two is in its oblique form (دقيقتين).
_COUNTED = {
    "second": ("ثانية واحدة", "ثانيتين", "{n} ثوانٍ", "{n} ثانية"),
    "minute": ("دقيقة واحدة", "دقيقتين", "{n} دقائق", "{n} دقيقة"),
    "hour": ("ساعة واحدة", "ساعتين", "{n} ساعات", "{n} ساعة"),
    "day": ("يوم واحد", "يومين", "{n} أيام", "{n} يومًا"),
    "session": ("جلسة واحدة", "جلستين", "{n} جلسات", "{n} جلسة"),
    "auction": ("مزاد واحد", "مزادين", "{n} مزادات", "{n} مزادًا"),
    "charge": ("رسم واحد", "رسمين", "{n} رسوم", "{n} رسمًا"),
    "event": ("فعالية واحدة", "فعاليتين", "{n} فعاليات", "{n} فعالية"),
    "location": ("موقع واحد", "موقعين", "{n} مواقع", "{n} موقعًا"),
    "member": ("عضو واحد", "عضوين", "{n} أعضاء", "{n} عضوًا"),
    "message": ("رسالة واحدة", "رسالتين", "{n} رسائل", "{n} رسالة"),
    "result": ("نتيجة واحدة", "نتيجتين", "{n} نتائج", "{n} نتيجة"),
    "role": ("دور واحد", "دورين", "{n} أدوار", "{n} دورًا"),
    "security plan": ("خطة تأمين واحدة", "خطتي تأمين", "{n} خطط تأمين", "{n} خطة تأمين"),
    "staff user": ("موظف واحد", "موظفَين", "{n} موظفين", "{n} موظفًا"),
    "vehicle": ("مركبة واحدة", "مركبتين", "{n} مركبات", "{n} مركبة"),
}
_COUNT = re.compile(r"(\d+) (" + "|".join(_COUNTED) + ")s?")

# The states a sentence is built with ("3 locations set to inactive.", "1 member set to approved."), as the
# glossary and the screens write them.
STATES = {
    "active": "نشط",
    "inactive": "غير نشط",
    "suspended": "موقوف",
    "pending": "قيد المراجعة",
    "approved": "معتمد",
    "rejected": "مرفوض",
    "deactivated": "معطّل",
    "draft": "مسودة",
    "published": "منشور",
    "unpublished": "غير منشور",
    "completed": "مكتمل",
}


def counted(text: str) -> str | None:
    match = _COUNT.fullmatch(text)
    if match is None:
        return None
    n = int(match.group(1))
    one, two, few, many = _COUNTED[match.group(2)]
    if n == 0:
        return few.format(n=n)
    form = one if n == 1 else two if n == 2 else few if 3 <= n <= 10 else many
    return form.format(n=n)


@cache
def catalogue() -> Catalogue:
    entries: dict[str, str] = {}
    for path in sorted(FOLDER.glob("*.json")):
        if path.stem != PYDANTIC:
            entries.update({k: v for k, v in read(path.stem).items() if v})
    return Catalogue(entries)


@cache
def pydantic_messages() -> dict[str, str]:
    return {k: v for k, v in read(PYDANTIC).items() if v}


def arabic(language: Language | None) -> bool:
    return (language or current_language()) is Language.AR


def translate(text: str, language: Language | None = None) -> str:
    """The sentence in the request's language (or the one given): its Arabic, or itself."""
    if not text or not arabic(language):
        return text
    return catalogue().translate(text)


def translate_pydantic(
    error_type: str, context: dict[str, Any] | None, language: Language | None = None
) -> str | None:
    """Pydantic's message of an error type in the request's language, with its context's values; None when the
    answer is English or the type has no Arabic."""
    if not arabic(language):
        return None
    template = pydantic_messages().get(error_type)
    if template is None:
        return None
    values = {k: str(v) for k, v in (context or {}).items()}
    if any(isinstance(p, tuple) and p[0] not in values for p in tokens(template)):
        return None
    return render(template, values)
