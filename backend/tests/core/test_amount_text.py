"""Amounts are written 'AED 201,000.00' everywhere the server writes a sentence, errors included, by one
helper (core/money.aed); no module formats an amount with the currency after it, or a format of its own."""

import re
from decimal import Decimal
from pathlib import Path

from httpx import AsyncClient

from gavel.core.money import aed
from tests.factories import admin_headers

GAVEL = Path(__file__).resolve().parents[2] / "gavel"
# An amount formatted in place with the currency after it ('{price:,.2f} AED', '{aed(x)} AED'), or a second
# helper that formats amounts with a currency.
AFTER = re.compile(r"\{[^{}]*\}\s*AED\b")
OWN_HELPER = re.compile(r"def _?aed\(|return f\"AED \{")


def test_one_format() -> None:
    assert aed(Decimal("201000")) == "AED 201,000.00"
    assert aed(Decimal("0.5")) == "AED 0.50"
    assert aed(Decimal("-1")) == "AED -1.00"
    assert aed(Decimal("1234567.891")) == "AED 1,234,567.89"


def test_no_module_writes_an_amount_another_way() -> None:
    found = []
    for path in sorted(GAVEL.rglob("*.py")):
        text = path.read_text()
        name = path.relative_to(GAVEL).as_posix()
        found += [f"{name}: {m.group(0)}" for m in AFTER.finditer(text)]
        if name != "core/money.py":
            found += [f"{name}: {m.group(0)}" for m in OWN_HELPER.finditer(text)]
    assert found == []


async def test_an_error_names_its_amounts_so(client: AsyncClient) -> None:
    """An overlapping charge band names both ends of the band it overlaps (tests/money: the payments')."""
    admin = await admin_headers(client)
    created = await client.post(
        "/api/charge/create",
        json={"title": "Fee A", "charges": 100, "appliesTo": "buyer", "minPrice": 0, "maxPrice": 201000},
        headers=admin,
    )
    assert created.status_code == 201, created.text
    overlap = await client.post(
        "/api/charge/create",
        json={"title": "Fee B", "charges": 100, "appliesTo": "buyer", "minPrice": 1000, "maxPrice": 5000},
        headers=admin,
    )
    assert overlap.status_code == 409, overlap.text
    assert '"Fee A" (AED 0.00 to AED 201,000.00)' in overlap.json()["message"]
