"""Every printed document is in English and Arabic side by side (issue 27), read back from the PDF as a reader
of it would copy its text.

What "in reading order" can check reliably: ReportLab shapes each Arabic word with HarfBuzz and writes its
glyphs from left to right as they stand on the page; the PDF's ToUnicode map gives each glyph its character
from the font's cmap, so a letter in a joined form comes back as its Arabic Presentation Form (U+FB50-U+FEFF,
e.g. 'ﻓ' for the initial FEH) and a ligature as one character ('ﴐ' for DAD with REH). pypdf puts a
right-to-left run back in logical order. So the text, folded by NFKC (which maps each presentation form to its
letters), holds each label as it is written: 'فاتورة ضريبية', not its words reversed ('ضريبية فاتورة') nor its
letters reversed, and no glyph the extractor could not name (a private-use character). The labels are found
one after the other in the order the document prints them, English beside each.

The labels checked are Arabic alone. A line that mixes an Arabic run with a Latin word is laid out right on
the page (the last test: the order of its words), but pypdf turns each Arabic piece of such a line back on
its own and keeps the pieces in page order, so its copied text is no proof of reading order either way.
"""

import re
import unicodedata
from io import BytesIO
from typing import Any

import pytest
from httpx import AsyncClient
from pypdf import PdfReader
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.business.service import business_service
from gavel.core.pdf import visual
from gavel.documents.invoice import invoice_pdf
from gavel.invoices.service import invoice_service
from tests.documents.conftest import pdf_text
from tests.money.gate_factory import issue
from tests.money_out.conftest import completion

PRIVATE_USE = re.compile("[\ue000-\uf8ff]")
# Arabic-Indic and Eastern Arabic-Indic digits: amounts and numbers are printed in Latin digits only.
EASTERN_DIGITS = re.compile("[\u0660-\u0669\u06f0-\u06f9]")
PRESENTATION_FORMS = re.compile("[\ufb50-\ufdff\ufe70-\ufeff]")


def logical(content: bytes) -> str:
    """The PDF's text as a reader copies it, its presentation forms folded to the letters they show."""
    raw = pdf_text(content)
    assert not PRIVATE_USE.search(raw), "a glyph the extractor cannot map to a letter"
    assert PRESENTATION_FORMS.search(raw), "the Arabic is shaped: its letters in their joined forms"
    return unicodedata.normalize("NFKC", raw)


def in_order(text: str, labels: list[str]) -> list[str]:
    """The labels not found in the text after the one before them (empty when all are, in this order)."""
    missing = []
    at = 0
    for label in labels:
        found = text.find(label, at)
        if found < 0:
            missing.append(label)
        else:
            at = found + len(label)
    return missing


def embedded_arabic_fonts(content: bytes) -> list[str]:
    """The names of the embedded Arabic faces on every page: a subset ('ABCDEF+...') with its font file."""
    names = []
    for page in PdfReader(BytesIO(content)).pages:
        fonts = page["/Resources"]["/Font"]
        for ref in fonts.values():
            font = ref.get_object()
            name = str(font["/BaseFont"])
            if "IBMPlexSansArabic" not in name:
                continue
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, f"{name} is not embedded"
            assert re.fullmatch(r"/[A-Z]{6}\+IBMPlexSansArabic-(Regular|Bold)", name), name
            names.append(name)
    return names


def check(content: bytes, english: list[str], arabic: list[str], figures: list[str]) -> str:
    text = logical(content)
    words = " ".join(text.split())
    assert in_order(words, arabic) == [], words
    for label in english:
        assert label in words, label
    for figure in figures:
        assert figure in words, figure
    assert not EASTERN_DIGITS.search(text)
    assert embedded_arabic_fonts(content)
    return words


async def get(client: AsyncClient, headers: dict[str, str], path: str) -> bytes:
    answer = await client.get(path, headers=headers)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/pdf"
    return answer.content


async def test_every_document_has_its_arabic_labels_in_reading_order(
    client: AsyncClient, admin: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    invoice, payment, payout = paid_sale["invoice"], paid_sale["payment"], paid_sale["payout"]
    settlement = payout["invoice"]

    text = check(
        await get(client, admin, f"/api/invoices/{invoice['_id']}/pdf"),
        ["Tax Invoice", "Bill to: Khalid Buyer1", "Description", "Total in AED"],
        [
            "فاتورة ضريبية",
            "المشتري",
            "رقم المستند",
            "التاريخ بتوقيت دبي",
            "تاريخ الاستحقاق بتوقيت دبي",
            "المركبة",
            "الوصف",
            "الكمية",
            "سعر الوحدة",
            "بالدرهم",
            # Under each line, its VAT treatment: the vehicle, then the fees.
            "المركبة: لا تدخل في نطاق ضريبة القيمة المضافة، مباعة نيابة عن البائع",
            "رسم البيع: خاضع للنسبة الأساسية، ضريبة القيمة المضافة",
            "رسم تصريح الخروج: خاضع للنسبة الأساسية",
            "المجموع الفرعي",
            "ضريبة القيمة المضافة",
            "الإجمالي بالدرهم",
            "المدفوع",
            "المتبقي للدفع",
        ],
        [invoice["invoiceNo"], "25,472.50"],
    )
    assert "ضريبية فاتورة" not in text  # the words of a label are not reversed

    # The payout is still pending: its receipt says so in both languages.
    check(
        await get(client, admin, f"/api/payments/{payout['_id']}/pdf"),
        ["Payout Receipt", "Paid to: Majid Seller91", "Not paid yet"],
        ["إيصال دفعة للبائع", "دُفع إلى", "رقم العملية", "كشف التسوية", "الحالة", "المبلغ", "لم تُدفع بعد"],
        [payout["transactionId"], "AED 24,475.00"],
    )
    check(
        await get(client, admin, f"/api/payments/{payment['_id']}/pdf"),
        ["Payment Receipt", "Received from: Khalid Buyer1"],
        [
            "إيصال دفعة",
            "استلمنا من",
            "رقم العملية",
            "الفاتورة",
            "المركبة",
            "طريقة الدفع",
            "التاريخ بتوقيت دبي",
            "المبلغ",
        ],
        [payment["transactionId"], "AED 25,472.50"],
    )

    done = await client.put(f"/api/payments/{payout['_id']}/complete", json=completion(), headers=admin)
    assert done.status_code == 200, done.text
    check(
        await get(client, admin, f"/api/invoices/{settlement['_id']}/pdf"),
        ["Settlement Statement", "Pay to: Majid Seller91", "Payout in AED", "Paid out: AED 24,475.00"],
        [
            "كشف التسوية",
            "الدفع إلى",
            "رقم الكشف",
            "التاريخ بتوقيت دبي",
            "المركبة",
            "الوصف",
            "سعر البيع",
            "ناقص رسوم البائع",
            "ناقص ضريبة الرسوم",
            "المبلغ المدفوع للبائع بالدرهم",
            "الدفعة للبائع",
            "التاريخ",
            "بتوقيت دبي",
            "المدفوع للبائع",
        ],
        [settlement["invoiceNo"], "24,475.00", "-500.00", "-25.00"],
    )

    check(
        await get(client, admin, f"/api/members/{paid_sale['buyer']['_id']}/statement.pdf"),
        ["Statement of Account", "Opening balances", "Closing balances"],
        [
            "كشف حساب",
            "العضو",
            "الفترة من القيد الأول بتوقيت دبي",
            "تاريخ الطباعة بتوقيت دبي",
            "الأرصدة الافتتاحية",
            "مستحق لنا بالدرهم",
            "التأمين المحتجز بالدرهم",
            "التاريخ",
            "النوع",
            "الوصف",
            "المستند",
            "الأرصدة الختامية",
        ],
        [invoice["invoiceNo"], "25,472.50"],
    )

    issued = await issue(client, admin, paid_sale["cars"][0]["_id"])
    assert issued.status_code == 201, issued.text
    pass_id, code = issued.json()["data"]["_id"], issued.json()["data"]["code"]
    check(
        await get(client, admin, f"/api/gate-passes/{pass_id}/pdf"),
        ["Gate Pass", "Buyer: Khalid Buyer1", "Gate code", "Emirates ID"],
        [
            "تصريح الخروج",
            "المشتري",
            "المركبة",
            "رقم الهيكل",
            "الفاتورة المدفوعة",
            "صالح حتى بتوقيت دبي",
            "رمز البوابة",
            "يمسح الحارس رمز الاستجابة السريعة عند البوابة",
            "الهوية الإماراتية",
        ],
        [invoice["invoiceNo"], code],
    )


async def test_a_credit_note_is_titled_in_both_languages(
    paid_sale: dict[str, Any], db: async_sessionmaker[AsyncSession]
) -> None:
    async with db() as session:
        document = await invoice_service.get(session, paid_sale["invoice"]["_id"])
        document.kind = "creditNote"  # its title, as a credit note is printed
        content = invoice_pdf(document, await business_service.get(session))
        await session.rollback()
    check(content, ["Tax Credit Note"], ["إشعار دائن ضريبي", "المشتري", "الوصف"], ["25,472.50"])


@pytest.mark.parametrize(
    ("text", "right_to_left", "order"),
    [
        # An Arabic label: its words from the right; a Latin code keeps its place in the reading.
        ("فاتورة ضريبية", True, ["ضريبية", "فاتورة"]),
        ("رقم IBAN", True, ["IBAN", "رقم"]),
        ("يمسح رمز QR Code عند", True, ["عند", "QR", "Code", "رمز", "يمسح"]),
        # A stored name in an English line: the Arabic run reads from the right, numbers inside it too.
        ("Shop 12 شارع 5 الشيخ زايد Dubai", False, ["Shop", "12", "زايد", "الشيخ", "5", "شارع", "Dubai"]),
        ("Khalid Buyer1", False, ["Khalid", "Buyer1"]),
    ],
)
def test_the_words_of_a_right_to_left_run_are_set_from_the_right(
    text: str, right_to_left: bool, order: list[str]
) -> None:
    assert visual(text, right_to_left=right_to_left) == order
