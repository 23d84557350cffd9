"""The exports name their columns in Arabic for a user in Arabic (Accept-Language: ar) and in English
otherwise; the values are the same (issue 27)."""

import csv
import io
from collections.abc import Sequence
from typing import Any

import pytest
from httpx import AsyncClient
from openpyxl import load_workbook

from gavel.core.spreadsheet import column_names
from gavel.i18n.context import reset_language, set_language
from gavel.i18n.language import Language
from gavel.members import export as members
from gavel.reports.export import ARABIC as REPORTS
from gavel.statements import export as ledger
from gavel.trail import export as trail
from gavel.vehicles import export as vehicles
from tests.reports.conftest import PERIOD

ARABIC = {"Accept-Language": "ar"}
ENGLISH = {"Accept-Language": "en"}


async def export(client: AsyncClient, headers: dict[str, str], name: str, fmt: str) -> bytes:
    answer = await client.post(f"/api/reports/{name}/export", json={**PERIOD, "format": fmt}, headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.content


def csv_rows(content: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode("utf-8"))))


def xlsx_rows(content: bytes, sheet: str) -> list[list[Any]]:
    rows = load_workbook(io.BytesIO(content), read_only=True)[sheet].iter_rows(values_only=True)
    return [list(r) for r in rows]


def arabic_of(header: Sequence[str], table: dict[str, str]) -> list[str]:
    return [table[name] for name in header]


@pytest.mark.parametrize("report", ["sales-by-event", "receivables", "payouts", "vat"])
async def test_a_csv_report_in_arabic_has_arabic_headers_and_the_same_values(
    client: AsyncClient, admin: dict[str, str], sale_day: dict[str, Any], report: str
) -> None:
    english = csv_rows(await export(client, {**admin, **ENGLISH}, report, "csv"))
    arabic = csv_rows(await export(client, {**admin, **ARABIC}, report, "csv"))
    assert english[0][0].isascii()
    assert arabic[0] == arabic_of(english[0], REPORTS)
    assert arabic[1:] == english[1:]


async def test_an_xlsx_report_in_arabic_has_arabic_headers_and_the_same_values(
    client: AsyncClient, admin: dict[str, str], sale_day: dict[str, Any]
) -> None:
    english = xlsx_rows(await export(client, {**admin, **ENGLISH}, "vat", "xlsx"), "VAT")
    arabic = xlsx_rows(await export(client, {**admin, **ARABIC}, "vat", "xlsx"), "VAT")
    assert english[0][:3] == ["Document", "Kind", "Issued (Dubai)"]
    assert arabic[0] == arabic_of(english[0], REPORTS)
    assert arabic[0][:3] == ["المستند", "النوع", "تاريخ الإصدار (دبي)"]
    assert arabic[1:] == english[1:]


async def test_the_member_csv_in_arabic(client: AsyncClient, admin: dict[str, str]) -> None:
    english = await client.post("/api/members/export", json={}, headers={**admin, **ENGLISH})
    arabic = await client.post("/api/members/export", json={}, headers={**admin, **ARABIC})
    assert english.status_code == arabic.status_code == 200, arabic.text
    assert csv_rows(english.content)[0] == members.COLUMNS
    assert csv_rows(arabic.content)[0] == arabic_of(members.COLUMNS, members.ARABIC)
    assert csv_rows(arabic.content)[1:] == csv_rows(english.content)[1:]


@pytest.mark.parametrize("module", [members, vehicles, ledger, trail], ids=lambda m: m.__name__)
def test_every_export_column_has_its_arabic(module: Any) -> None:
    assert list(module.ARABIC) == module.COLUMNS  # one Arabic name beside each English one, in order
    token = set_language(Language.AR)
    try:
        names = column_names(module.COLUMNS, module.ARABIC)
    finally:
        reset_language(token)
    assert all(not name.isascii() for name in names)
    assert len(set(names)) == len(names)
    assert column_names(module.COLUMNS, module.ARABIC) == module.COLUMNS  # English by default


async def test_the_audit_trail_csv_streams_its_arabic_header(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    """The trail's CSV is written while it streams, after the handler returned: the language holds there."""
    english = await client.get("/api/audit-events/export.csv", headers={**admin, **ENGLISH})
    arabic = await client.get("/api/audit-events/export.csv", headers={**admin, **ARABIC})
    assert english.status_code == arabic.status_code == 200, arabic.text
    assert csv_rows(english.content)[0] == trail.COLUMNS
    assert csv_rows(arabic.content)[0] == arabic_of(trail.COLUMNS, trail.ARABIC)
    assert len(csv_rows(arabic.content)) == len(csv_rows(english.content))
