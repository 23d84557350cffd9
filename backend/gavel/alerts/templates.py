"""Templates: rendered by Jinja2's sandbox with strict undefined variables, checked against the variables of
their event before they are saved, counted in SMS segments, and turned into the HTML part of an email.

Templates are plain text (`{{ member.firstName }}`, `{% if payout.reference %}...{% endif %}`); nothing in
them is executed beyond Jinja's sandboxed expressions, and the template may read only the variables given.
"""

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, Template, TemplateError, TemplateSyntaxError, nodes
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

from gavel.alerts.catalog import Channel, Event, Language, variables_of
from gavel.errors import FieldError, Invalid

# What a text may do, so that no text saved by staff can make a rendering run long or grow without bound:
# {% if %}/{% elif %}/{% else %}, {% set %} and expressions only (no loops, no macros), these filters,
# and a repetition ('ab' * n) or a power of small size. Each rendering is capped at RENDERED_LIMIT characters.
ALLOWED_STATEMENTS = (nodes.Template, nodes.Output, nodes.If, nodes.Assign, nodes.AssignBlock)
ALLOWED_FILTERS = frozenset(
    {"upper", "lower", "title", "capitalize", "trim", "default", "d", "round", "int", "float", "string",
     "length", "truncate", "abs", "first", "last"}
)  # fmt: skip
REPEAT_LIMIT = 100  # 'ab' * n, [..] * n
POWER_LIMIT = 64
RENDERED_LIMIT = 20_000  # characters of one rendered text


class _BoundedSandbox(SandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**"})

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > POWER_LIMIT:
            raise SecurityError(f"a power above {POWER_LIMIT} is not allowed")
        if operator == "*":
            counts = [v for v in (left, right) if isinstance(v, int) and not isinstance(v, bool)]
            repeated = isinstance(left, (str, list, tuple)) or isinstance(right, (str, list, tuple))
            if repeated and any(abs(n) > REPEAT_LIMIT for n in counts):
                raise SecurityError(f"repeating a text more than {REPEAT_LIMIT} times is not allowed")
        return super().call_binop(context, operator, left, right)


ENV = _BoundedSandbox(undefined=StrictUndefined, autoescape=False, auto_reload=False)
ENV.globals.clear()  # no range(), lipsum(), cycler(): a template reads its variables and nothing else
ENV.filters = {name: f for name, f in ENV.filters.items() if name in ALLOWED_FILTERS}

# ------------------------------------------------------------------------------------------ rendering


@lru_cache(maxsize=1024)
def _compiled(source: str) -> Template:
    """Templates compiled once per process, found by their text (an edited template is a new text)."""
    return ENV.from_string(source)


def render(source: str, context: dict[str, Any]) -> str:
    """The text a template gives for the context; an unknown variable raises jinja2's UndefinedError, a text
    longer than RENDERED_LIMIT characters a SecurityError (it is never built whole)."""
    parts: list[str] = []
    size = 0
    for part in _compiled(source).generate(context):
        size += len(part)
        if size > RENDERED_LIMIT:
            raise SecurityError(f"the rendered text is longer than {RENDERED_LIMIT:,} characters")
        parts.append(part)
    return re.sub(r"\n{3,}", "\n\n", "".join(parts)).strip()


# ------------------------------------------------------------------------------------------ checking


def _path(node: nodes.Node) -> str | None:
    """member.firstName for `member.firstName` or `member['firstName']`; None when not rooted in a name."""
    parts: list[str] = []
    while True:
        if isinstance(node, nodes.Getattr):
            parts.append(node.attr)
            node = node.node
        elif isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Const):
            parts.append(str(node.arg.value))
            node = node.node
        elif isinstance(node, nodes.Name):
            parts.append(node.name)
            return ".".join(reversed(parts))
        else:
            return None


@lru_cache(maxsize=1024)
def variables_in(source: str) -> tuple[str, ...]:
    """used_variables, kept once per text (the WhatsApp parameters of every message read them)."""
    return tuple(used_variables(source))


def used_variables(source: str) -> list[str]:
    """The variables a template reads, in the order Jinja reads them (names it sets itself left out).

    Raises TemplateSyntaxError for a template Jinja cannot read."""
    tree = ENV.parse(source)
    local = {n.name for n in tree.find_all(nodes.Name) if n.ctx in ("store", "param")} | {"loop"}
    found: list[str] = []

    def walk(node: nodes.Node) -> None:
        if isinstance(node, (nodes.Getattr, nodes.Getitem, nodes.Name)):
            path = _path(node)
            if path is not None:
                if path.split(".")[0] not in local and path not in found:
                    found.append(path)
                return
        for child in node.iter_child_nodes():
            walk(child)

    walk(tree)
    return found


def value_of(context: dict[str, Any], path: str) -> str:
    """The text of one variable of a rendered context ('member.firstName'), empty when it has none."""
    value: Any = context
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return "" if value is None else str(value)


LABELS = {"subjectEn": "English subject", "subjectAr": "Arabic subject", "bodyEn": "English text",
          "bodyAr": "Arabic text", "subject": "subject", "body": "text"}  # fmt: skip


STATEMENT_WORDS = {
    nodes.For: "{% for %} loop",
    nodes.Macro: "{% macro %}", nodes.CallBlock: "{% call %} block", nodes.FilterBlock: "{% filter %} block",
    nodes.With: "{% with %} block",
}  # fmt: skip


def _refused_statement(source: str) -> str | None:
    """The first statement of a text that is not an if block or an expression, in words; None when none."""
    for node in ENV.parse(source).find_all(nodes.Stmt):
        if not isinstance(node, ALLOWED_STATEMENTS):
            return STATEMENT_WORDS.get(type(node), f"{{% {type(node).__name__.lower()} %}} statement")
    return None


def problems(field: str, source: str | None, event: Event | None) -> list[FieldError]:
    """What is wrong with one text of a template: Jinja cannot read it, or it uses an unknown variable."""
    if not source:
        return []
    label = LABELS.get(field, field)
    try:
        used = used_variables(source)
        _compiled(source)  # unknown filters and tests are found when compiling
        refused = _refused_statement(source)
        if refused:
            return [
                FieldError(
                    field=field,
                    message=f"The {label} may use only {{% if %}}, {{% elif %}}, "
                    f"{{% else %}} and {{% set %}}: remove the {refused}.",
                )
            ]
    except TemplateSyntaxError as exc:
        return [
            FieldError(field=field, message=f"The {label} cannot be read (line {exc.lineno}): {exc.message}")
        ]
    except TemplateError as exc:
        return [FieldError(field=field, message=f"The {label} cannot be read: {exc.message}")]
    known = variables_of(event)
    unknown = [name for name in used if name not in known]
    if not unknown:
        return []
    names = ", ".join(unknown)
    noun = "variable" if len(unknown) == 1 else "variables"
    return [FieldError(field=field, message=f"The {label} uses the unknown {noun} {names}.")]


def check(texts: dict[str, str | None], event: Event | None) -> None:
    """Refuses (422) texts that Jinja cannot read or that use a variable their event does not have; the
    message names the variable and the errors the field."""
    errors = [e for field, source in texts.items() for e in problems(field, source, event)]
    if not errors:
        return
    what = "this event" if event else "a promotion"
    message = errors[0].message if len(errors) == 1 else "Some texts of the template are not valid."
    if any("unknown variable" in e.message for e in errors):
        message += f" The variables of {what} are: {', '.join(variables_of(event))}."
    raise Invalid(message, errors=errors)


# ------------------------------------------------------------------------------------------ SMS segments

# GSM 03.38: the basic character set (one septet each) and its extension table (an escape and a septet).
GSM_BASIC = frozenset(
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
GSM_EXTENSION = frozenset("^{}\\[~]|€\f")


@dataclass(frozen=True)
class Segments:
    encoding: str  # GSM-7 or UCS-2
    characters: int  # as a person counts them
    units: int  # septets (GSM-7) or 16-bit units (UCS-2) the text takes
    segments: int
    per_segment: int  # what one segment holds for this text: 160/153 (GSM-7) or 70/67 (UCS-2)
    remaining: int  # units left in the last segment before another one is needed


def sms_segments(text: str) -> Segments:
    """How many SMS segments a text takes. GSM-7 when every character is in the GSM alphabet: 160 in one
    segment, 153 per segment of a longer message, extension characters (^ { } \\ [ ~ ] | €) counting two.
    Any other character (Arabic, an emoji, a curly quote) makes the whole message UCS-2: 70 in one segment,
    67 per segment, characters outside the basic plane counting two. A character is never split between two
    segments."""
    if all(c in GSM_BASIC or c in GSM_EXTENSION for c in text):
        sizes = [2 if c in GSM_EXTENSION else 1 for c in text]
        encoding, single, multi = "GSM-7", 160, 153
    else:
        sizes = [2 if ord(c) > 0xFFFF else 1 for c in text]
        encoding, single, multi = "UCS-2", 70, 67
    units = sum(sizes)
    if units <= single:
        count = 1 if units else 0
        return Segments(encoding, len(text), units, count, single, single - units)
    count, used = 1, 0
    for size in sizes:
        if used + size > multi:
            count, used = count + 1, 0
        used += size
    return Segments(encoding, len(text), units, count, multi, multi - used)


# ------------------------------------------------------------------------------------------ email HTML


def email_html(subject: str, text: str, language: Language | str) -> str:
    """The HTML part of an email from its rendered text: paragraphs at blank lines, line breaks kept, every
    value escaped; right to left for Arabic."""
    rtl = language == Language.AR
    paragraphs = "\n".join(
        f"<p>{html.escape(block).replace(chr(10), '<br>')}</p>"
        for block in re.split(r"\n\s*\n", text)
        if block
    )
    direction = "rtl" if rtl else "ltr"
    align = "right" if rtl else "left"
    return (
        f'<!DOCTYPE html>\n<html lang="{language}" dir="{direction}">\n<head><meta charset="utf-8">'
        f"<title>{html.escape(subject)}</title></head>\n"
        f'<body style="margin:0;padding:24px;background:#f5f5f5;">\n'
        f'<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;'
        f"font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.6;color:#1f1f1f;"
        f'text-align:{align};">\n{paragraphs}\n</div>\n</body>\n</html>\n'
    )


def html_part(channel: str, stored: str | None, subject: str | None, text: str, language: str) -> str | None:
    """An email's HTML part: as stored, or made from its subject and text when none was stored (a campaign's
    messages store none: 100,000 copies of the same page around each text cost a third of queueing them, and
    it follows from what is stored)."""
    if stored is not None or channel != Channel.EMAIL.value:
        return stored
    return email_html(subject or "", text, language)
