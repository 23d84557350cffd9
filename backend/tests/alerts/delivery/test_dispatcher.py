"""The dispatcher against the local outbox and the fake Twilio and Meta servers: what each provider is sent,
retries with exponential backoff on the movable clock (never sleeping), Retry-After, 429 and 500, the limit,
final refusals, staff's retry and cancel, an expired claim, and the answer that was never recorded."""

from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

from httpx import AsyncClient
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.models import AlertMessage
from gavel.config import Settings
from gavel.core.clock import ShiftedClock
from tests.alerts.conftest import pending_member
from tests.alerts.delivery.conftest import T0, deliver, message, queue, timeline
from tests.alerts.delivery.fakes import Answer, FakeMeta, FakeTwilio

SERVER_ERROR = Answer(500, {"code": 20500, "message": "Internal Server Error", "status": 500})


async def test_the_local_outbox_delivers_at_once(
    db: async_sessionmaker[AsyncSession], clock: ShiftedClock, settings: Settings
) -> None:
    sms = (await queue(db, "sms", T0))[0]
    whatsapp = (await queue(db, "whatsapp", T0))[0]
    assert await deliver(db, clock, settings) == 2
    assert await deliver(db, clock, settings) == 0, "nothing is sent twice"
    for message_id, channel in ((sms, "sms"), (whatsapp, "whatsapp")):
        found = await message(db, message_id)
        assert (found.status, found.provider, found.attempts) == ("delivered", "local", 1)
        assert found.provider_message_id == f"local-{message_id}"
        assert found.sent_at is not None and found.delivered_at is not None
        written = settings.outbox_dir / channel / f"{message_id}.json"
        assert written.exists() and "Message number 1" in written.read_text()
        steps = await timeline(db, message_id)
        assert [s for s, _ in steps] == ["sending", "delivered"]
        assert steps[1][1] == f"Written to the local outbox: outbox/{channel}/{message_id}.json"


async def test_twilio_is_sent_the_documented_form_for_sms_and_whatsapp(
    db: async_sessionmaker[AsyncSession], clock: ShiftedClock, providers: Settings, twilio: FakeTwilio
) -> None:
    settings = providers.model_copy(update={"whatsapp_provider": "twilio"})
    sms = (await queue(db, "sms", T0))[0]
    whatsapp = (await queue(db, "whatsapp", T0, recipient="+971501234567"))[0]
    assert await deliver(db, clock, settings) == 2
    forms = {r["form"]["Body"] + r["form"]["To"]: r for r in twilio.requests}
    sent_sms = forms["Message number 1+971500000001"]
    assert sent_sms["form"] == {
        "To": "+971500000001",
        "From": "+15005550006",
        "Body": "Message number 1",
        "StatusCallback": f"http://testserver/api/webhooks/twilio/status?m={sms}",
    }
    sent_whatsapp = forms["Message number 1whatsapp:+971501234567"]
    assert sent_whatsapp["form"]["From"] == "whatsapp:+14155238886"
    for message_id, request in ((sms, sent_sms), (whatsapp, sent_whatsapp)):
        found = await message(db, message_id)
        assert (found.status, found.provider, found.provider_message_id) == ("sent", "twilio", request["sid"])
        assert found.last_error is None and found.next_attempt_at is None


async def test_a_messaging_service_replaces_the_sender(
    db: async_sessionmaker[AsyncSession], clock: ShiftedClock, providers: Settings, twilio: FakeTwilio
) -> None:
    settings = providers.model_copy(update={"twilio_messaging_service_sid": "MG" + "2" * 32})
    await queue(db, "sms", T0)
    assert await deliver(db, clock, settings) == 1
    form = twilio.requests[0]["form"]
    assert form["MessagingServiceSid"] == "MG" + "2" * 32 and "From" not in form


async def test_meta_is_sent_the_approved_template_with_its_values(
    db: async_sessionmaker[AsyncSession], clock: ShiftedClock, providers: Settings, meta: FakeMeta
) -> None:
    ar = (
        await queue(
            db, "whatsapp", T0, recipient="+971501234567", language="ar", template_params=["عائشة", "INV-1"]
        )
    )[0]
    assert await deliver(db, clock, providers) == 1
    assert meta.requests[0]["json"] == {
        "messaging_product": "whatsapp",
        "recipient_type": "individual",
        "to": "971501234567",
        "type": "template",
        "template": {
            "name": "gavel_member_approved",
            "language": {"code": "ar"},
            "components": [
                {
                    "type": "body",
                    "parameters": [{"type": "text", "text": "عائشة"}, {"type": "text", "text": "INV-1"}],
                }
            ],
        },
        "biz_opaque_callback_data": ar,
    }
    found = await message(db, ar)
    assert (found.status, found.provider) == ("sent", "meta")
    assert found.provider_message_id == meta.requests[0]["id"]

    nameless = (await queue(db, "whatsapp", T0, whatsapp_template=None))[0]
    assert await deliver(db, clock, providers) == 1
    refused = await message(db, nameless)
    assert refused.status == "failed" and "approved WhatsApp template" in (refused.last_error or "")
    assert len(meta.requests) == 1, "nothing was sent for it"


async def test_retries_back_off_exponentially_and_honour_retry_after(
    db: async_sessionmaker[AsyncSession], clock: ShiftedClock, providers: Settings, twilio: FakeTwilio
) -> None:
    sms = (await queue(db, "sms", T0))[0]
    twilio.script(
        SERVER_ERROR,
        Answer(429, {"code": 20429, "message": "Too Many Requests"}, {"Retry-After": "120"}),
    )
    assert await deliver(db, clock, providers) == 1
    first = await message(db, sms)
    assert (first.status, first.attempts) == ("queued", 1)
    assert first.last_error == "HTTP 500: 20500 Internal Server Error"
    assert first.next_attempt_at is not None
    waited = (first.next_attempt_at - first.updated_at).total_seconds()
    assert 24 <= waited <= 36, "30 s with jitter"

    assert await deliver(db, clock, providers) == 0, "not before its time"
    clock.move_to(first.next_attempt_at)
    assert await deliver(db, clock, providers) == 1
    second = await message(db, sms)
    assert (second.status, second.attempts) == ("queued", 2)
    assert second.next_attempt_at is not None
    assert (second.next_attempt_at - second.updated_at).total_seconds() == 120, "Retry-After beats 60 s"

    clock.move_to(second.next_attempt_at)
    assert await deliver(db, clock, providers) == 1
    done = await message(db, sms)
    assert (done.status, done.attempts, done.last_error) == ("sent", 3, None)
    assert [s for s, _ in await timeline(db, sms)] == [
        "sending", "queued", "sending", "queued", "sending", "sent",
    ]  # fmt: skip
    details = [d or "" for _, d in await timeline(db, sms)]
    assert details[1].startswith("Attempt 1 failed: HTTP 500") and "Next attempt in" in details[1]
    assert details[3].endswith("Next attempt in 2 min 0 s")


async def test_a_429_pauses_the_provider_for_the_rest_of_the_batch(
    db: async_sessionmaker[AsyncSession], clock: ShiftedClock, providers: Settings, twilio: FakeTwilio
) -> None:
    settings = providers.model_copy(update={"dispatch_concurrency": 1})
    ids = await queue(db, "sms", T0, count=5)
    await queue(db, "whatsapp", T0, count=2)  # Meta is not paused
    twilio.script(Answer(429, {"code": 20429, "message": "Too Many Requests"}, {"Retry-After": "90"}))
    assert await deliver(db, clock, settings) == 7
    assert len(twilio.requests) == 1, "the other four were not tried"
    found = [await message(db, i) for i in ids]
    assert sorted(m.attempts for m in found) == [0, 0, 0, 0, 1], "a message not tried uses no attempt"
    assert {m.status for m in found} == {"queued"}
    later = max(m.next_attempt_at for m in found if m.next_attempt_at)
    clock.move_to(later)
    assert await deliver(db, clock, settings) == 5
    assert {(await message(db, i)).status for i in ids} == {"sent"}
    assert len(twilio.requests) == 6


async def test_a_message_fails_after_the_last_attempt(
    db: async_sessionmaker[AsyncSession], clock: ShiftedClock, providers: Settings, twilio: FakeTwilio
) -> None:
    settings = providers.model_copy(update={"dispatch_max_attempts": 3})
    sms = (await queue(db, "sms", T0))[0]
    twilio.script(SERVER_ERROR, SERVER_ERROR, SERVER_ERROR, SERVER_ERROR)
    for _ in range(3):
        assert await deliver(db, clock, settings) == 1
        found = await message(db, sms)
        if found.next_attempt_at:
            clock.move_to(found.next_attempt_at)
    failed = await message(db, sms)
    assert (failed.status, failed.attempts) == ("failed", 3)
    assert failed.last_error == "Gave up after 3 attempts: HTTP 500: 20500 Internal Server Error"
    assert failed.failed_at is not None and failed.next_attempt_at is None
    clock.move_to(T0 + timedelta(days=1))
    assert await deliver(db, clock, settings) == 0
    assert len(twilio.requests) == 3


async def test_a_message_the_provider_refuses_fails_at_once(
    db: async_sessionmaker[AsyncSession], clock: ShiftedClock, providers: Settings, twilio: FakeTwilio
) -> None:
    sms = (await queue(db, "sms", T0))[0]
    twilio.script(Answer(400, {"code": 21211, "message": "The 'To' number is not a valid phone number."}))
    assert await deliver(db, clock, providers) == 1
    found = await message(db, sms)
    assert (found.status, found.attempts) == ("failed", 1)
    assert found.last_error == "HTTP 400: 21211 The 'To' number is not a valid phone number."


async def test_staff_retry_and_cancel_work_with_the_dispatcher(
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    clock: ShiftedClock,
    providers: Settings,
    twilio: FakeTwilio,
) -> None:
    refused, cancelled = await queue(db, "sms", T0, count=2)
    twilio.script(Answer(400, {"code": 21610, "message": "Attempt to send to unsubscribed recipient"}))
    stop = await client.put("/api/alerts/messages/cancel", json={"ids": [cancelled]}, headers=admin)
    assert stop.status_code == 200, stop.text
    assert await deliver(db, clock, providers) == 1
    assert (await message(db, refused)).status == "failed"
    assert (await message(db, cancelled)).status == "cancelled"

    again = await client.put("/api/alerts/messages/retry", json={"ids": [refused, cancelled]}, headers=admin)
    assert again.status_code == 200, again.text
    assert await deliver(db, clock, providers) == 2
    for message_id in (refused, cancelled):
        found = await message(db, message_id)
        assert (found.status, found.attempts, found.provider) == ("sent", 1, "twilio")
    assert len(twilio.requests) == 3
    shown = await client.get(f"/api/alerts/messages/{refused}", headers=admin)
    assert [e["status"] for e in shown.json()["timeline"]] == [
        "queued", "sending", "failed", "queued", "sending", "sent",
    ]  # fmt: skip

    # A message a dispatcher is sending cannot be cancelled (the conditional move refuses it).
    busy = (await queue(db, "sms", T0, status="sending", claimed_at=T0, claimed_by="other"))[0]
    refused_cancel = await client.put("/api/alerts/messages/cancel", json={"ids": [busy]}, headers=admin)
    assert refused_cancel.status_code == 409


async def test_an_expired_claim_is_sent_again_and_a_live_one_is_left_alone(
    db: async_sessionmaker[AsyncSession], clock: ShiftedClock, providers: Settings, twilio: FakeTwilio
) -> None:
    six_minutes_ago = T0 - timedelta(minutes=6)
    crash = {"status": "sending", "attempts": 1, "claimed_at": six_minutes_ago, "claimed_by": "dead:1"}
    crashed = (await queue(db, "sms", T0, **crash))[0]
    live = {**crash, "claimed_at": T0 - timedelta(minutes=1), "claimed_by": "alive:2"}
    busy = (await queue(db, "sms", T0, **live))[0]
    assert await deliver(db, clock, providers) == 1
    resent = await message(db, crashed)
    assert (resent.status, resent.attempts) == ("sent", 2)
    assert "the claim of dead:1" in ((await timeline(db, crashed))[0][1] or "")
    assert (await message(db, busy)).status == "sending"
    assert len(twilio.requests) == 1


async def test_an_answer_never_recorded_is_learnt_from_the_status_callback_and_not_sent_again(
    client: AsyncClient,
    db: async_sessionmaker[AsyncSession],
    clock: ShiftedClock,
    providers: Settings,
    twilio: FakeTwilio,
) -> None:
    """The crash window: Twilio accepted the message, the dispatcher died before recording the answer (the
    row is left `sending`). Twilio's status callback names our message (?m=), so the message becomes sent
    and the expired claim is not sent again."""
    sms = (await queue(db, "sms", T0))[0]
    assert await deliver(db, clock, providers) == 1
    accepted = twilio.requests[0]
    async with db() as session:  # what a crash just before recording leaves behind
        await session.execute(
            update(AlertMessage)
            .where(AlertMessage.id == sms)
            .values(status="sending", provider=None, provider_message_id=None, sent_at=None, claimed_at=T0)
        )
        await session.commit()
    url, form, headers = twilio.status_callback(accepted, "delivered")
    assert parse_qs(urlsplit(url).query) == {"m": [sms]}
    answered = await client.post(url, data=form, headers=headers)
    assert answered.status_code == 204, answered.text
    found = await message(db, sms)
    assert (found.status, found.provider_message_id) == ("delivered", accepted["sid"])
    clock.move_to(T0 + timedelta(minutes=10))
    assert await deliver(db, clock, providers) == 0
    assert len(twilio.requests) == 1


async def test_a_timeout_after_the_request_left_waits_for_the_callback_before_trying_again(
    client: AsyncClient,
    db: async_sessionmaker[AsyncSession],
    clock: ShiftedClock,
    providers: Settings,
    twilio: FakeTwilio,
) -> None:
    """No answer in time (the provider may have accepted it): the retry waits the backoff, and the status
    callback that arrives meanwhile marks it sent, so the retry never happens."""
    settings = providers.model_copy(update={"dispatch_timeout_seconds": 0.3})
    sms = (await queue(db, "sms", T0))[0]
    twilio.script(Answer(201, {}, delay=1.0))
    assert await deliver(db, clock, settings) == 1
    waiting = await message(db, sms)
    assert (waiting.status, waiting.attempts) == ("queued", 1)
    assert "may have accepted" in (waiting.last_error or "")
    accepted = twilio.requests[0]
    url, form, headers = twilio.status_callback(accepted, "sent")
    assert (await client.post(url, data=form, headers=headers)).status_code == 204
    found = await message(db, sms)
    assert (found.status, found.provider_message_id) == ("sent", accepted["sid"])
    clock.move_to(T0 + timedelta(hours=1))
    assert await deliver(db, clock, settings) == 0
    assert len(twilio.requests) == 1


async def test_promotions_go_only_to_consenting_members_and_wait_for_the_end_of_the_quiet_hours(
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    clock: ShiftedClock,
    settings: Settings,
) -> None:
    willing = await pending_member(client, admin, 1, promoConsentSms=True, promoConsentEmail=True)
    unwilling = await pending_member(client, admin, 2)
    night = T0.replace(hour=18)  # 22:00 in Dubai: promotional SMS wait until 08:00
    clock.move_to(night)
    promo: dict[str, Any] = {"origin": "campaign", "event": None}
    sms_yes = (await queue(db, "sms", night, member_id=willing["_id"], **promo))[0]
    sms_no = (await queue(db, "sms", night, member_id=unwilling["_id"], **promo))[0]
    email_yes = (await queue(db, "email", night, member_id=willing["_id"], **promo))[0]
    assert await deliver(db, clock, settings) == 3
    assert (await message(db, email_yes)).status == "sent", "email has no quiet hours"
    stopped = await message(db, sms_no)
    assert stopped.status == "cancelled" and stopped.cancelled_at is not None
    waiting = await message(db, sms_yes)
    assert (waiting.status, waiting.attempts) == ("queued", 0)
    assert waiting.next_attempt_at == T0.replace(day=2, hour=4), "08:00 in Dubai the next day"
    clock.move_to(T0.replace(day=2, hour=4))
    assert await deliver(db, clock, settings) == 1
    assert (await message(db, sms_yes)).status == "delivered"
