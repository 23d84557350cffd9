"""No code word reaches a person: every value of every enum the API exposes has its words in the backend's one
label map (gavel/core/labels.py), which the PDFs, mails and exports read."""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from gavel.core.labels import LABELS, label
from gavel.main import create_app

SCREENS = Path(__file__).resolve().parents[3] / "frontend/src/lib/i18n/labels.en.json"


def enums(node: Any, name: str = "") -> Iterator[tuple[str, list[str]]]:
    """(name, values) of each enum in the schema: a named schema by its name, one written inside a schema as
    'Schema.property' (a list's items by the list's property)."""
    if isinstance(node, dict):
        if "enum" in node and all(isinstance(value, str) for value in node["enum"]):
            yield name, node["enum"]
        for key, child in node.items():
            if key == "schemas" and isinstance(child, dict):
                for schema, body in child.items():
                    yield from enums(body, schema)
            elif key == "properties" and isinstance(child, dict):
                for prop, body in child.items():
                    yield from enums(body, f"{name}.{prop}")
            elif key not in ("enum", "examples", "example", "default"):
                yield from enums(child, name)
    elif isinstance(node, list):
        for child in node:
            yield from enums(child, name)


def test_every_enum_value_of_the_api_has_words(settings: Any) -> None:
    schema = create_app(settings).openapi()
    found = dict(enums(schema["components"]))
    assert "PaymentMethod" in found and "Health.status" in found  # the walk reaches named and inline enums
    missing = [
        f"{name}: {value}"
        for name, values in sorted(found.items())
        for value in values
        if not LABELS.get(name, {}).get(value)
    ]
    assert missing == [], "add their words to gavel/core/labels.py (and frontend/src/lib/i18n/labels.en.json)"


def test_the_enums_outside_the_components_are_named_too(settings: Any) -> None:
    """A query parameter or body written inline in a path carries no enum the components do not name."""
    schema = create_app(settings).openapi()
    named = {tuple(values) for _, values in enums(schema["components"])}
    inline = {tuple(values) for _, values in enums(schema["paths"])}
    assert inline <= named


def test_the_words_of_the_issue() -> None:
    assert label("InvoiceStatus", "paidOut") == "Paid out"
    assert label("PaymentMethod", "deposit") == "From the deposit"
    assert label("PaymentMethod", "bankTransfer") == "Bank transfer"
    assert label("OutboundMethod", "cash") == "Cash"
    assert label("InvoiceKind", "settlement") == "Settlement statement"
    assert label("LedgerKind", "depositUse") == "Deposit used"
    assert label("GatePass", "Canceled") == "Cancelled"
    assert label("PaymentMethod", None) == ""
    assert label("PaymentMethod", "barter") == "barter"  # unknown: as it came, never an error on a document


def test_the_screens_use_the_same_words() -> None:
    """The screens' map (an enum written inside a schema nested under its schema) says what the PDFs say."""
    screens = json.loads(SCREENS.read_text())

    def flat(node: dict[str, Any], prefix: str = "") -> dict[str, dict[str, str]]:
        found: dict[str, dict[str, str]] = {}
        for key, value in node.items():
            if all(isinstance(v, str) for v in value.values()):
                found[prefix + key] = value
            else:
                found |= flat(value, f"{prefix}{key}.")
        return found

    assert flat(screens) == LABELS
