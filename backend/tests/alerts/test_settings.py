"""What staff set up: the templates of every event (edited, checked, previewed), the switches, a member's
language and consent to promotions, and the quiet hours of promotions."""

from typing import Any

from httpx import AsyncClient

from tests.alerts.conftest import pending_member
from tests.members.consents import give
from tests.money_out.conftest import update_member


async def templates_of(client: AsyncClient, admin: dict[str, str], channel: str) -> list[dict[str, Any]]:
    listed = await client.post("/api/alerts/templates/get", json={"channel": channel}, headers=admin)
    assert listed.status_code == 200, listed.text
    return list(listed.json()["data"])


async def test_every_event_has_a_template_on_every_channel_with_its_variables(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    for channel in ("sms", "whatsapp", "email"):
        found = await templates_of(client, admin, channel)
        assert [t["event"] for t in found] == [
            "memberApproved", "memberRejected", "vehicleApproved", "vehicleRejected", "vehicleSold",
            "invoiceIssued", "paymentDue", "invoiceOverdue", "paymentVerified", "gatePassIssued",
            "payoutCompleted", "depositRefunded", "sellerApprovalRequested", "counterOffered",
        ]  # fmt: skip
        assert {t["channel"] for t in found} == {channel}
        assert all(t["bodyEn"] and t["bodyAr"] for t in found)
        assert all((t["subjectEn"] is not None) == (channel == "email") for t in found)
    email = await templates_of(client, admin, "email")
    overdue = next(t for t in email if t["event"] == "invoiceOverdue")
    names = [v["name"] for v in overdue["variables"]]
    assert "invoice.amountDue" in names and "invoice.dueDate" in names and "payment.amount" not in names
    assert overdue["description"] == "The clock job finds an invoice overdue; once per invoice"


async def test_a_template_is_saved_only_with_known_variables(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    sms = next(t for t in await templates_of(client, admin, "sms") if t["event"] == "vehicleSold")
    url = f"/api/alerts/templates/{sms['_id']}"
    body = {
        "name": "Sold",
        "bodyEn": "Sold: {{ vehicle.lot }} for {{ sale.price }}",
        "bodyAr": "{{ buyer.name }}",
    }
    refused = await client.put(url, json=body, headers=admin)
    assert refused.status_code == 422
    assert refused.json()["message"].startswith("The Arabic text uses the unknown variable buyer.name.")
    assert refused.json()["errors"] == [
        {"field": "bodyAr", "message": "The Arabic text uses the unknown variable buyer.name."}
    ]
    unreadable = await client.put(url, json={**body, "bodyAr": "{% if %}"}, headers=admin)
    assert unreadable.status_code == 422 and unreadable.json()["errors"][0]["field"] == "bodyAr"
    blank = await client.put(url, json={**body, "bodyAr": "   "}, headers=admin)
    assert blank.status_code == 422

    saved = await client.put(
        url, json={**body, "bodyAr": "بيعت {{ vehicle.lot }}", "subjectEn": "x"}, headers=admin
    )
    assert saved.status_code == 200, saved.text
    data = saved.json()
    assert (data["name"], data["bodyAr"], data["subjectEn"]) == ("Sold", "بيعت {{ vehicle.lot }}", None)

    email = next(t for t in await templates_of(client, admin, "email") if t["event"] == "vehicleSold")
    no_subject = await client.put(
        f"/api/alerts/templates/{email['_id']}",
        json={"name": "Sold", "bodyEn": "x", "bodyAr": "y", "subjectEn": "Sold", "subjectAr": ""},
        headers=admin,
    )
    assert no_subject.status_code == 422
    assert no_subject.json()["errors"] == [
        {"field": "subjectAr", "message": "Enter the subject of the email."}
    ]
    bad_subject = await client.put(
        f"/api/alerts/templates/{email['_id']}",
        json={"name": "Sold", "bodyEn": "x", "bodyAr": "y", "subjectEn": "{{ lot }}", "subjectAr": "بيع"},
        headers=admin,
    )
    assert bad_subject.json()["errors"] == [
        {"field": "subjectEn", "message": "The English subject uses the unknown variable lot."}
    ]
    missing = await client.put("/api/alerts/templates/nothing", json=body | {"bodyAr": "y"}, headers=admin)
    assert (missing.status_code, missing.json()["message"]) == (404, "This template does not exist.")


async def test_the_preview_renders_sample_values_and_counts_segments(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    arabic = await client.post(
        "/api/alerts/templates/preview",
        json={
            "channel": "sms",
            "language": "ar",
            "event": "invoiceIssued",
            "body": "الفاتورة {{ invoice.number }} بمبلغ {{ invoice.total }} تستحق في {{ invoice.dueDate }}",
        },
        headers=admin,
    )
    assert arabic.status_code == 200, arabic.text
    preview = arabic.json()
    assert preview["body"] == "الفاتورة INV-2031-000123 بمبلغ AED 25,472.50 تستحق في 03/05/2031"
    assert preview["sms"] == {
        "encoding": "UCS-2", "characters": 64, "units": 64, "segments": 1, "perSegment": 70, "remaining": 6,
    }  # fmt: skip
    assert preview["subject"] is None and preview["bodyHtml"] is None

    long_english = await client.post(
        "/api/alerts/templates/preview",
        json={"channel": "sms", "body": "{{ member.firstName }} " + "x" * 160 + " {~}"},
        headers=admin,
    )
    assert long_english.json()["sms"]["encoding"] == "GSM-7"
    # 'Khalid ', 160 x, a space, then { ~ } from the extension table: two septets each.
    assert (long_english.json()["sms"]["units"], long_english.json()["sms"]["segments"]) == (
        7 + 160 + 1 + 6,
        2,
    )

    email = await client.post(
        "/api/alerts/templates/preview",
        json={
            "channel": "email",
            "language": "en",
            "event": "gatePassIssued",
            "subject": "Gate pass for Lot {{ vehicle.lot }}",
            "body": "Valid until {{ gatePass.validUntil }}",
        },
        headers=admin,
    )
    assert email.json()["subject"] == "Gate pass for Lot 1042"
    assert email.json()["body"] == "Valid until 05/05/2031 10:30"
    assert "<p>Valid until 05/05/2031 10:30</p>" in email.json()["bodyHtml"] and email.json()["sms"] is None

    promotion = await client.post(
        "/api/alerts/templates/preview",
        json={"channel": "whatsapp", "body": "Classic cars this Thursday, {{ vehicle.lot }}"},
        headers=admin,
    )
    assert promotion.status_code == 422
    assert promotion.json()["errors"] == [
        {"field": "body", "message": "The text uses the unknown variable vehicle.lot."}
    ]


async def test_switches_are_all_on_until_switched_off(client: AsyncClient, admin: dict[str, str]) -> None:
    listed = (await client.get("/api/alerts/switches", headers=admin)).json()["data"]
    assert len(listed) == 42 and all(s["enabled"] for s in listed)  # 14 events on 3 channels
    off = await client.put(
        "/api/alerts/switches",
        json={"event": "paymentDue", "channel": "email", "enabled": False},
        headers=admin,
    )
    assert off.json() == {"event": "paymentDue", "channel": "email", "enabled": False}
    again = (await client.get("/api/alerts/switches", headers=admin)).json()["data"]
    assert [s for s in again if not s["enabled"]] == [
        {"event": "paymentDue", "channel": "email", "enabled": False}
    ]
    wrong = await client.put(
        "/api/alerts/switches",
        json={"event": "birthday", "channel": "email", "enabled": False},
        headers=admin,
    )
    assert wrong.status_code == 422 and wrong.json()["errors"][0]["field"] == "event"


RECORD_ON_THE_PANEL = "Record consent on the member's Promotions consent panel, with how it was given."


async def test_a_members_language_and_consent_are_read_and_kept_unless_sent(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    aisha = await pending_member(client, admin)
    assert (aisha["preferredLanguage"], aisha["promoConsentSms"], aisha["promoConsentWhatsapp"]) == (
        "en",
        False,
        False,
    )
    assert aisha["promoConsentEmail"] is False
    # A consent is recorded with how it was given (members/consents); the member's edit cannot tick it.
    ticked = await update_member(client, admin, aisha["_id"], preferredLanguage="ar", promoConsentSms=True)
    assert ticked.status_code == 422, ticked.text
    assert ticked.json()["errors"] == [{"field": "promoConsentSms", "message": RECORD_ON_THE_PANEL}]
    await give(client, admin, aisha["_id"], "sms", "email")
    changed = await update_member(
        client, admin, aisha["_id"], preferredLanguage="ar", promoConsentSms=True, promoConsentEmail=True
    )
    assert changed.status_code == 200, changed.text
    data = changed.json()
    assert (data["preferredLanguage"], data["promoConsentSms"], data["promoConsentEmail"]) == (
        "ar",
        True,
        True,
    )
    kept = await update_member(client, admin, aisha["_id"], lastName="Member-Renamed")
    assert kept.status_code == 200, kept.text
    assert (kept.json()["preferredLanguage"], kept.json()["promoConsentSms"]) == ("ar", True), (
        "kept when left out"
    )
    wrong = await update_member(client, admin, aisha["_id"], preferredLanguage="fr")
    assert wrong.status_code == 422 and wrong.json()["errors"][0]["field"] == "preferredLanguage"


async def test_the_quiet_hours_of_promotions_are_a_business_setting(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    current = (await client.get("/api/business/settings", headers=admin)).json()
    assert (current["promoQuietFrom"], current["promoQuietUntil"]) == ("21:00", "08:00")
    body = {k: v for k, v in current.items() if k not in ("updatedAt", "promoQuietFrom", "promoQuietUntil")}
    kept = await client.put("/api/business/settings", json=body, headers=admin)
    assert kept.status_code == 200, kept.text
    assert (kept.json()["promoQuietFrom"], kept.json()["promoQuietUntil"]) == ("21:00", "08:00")
    moved = await client.put(
        "/api/business/settings",
        json={**body, "promoQuietFrom": "22:30", "promoQuietUntil": "09:00"},
        headers=admin,
    )
    assert (moved.json()["promoQuietFrom"], moved.json()["promoQuietUntil"]) == ("22:30", "09:00")
    wrong = await client.put(
        "/api/business/settings", json={**body, "promoQuietFrom": "25:00"}, headers=admin
    )
    assert wrong.status_code == 422
    assert wrong.json()["errors"] == [
        {"field": "promoQuietFrom", "message": "Enter a time from 00:00 to 23:59."}
    ]
