"""A sale issues the buyer's tax invoice; corrections are credit notes; the PDF is a real tax invoice."""

from decimal import Decimal
from io import BytesIO
from typing import Any

from httpx import AsyncClient
from pypdf import PdfReader

from tests.money.conftest import fees, sell


async def test_a_sale_issues_the_buyers_tax_invoice(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    invoice = sale["invoice"]
    assert invoice["invoiceNo"] == "INV-2031-000001"
    assert (invoice["status"], invoice["kind"]) == ("unpaid", "invoice")
    detail = (await client.get(f"/api/invoices/{invoice['_id']}", headers=admin)).json()
    lines = [
        (line["kind"], line["amount"], line["vatRate"], line["vat"], line["total"])
        for line in detail["lines"]
    ]
    assert lines == [
        ("vehicle", 25000, 0, 0, 25000),  # the seller has no TRN: no VAT on the price
        ("sale", 350, 5, 17.5, 367.5),
        ("gatePass", 100, 5, 5, 105),
    ]
    assert (detail["subtotal"], detail["vatTotal"], detail["total"]) == (25450, 22.5, 25472.5)
    assert detail["dueAmount"] == 25472.5
    assert detail["dueDate"] > detail["invoiceCreatedDate"]
    assert detail["buyer"]["name"] == "Khalid Buyer1"
    listed = (await client.post("/api/invoices/get", json={}, headers=admin)).json()
    assert listed["totals"]["unpaid"] == {"count": 1, "amount": 25472.5, "stillToPay": 25472.5}


async def test_numbers_follow_each_other_without_gaps(
    client: AsyncClient, app: Any, admin: dict[str, str]
) -> None:
    await fees(client, admin)
    sold = await sell(client, app, admin, count=3)
    assert sorted(i["invoiceNo"] for i in sold["invoices"]) == [
        "INV-2031-000001",
        "INV-2031-000002",
        "INV-2031-000003",
    ]


async def test_the_price_carries_vat_when_the_seller_is_vat_registered(
    client: AsyncClient, app: Any, admin: dict[str, str]
) -> None:
    await fees(client, admin)
    sold = await sell(client, app, admin, price=40000, seller_trn="100234567890003")
    detail = (await client.get(f"/api/invoices/{sold['invoice']['_id']}", headers=admin)).json()
    assert [line["description"] for line in detail["lines"]][1] == "Buyer fee above 30,000 AED"
    assert (detail["lines"][0]["vatRate"], detail["lines"][0]["vat"]) == (5, 2000)
    assert detail["total"] == 40000 + 2000 + 750 + 37.5 + 100 + 5


async def test_correcting_a_sale_issues_a_credit_note_and_keeps_the_invoice(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    car = sale["cars"][0]
    corrected = await client.put(
        f"/api/auction-event/results/{sale['event']}",
        json={"results": [{"vehicleId": car["_id"], "outcome": "notSold"}]},
        headers=admin,
    )
    assert corrected.status_code == 200, corrected.text
    listed = (await client.post("/api/invoices/get", json={"vehicleId": car["_id"]}, headers=admin)).json()
    documents = {d["kind"]: d for d in listed["data"]}
    assert documents["invoice"]["status"] == "cancelled"
    note = documents["creditNote"]
    assert note["invoiceNo"] == "INV-CN-2031-000001"
    assert note["total"] == -25472.5
    assert note["creditFor"] == documents["invoice"]["_id"]
    assert listed["totals"]["cancelled"] == {"count": 1, "amount": 25472.5, "stillToPay": None}


async def test_the_pdf_is_a_tax_invoice(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    settings = {
        "legalName": "Emirates Motor Auctions LLC",
        "trn": "100 2345 6789 0003",
        "address": "Street 18, Al Quoz Industrial Area 3, Dubai",
        "phone": "04 321 5555",
        "vatRate": 5,
        "paymentWindowHours": 48,
        "freeStorageDays": 3,
        "invoicePrefix": "EMA",
    }
    changed = await client.put("/api/business/settings", json=settings, headers=admin)
    assert changed.status_code == 200, changed.text
    assert changed.json()["trn"] == "100234567890003"
    response = await client.get(f"/api/invoices/{sale['invoice']['_id']}/pdf", headers=admin)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/pdf"
    assert response.headers["content-disposition"] == 'attachment; filename="INV-2031-000001.pdf"'
    text = "".join(page.extract_text() for page in PdfReader(BytesIO(response.content)).pages)
    assert "Tax Invoice" in text
    assert "INV-2031-000001" in text
    assert f"Lot {sale['cars'][0]['vehicleLotNumber']}" in text
    assert sale["cars"][0]["vinNumber"] in text
    assert "25,472.50" in text
    # Issued before the settings changed: the invoice keeps the business details it was issued with.
    assert "Emirates Motor Auctions" not in text


async def test_business_settings_are_checked(client: AsyncClient, admin: dict[str, str]) -> None:
    bad = await client.put(
        "/api/business/settings",
        json={
            "legalName": "Gavel",
            "trn": "12345",
            "address": "Dubai, UAE",
            "vatRate": 5,
            "paymentWindowHours": 0,
            "freeStorageDays": 3,
            "invoicePrefix": "I-N-V",
        },
        headers=admin,
    )
    assert bad.status_code == 422
    assert {e["field"]: e["message"] for e in bad.json()["errors"]} == {
        "trn": "A TRN (Tax Registration Number) has 15 digits.",
        "paymentWindowHours": "The payment window is 1 to 720 hours.",
        "invoicePrefix": "The invoice prefix is 2 to 10 letters or digits, e.g. INV.",
    }
    current = (await client.get("/api/business/settings", headers=admin)).json()
    assert (current["vatRate"], current["paymentWindowHours"], current["invoicePrefix"]) == (5, 48, "INV")


async def test_voiding_issues_a_credit_note(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    invoice = sale["invoice"]
    refused = await client.put(f"/api/invoices/{invoice['_id']}/void", json={"reason": "x"}, headers=admin)
    assert refused.status_code == 422
    voided = await client.put(
        f"/api/invoices/{invoice['_id']}/void", json={"reason": "Buyer withdrew before paying"}, headers=admin
    )
    assert voided.status_code == 200, voided.text
    assert voided.json()["message"] == "INV-2031-000001 is void; credit note INV-CN-2031-000001 issued."
    assert voided.json()["invoice"]["status"] == "cancelled"
    assert Decimal(str(voided.json()["creditNote"]["total"])) == Decimal("-25472.5")
