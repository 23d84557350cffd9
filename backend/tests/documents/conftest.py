"""The money tests' sale, paid and verified, with its seller's settlement, for the documents' tests."""

from io import BytesIO

from pypdf import PdfReader

from tests.money.conftest import admin, cashier, fees, sale, sell  # noqa: F401 (fixtures)
from tests.money_out.conftest import paid_sale  # noqa: F401 (fixture)

BANK = {
    "bankName": "Emirates NBD",
    "bankAccountName": "Gavel Auctions LLC",
    "iban": "AE07 0331 2345 6789 0123 456",
}
BUSINESS = {
    "legalName": "Gavel",
    "address": "United Arab Emirates",
    "vatRate": 5,
    "paymentWindowHours": 48,
    "freeStorageDays": 3,
    "invoicePrefix": "INV",
}


def pdf_text(content: bytes) -> str:
    assert content.startswith(b"%PDF")
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(content)).pages)


def pdf_words(content: bytes) -> str:
    """The text with each line break and run of spaces as one space: sentences read whole where they wrap."""
    return " ".join(pdf_text(content).split())
