"""The sentences of the API: found in the code by reading its syntax tree, never by running it.

A sentence is a string constant or an f-string that a person may read in an answer: it starts with a capital
letter or a placeholder, holds a space and ends with ".", "?" or "!". An f-string becomes a template: each of
its expressions is a placeholder named by the expression's source (its format spec and conversion dropped):
f"Wait {seconds:.0f} seconds before {what!r}." -> "Wait {seconds} seconds before {what}.".

Not collected: docstrings, the values of `description=`, `summary=` and `title=` (the OpenAPI document, not an
answer), the messages of logging calls, and the modules below (EXCLUDED), which are no API text.
"""

import ast
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

GAVEL = Path(__file__).resolve().parents[1]

# Modules and packages whose text is never an API answer to a staff user (paths relative to gavel/).
EXCLUDED = {
    "__main__.py": "the command line (`python -m gavel ...`): printed to an operator's terminal",
    "backup": "the backup and restore command line: its sentences are printed to an operator's terminal",
    "demo": "the demo data: names and notes written into demo records, not answers",
    "devtools.py": "the local SMTP sink of development and tests",
    "config.py": "the settings' checks at start-up: read by an operator in the server's log",
    "migrate.py": "the migrations' runner: read by an operator",
    "bootstrap.py": "the first administrator's creation from the command line",
    "i18n": "this machinery",
    "core/logging.py": "the log's own format and redaction",
    "alerts/defaults.py": "the default alert templates: in both languages already (the alerts' tables)",
    "alerts/bid_notices.py": "the outbid and won SMS to members: in both languages already",
    "alerts/sign_in_codes.py": "the sign-in code SMS to members: in both languages already",
    "alerts/reactions_identity.py": "the bodies of mails (codes, temporary passwords), not answers",
    "alerts/reactions_money.py": "the body of a member's mail, not an answer",
    "alerts/unsubscribe/mail.py": "the unsubscribe line of promotional mails",
    "alerts/unsubscribe/page.py": "the member's unsubscribe page (HTML), not the staff API",
    "documents": "the printed documents' text (PDF invoices, receipts, gate passes): no API answer",
    "statements/pdf.py": "the statement PDF's labels",
    "statements/check.py": "the ledger check of the command line (python -m gavel check-ledger)",
}

# Module-level names whose text is data, not a sentence of an answer (module: names).
NOT_TEXT: dict[str, tuple[str, ...]] = {
    # The consent wording a member signs, recorded as it was agreed: never translated on the way out.
    "members/consents/methods.py": ("DEFAULT_WORDING",),
}

_ARABIC = re.compile("[\u0600-\u06ff]")

# Texts an answer carries that do not look like a sentence (no full stop), by package.
ALSO: dict[str, tuple[str, ...]] = {
    "errors": ("Internal error",),  # the 500's envelope
    "auth": (
        "Invalid email or password",  # a wrong sign-in
        # The answer to a password change, and the sentence it ends with when other sessions ended
        # (auth/router.py: f" {ended} other session{...} ended." after the first sentence).
        "Your password has been changed.{others}",
        "{ended} other session{'s' if ended != 1 else ''} ended.",
    ),
}

# Words that sentences are built with: the string values of these dicts (module: names) are translated like
# sentences, and a placeholder that captured one of them is answered with its Arabic
# ("{name}'s session has already ended ({why})." with why = ENDED_WORDS[...]).
PIECES: dict[str, tuple[str, ...]] = {
    "staff_sessions/service.py": ("ENDED_WORDS",),
}

_SKIPPED_KEYWORDS = {"description", "summary", "title"}
_LOG_METHODS = {"debug", "info", "warning", "error", "exception", "critical", "log"}
_LOGGERS = {"log", "logger", "logging", "_log"}
_SENTENCE_END = (".", "?", "!")


def package_of(path: Path) -> str:
    """The top-level package of a module: gavel/payments/x.py -> payments, gavel/errors.py -> errors."""
    parts = path.relative_to(GAVEL).parts
    return parts[0] if len(parts) > 1 else path.stem


def excluded(path: Path) -> bool:
    relative = path.relative_to(GAVEL).as_posix()
    return any(relative == name or relative.startswith(name.rstrip("/") + "/") for name in EXCLUDED)


def is_sentence(template: str) -> bool:
    text = template.rstrip()
    if text != template or " " not in text or not text.endswith(_SENTENCE_END):
        return False
    first = text[0]
    return first == "{" or (first.isalpha() and first.isupper())


def _escape(literal: str) -> str:
    return literal.replace("{", "{{").replace("}", "}}")


def template_of(node: ast.JoinedStr, source: str) -> str:
    pieces: list[str] = []
    for value in node.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            pieces.append(_escape(value.value))
        elif isinstance(value, ast.FormattedValue):
            expression = ast.get_source_segment(source, value.value) or ast.unparse(value.value)
            pieces.append("{" + " ".join(expression.split()) + "}")
    return "".join(pieces)


def _docstrings(tree: ast.Module) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _is_log_call(node: ast.Call) -> bool:
    func = node.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr in _LOG_METHODS
        and isinstance(func.value, ast.Name)
        and func.value.id in _LOGGERS
    )


def sentences_of(source: str, not_text: tuple[str, ...] = ()) -> list[str]:
    """The sentences of one module's source, in order of appearance (templates for f-strings); a text that
    holds Arabic already, and what is assigned to the names `not_text`, are not sentences to translate."""
    tree = ast.parse(source)
    skipped = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in not_text for t in targets):
                skipped.update(id(n) for n in ast.walk(node.value))
        if isinstance(node, ast.Call):
            parts: list[ast.AST] = []
            if _is_log_call(node):
                parts = [*node.args, *(k.value for k in node.keywords)]
            else:
                parts = [k.value for k in node.keywords if k.arg in _SKIPPED_KEYWORDS]
            for part in parts:
                skipped.update(id(n) for n in ast.walk(part))
        elif isinstance(node, ast.JoinedStr):
            # Its pieces are read as part of it, never as strings of their own.
            skipped.update(id(n) for n in ast.walk(node) if n is not node)
    found: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            # A plain string is taken as it is: its "{wait}" is a placeholder that `.format(wait=...)` fills.
            text = node.value
        elif isinstance(node, ast.JoinedStr):
            text = template_of(node, source)
        else:
            continue
        if is_sentence(text) and not _ARABIC.search(text):
            found.append((node.lineno, node.col_offset, text))
    return [text for _, _, text in sorted(found)]


def pieces_of(source: str, names: tuple[str, ...]) -> list[str]:
    """The string values of the dicts assigned to these names in a module's source."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        target: ast.expr | None = None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        elif isinstance(node, ast.AnnAssign):
            target = node.target
        value = getattr(node, "value", None)
        if isinstance(target, ast.Name) and target.id in names and isinstance(value, ast.Dict):
            found += [v.value for v in value.values if isinstance(v, ast.Constant) and type(v.value) is str]
    return found


def modules() -> list[Path]:
    return sorted(p for p in GAVEL.rglob("*.py") if not excluded(p))


def extract() -> dict[str, list[str]]:
    """Every package's templates, each once, in order of appearance."""
    by_package: dict[str, dict[str, None]] = defaultdict(dict)
    for path in modules():
        source = path.read_text(encoding="utf-8")
        relative = path.relative_to(GAVEL).as_posix()
        pieces = PIECES.get(relative, ())
        sentences = sentences_of(source, NOT_TEXT.get(relative, ()))
        for template in [*sentences, *(pieces_of(source, pieces) if pieces else [])]:
            by_package[package_of(path)].setdefault(template, None)
    for package, texts in ALSO.items():
        for text in texts:
            by_package[package].setdefault(text, None)
    return {package: list(templates) for package, templates in sorted(by_package.items())}


def packages() -> list[str]:
    """Every top-level package and module of gavel (a catalogue file may exist for each)."""
    return sorted({package_of(p) for p in modules()})


# Placeholders that carry English grammar only (a plural's "s", "exists"/"exist", "has"/"have"): Arabic says
# the same with its own words, so its template may leave them out. Every other placeholder is kept.
_GRAMMAR_ONLY_NAMES = {"verb", "expected_plural", "s"}
_GRAMMAR_ONLY = re.compile(
    r"'(s|)' if .+ else '(s|)'|'(has|have|is|are|exists?)' if .+ else '(has|have|is|are|exists?)'"
)


def grammar_only(name: str) -> bool:
    return name in _GRAMMAR_ONLY_NAMES or _GRAMMAR_ONLY.fullmatch(name) is not None


def same_placeholders(english: str, arabic: str) -> bool:
    """Whether an Arabic template has the English one's placeholders: all of them, except those that carry
    English grammar only, which it may leave out; and no other."""
    wanted, written = set(placeholders(english)), set(placeholders(arabic))
    return written <= wanted and all(grammar_only(name) for name in wanted - written)


_PLACEHOLDER = re.compile(r"(?<!\{)\{([^{}]+)\}(?!\})")


def placeholders(template: str) -> list[str]:
    """The placeholders' names of a template, sorted (its literal braces, doubled, are not placeholders)."""
    return sorted(_PLACEHOLDER.findall(template.replace("{{", "").replace("}}", "")))


@dataclass
class Differences:
    """How a package's catalogue differs from its code."""

    missing: list[str] = field(default_factory=list)  # in the code, not in the catalogue
    untranslated: list[str] = field(default_factory=list)  # in the catalogue with no Arabic yet
    stale: list[str] = field(default_factory=list)  # in the catalogue, no longer in the code
    mismatched: list[str] = field(default_factory=list)  # whose Arabic has other placeholders
    indic_digits: list[str] = field(default_factory=list)  # whose Arabic writes ٠١٢...: digits stay Latin


_INDIC_DIGITS = re.compile("[\u0660-\u0669\u06f0-\u06f9]")


def pydantic_templates() -> dict[str, str]:
    """Each error type of pydantic with its English message template (ar/pydantic.json is keyed by type)."""
    from pydantic_core._pydantic_core import list_all_errors  # not re-exported by pydantic_core 2.50

    return {e["type"]: e["message_template_python"] for e in list_all_errors()}


def compare(
    templates: list[str], entries: dict[str, str], english_of: dict[str, str] | None = None
) -> Differences:
    """The differences of a catalogue's entries from the templates of the code (`english_of`: the English
    template of each key when the keys are not English: pydantic's error types)."""
    found = Differences()
    wanted = set(templates)
    found.missing = [t for t in templates if t not in entries]
    found.stale = [english for english in entries if english not in wanted]
    for key, arabic in entries.items():
        if key not in wanted:
            continue
        if not arabic.strip():
            found.untranslated.append(key)
            continue
        if english_of is not None:
            # Pydantic's context holds English details ("{error}", a class's name): its Arabic may leave them
            # out, never add one the context has not.
            if not set(placeholders(arabic)) <= set(placeholders(english_of.get(key, ""))):
                found.mismatched.append(key)
        elif not same_placeholders(key, arabic):
            found.mismatched.append(key)
        if _INDIC_DIGITS.search(arabic):
            found.indic_digits.append(key)
    return found
