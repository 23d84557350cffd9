"""The providers' webhooks: signed status callbacks move a message on (a bad signature answers 403 and
changes nothing), Meta's verify handshake, and 'STOP' replies opting a member out of promotions (a withdrawal
record, audited)."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from gavel.config import Settings
from gavel.core.clock import ShiftedClock
from gavel.members.models import Member
from tests.alerts.conftest import pending_member
from tests.alerts.delivery.conftest import T0, deliver, message, queue, timeline
from tests.alerts.delivery.fakes import FakeMeta, FakeTwilio

TWILIO_INBOUND = "http://testserver/api/webhooks/twilio/inbound"


async def test_twilio_status_callbacks_move_the_message_and_a_bad_signature_changes_nothing(
    client: AsyncClient,
    db: async_sessionmaker[AsyncSession],
    clock: ShiftedClock,
    providers: Settings,
    twilio: FakeTwilio,
) -> None:
    sms, other = await queue(db, "sms", T0, count=2)
    assert await deliver(db, clock, providers) == 2
    sent = {r["form"]["StatusCallback"].rsplit("=", 1)[1]: r for r in twilio.requests}

    url, form, headers = twilio.status_callback(sent[sms], "delivered")
    forged = await client.post(url, data={**form, "MessageStatus": "failed"}, headers=headers)
    assert forged.status_code == 403
    assert forged.json()["message"] == "The signature of this request is not valid."
    unsigned = await client.post(url, data=form)
    assert unsigned.status_code == 403
    elsewhere = await client.post(url.replace(sms, other), data=form, headers=headers)
    assert elsewhere.status_code == 403, "the URL is signed too"
    assert (await message(db, sms)).status == "sent"

    assert (await client.post(url, data=form, headers=headers)).status_code == 204
    delivered = await message(db, sms)
    assert delivered.status == "delivered" and delivered.delivered_at is not None
    assert (await timeline(db, sms))[-1] == ("delivered", "twilio: delivered")
    # A late 'sent' does not move it back; a repeated 'delivered' adds nothing.
    for status in ("sent", "delivered"):
        url, form, headers = twilio.status_callback(sent[sms], status)
        assert (await client.post(url, data=form, headers=headers)).status_code == 204
    assert (await message(db, sms)).status == "delivered"
    assert len(await timeline(db, sms)) == 3

    url, form, headers = twilio.status_callback(sent[other], "undelivered", error_code="30003")
    assert (await client.post(url, data=form, headers=headers)).status_code == 204
    failed = await message(db, other)
    assert (failed.status, failed.last_error) == ("failed", "Twilio error 30003")


async def test_meta_status_webhooks_and_the_verify_handshake(
    client: AsyncClient,
    db: async_sessionmaker[AsyncSession],
    clock: ShiftedClock,
    providers: Settings,
    meta: FakeMeta,
) -> None:
    handshake = {"hub.mode": "subscribe", "hub.verify_token": "verify-me", "hub.challenge": "1158201444"}
    answered = await client.get("/api/webhooks/meta", params=handshake)
    assert (answered.status_code, answered.text) == (200, "1158201444")
    wrong = await client.get("/api/webhooks/meta", params={**handshake, "hub.verify_token": "guess"})
    assert wrong.status_code == 403

    whatsapp, other = await queue(db, "whatsapp", T0, count=2)
    assert await deliver(db, clock, providers) == 2
    sent = {r["json"]["biz_opaque_callback_data"]: r for r in meta.requests}

    body, headers = meta.status_webhook(sent[whatsapp], "read")
    tampered = body.replace(b'"read"', b'"failed"')
    assert (await client.post("/api/webhooks/meta", content=tampered, headers=headers)).status_code == 403
    bare = {"Content-Type": "application/json"}
    assert (await client.post("/api/webhooks/meta", content=body, headers=bare)).status_code == 403
    assert (await message(db, whatsapp)).status == "sent"

    for status in ("delivered", "read"):
        body, headers = meta.status_webhook(sent[whatsapp], status)
        assert (await client.post("/api/webhooks/meta", content=body, headers=headers)).status_code == 200
    read = await message(db, whatsapp)
    assert read.status == "read" and read.read_at is not None and read.delivered_at is not None

    error = [{"code": 131026, "title": "Message undeliverable"}]
    body, headers = meta.status_webhook(sent[other], "failed", errors=error)
    assert (await client.post("/api/webhooks/meta", content=body, headers=headers)).status_code == 200
    failed = await message(db, other)
    assert (failed.status, failed.last_error) == ("failed", "Meta error 131026 Message undeliverable")


async def _consents(db: async_sessionmaker[AsyncSession], member_id: str) -> tuple[bool, bool, bool]:
    async with db() as session:
        member = await session.get(Member, member_id, populate_existing=True)
        assert member is not None
        return member.promo_consent_sms, member.promo_consent_whatsapp, member.promo_consent_email


async def test_a_stop_reply_opts_the_member_out_of_promotions_on_that_channel(
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    clock: ShiftedClock,
    providers: Settings,
    twilio: FakeTwilio,
    meta: FakeMeta,
) -> None:
    consenting: dict[str, Any] = {f"promoConsent{c}": True for c in ("Sms", "Whatsapp", "Email")}
    member = await pending_member(client, admin, 7, **consenting)
    phone = member["phone"]
    assert phone == "+971506667707"

    url, form, headers = twilio.inbound(TWILIO_INBOUND, phone, "When is the next auction?")
    assert (await client.post(url, data=form, headers=headers)).status_code == 200
    assert await _consents(db, member["_id"]) == (True, True, True)

    url, form, headers = twilio.inbound(TWILIO_INBOUND, phone, " Stop ")
    forged = await client.post(url, data={**form, "From": "+971500000000"}, headers=headers)
    assert forged.status_code == 403
    answered = await client.post(url, data=form, headers=headers)
    assert answered.status_code == 200 and answered.headers["content-type"].startswith("text/xml")
    assert await _consents(db, member["_id"]) == (False, True, True)

    url, form, headers = twilio.inbound(TWILIO_INBOUND, f"whatsapp:{phone}", "STOP")
    assert (await client.post(url, data=form, headers=headers)).status_code == 200
    assert await _consents(db, member["_id"]) == (False, False, True)

    async with db() as session:
        audited = (
            await session.scalars(
                select(AuditEvent)
                .where(AuditEvent.entity_id == member["_id"], AuditEvent.action == "member.consent_withdrawn")
                .order_by(AuditEvent.created_at)
            )
        ).all()
    assert [{k: v for k, v in (a.new_values or {}).items() if k != "consentId"} for a in audited] == [
        {"promoConsentSms": False, "channel": "sms", "method": "reply"},
        {"promoConsentWhatsapp": False, "channel": "whatsapp", "method": "reply"},
    ]
    assert [a.actor_email for a in audited] == [f"Twilio reply from {phone}"] * 2
    # Each STOP is a withdrawal record on the member's page, after the consents given at the counter.
    records = (await client.get(f"/api/members/{member['_id']}/consents", headers=admin)).json()["items"]
    assert [(r["channel"], r["given"], r["method"], r["recordedBy"]) for r in records[:2]] == [
        ("whatsapp", False, "reply", f"Twilio reply from {phone}"),
        ("sms", False, "reply", f"Twilio reply from {phone}"),
    ]
    assert [r["recordedById"] for r in records[:2]] == [None, None]
    assert {(r["channel"], r["given"], r["method"]) for r in records[2:]} == {
        (channel, True, "counter_form") for channel in ("sms", "whatsapp", "email")
    }
    # A second STOP on a channel already withdrawn writes nothing.
    url, form, headers = twilio.inbound(TWILIO_INBOUND, phone, "STOP")
    assert (await client.post(url, data=form, headers=headers)).status_code == 200
    again = (await client.get(f"/api/members/{member['_id']}/consents", headers=admin)).json()["items"]
    assert len(again) == len(records) == 5

    # Meta: an inbound WhatsApp 'STOP' (the sender's number in digits), signed.
    other = await pending_member(client, admin, 8, promoConsentWhatsapp=True)
    body, headers = meta.inbound_text(other["phone"].lstrip("+"), "stop")
    bad = {**headers, "X-Hub-Signature-256": "sha256=" + "0" * 64}
    assert (await client.post("/api/webhooks/meta", content=body, headers=bad)).status_code == 403
    assert (await _consents(db, other["_id"]))[1] is True
    assert (await client.post("/api/webhooks/meta", content=body, headers=headers)).status_code == 200
    assert (await _consents(db, other["_id"]))[1] is False
    shown = await client.get(f"/api/members/{other['_id']}", headers=admin)
    assert shown.json()["promoConsentWhatsapp"] is False
    newest = (await client.get(f"/api/members/{other['_id']}/consents", headers=admin)).json()["items"][0]
    assert (newest["given"], newest["recordedBy"]) == (False, f"Meta reply from {other['phone']}")


async def test_the_webhooks_answer_403_when_the_provider_is_not_configured(
    client: AsyncClient, twilio: FakeTwilio, meta: FakeMeta
) -> None:
    url, form, headers = twilio.inbound(TWILIO_INBOUND, "+971506667707", "STOP")
    assert (await client.post(url, data=form, headers=headers)).status_code == 403
    body, headers = meta.inbound_text("971506667707", "STOP")
    assert (await client.post("/api/webhooks/meta", content=body, headers=headers)).status_code == 403
    params = {"hub.mode": "subscribe", "hub.verify_token": "", "hub.challenge": "1"}
    assert (await client.get("/api/webhooks/meta", params=params)).status_code == 403
