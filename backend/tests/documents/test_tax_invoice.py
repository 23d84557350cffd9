"""The tax invoice names the buyer's TRN, says the VAT treatment of each line in words and how to pay (the
bank, the IBAN and the invoice number to quote) from the business settings."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.business.service import business_service
from gavel.documents.invoice import invoice_pdf
from gavel.invoices.service import invoice_service
from tests.documents.conftest import BANK, BUSINESS, pdf_words
from tests.money.conftest import fees, sell


async def test_the_tax_invoice_says_the_vat_of_each_line_and_how_to_pay(
    client: AsyncClient, app: Any, admin: dict[str, str]
) -> None:
    saved = await client.put("/api/business/settings", json={**BUSINESS, **BANK}, headers=admin)
    assert saved.status_code == 200, saved.text
    assert {k: saved.json()[k] for k in BANK} == {**BANK, "iban": "AE070331234567890123456"}
    await fees(client, admin)
    sale = await sell(client, app, admin)  # the seller has no TRN
    answer = await client.get(f"/api/invoices/{sale['invoice']['_id']}/pdf", headers=admin)
    assert answer.status_code == 200, answer.text
    text = pdf_words(answer.content)
    assert "Vehicle: outside the scope of VAT, sold on behalf of the seller" in text
    assert "Sale fee: standard rated, VAT at 5%" in text
    assert "Gate pass fee: standard rated, VAT at 5%" in text
    assert "How to pay" in text
    assert "By bank transfer to Gavel Auctions LLC" in text
    assert "Bank: Emirates NBD" in text
    assert "IBAN: AE07 0331 2345 6789 0123 456" in text
    assert "Reference to quote: INV-2031-000001" in text
    assert "Still to pay: AED 25,472.50" in text
    assert "TRN" not in text.replace("TRN 1", "")  # neither the business nor this buyer has one


async def test_a_vat_registered_seller_and_a_buyer_with_a_trn(
    client: AsyncClient, app: Any, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    await fees(client, admin)
    sale = await sell(client, app, admin, seller_trn="100111222300003")
    async with db() as session:
        invoice = await invoice_service.get(session, sale["invoice"]["_id"])
        invoice.buyer_trn = "100987654300003"  # as copy_parties stores it from a buyer with a TRN
        text = pdf_words(invoice_pdf(invoice, await business_service.get(session)))
        await session.rollback()
    assert "Buyer's TRN: 100987654300003" in text
    assert "Vehicle: VAT at 5%, sold on behalf of a VAT-registered seller" in text
    # Without bank details in the settings: the desk, and still the reference to quote.
    assert "At our cashier's desk by card, cash or cheque." in text
    assert "IBAN" not in text
    assert f"Reference to quote: {sale['invoice']['invoiceNo']}" in text


async def test_the_bank_details_are_checked_kept_and_emptied(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    bad = await client.put(
        "/api/business/settings",
        json={**BUSINESS, **BANK, "iban": "AE07 0331 2345 6789 0123 457"},
        headers=admin,
    )
    assert bad.status_code == 422
    assert bad.json()["errors"] == [
        {
            "field": "iban",
            "message": "This IBAN is not valid: check its letters and digits "
            "(e.g. AE07 0331 2345 6789 0123 456).",
        }
    ]
    assert (
        await client.put("/api/business/settings", json={**BUSINESS, **BANK}, headers=admin)
    ).status_code == 200
    kept = await client.put("/api/business/settings", json=BUSINESS, headers=admin)  # a client without them
    assert kept.json()["iban"] == "AE070331234567890123456" and kept.json()["bankName"] == "Emirates NBD"
    emptied = await client.put(
        "/api/business/settings",
        json={**BUSINESS, "bankName": "", "bankAccountName": " ", "iban": ""},
        headers=admin,
    )
    assert emptied.status_code == 200, emptied.text
    assert [emptied.json()[k] for k in BANK] == [None, None, None]
