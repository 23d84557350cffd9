"""POST /api/bidder/sign-in: a code through the outbox to what the member typed, the same answer for every
address, and requests limited per address and per IP."""

import json
from datetime import datetime
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.config import Settings
from gavel.core.clock import DUBAI
from tests.bidders.conftest import StoppedClock, last_code, make_member, messages_to, sign_in, signed_in

SENT = "If this address belongs to a member, we have sent a 6-digit code to it. It is valid for 5 minutes."


async def test_an_email_address_gets_the_code_by_email_masked_in_what_staff_see(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    await make_member(db, 1)
    asked = await sign_in(client, "  Bidder1@Example.COM ")
    assert asked.status_code == 200, asked.text
    assert asked.json() == {"message": SENT}
    [message] = await messages_to(db, "bidder1@example.com")
    assert (message.channel, message.origin, message.event) == ("email", "system", "bidderSignInCode")
    assert (message.status, message.next_attempt_at, message.language) == ("queued", clock.now(), "en")
    code = await last_code(db, "bidder1@example.com")
    assert len(code) == 6 and code.isdigit()
    assert code not in (message.body + (message.subject or "") + (message.body_html or ""))
    assert "Your Gavel sign-in code is ••••••." in message.body
    assert "valid for 5 minutes" in message.body


async def test_a_phone_in_any_form_gets_an_sms_in_the_members_language(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    await make_member(db, 2, language="ar")
    for typed in ("050 555 0002", "+971-50-555-0002", "00971505550002"):
        clock.move(61)
        assert (await sign_in(client, typed)).status_code == 200
    found = await messages_to(db, "+971505550002")
    assert [(m.channel, m.language) for m in found] == [("sms", "ar")] * 3
    assert "رمز الدخول الخاص بك هو ••••••" in found[0].body


async def test_a_member_who_chose_whatsapp_gets_the_code_there(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    await make_member(db, 3)
    headers = await signed_in(client, db, "+971505550003")
    chosen = await client.put("/api/bidder/me", json={"codeChannel": "whatsapp"}, headers=headers)
    assert chosen.status_code == 200, chosen.text
    assert chosen.json()["bidder"]["codeChannel"] == "whatsapp"
    clock.move(61)
    assert (await sign_in(client, "0505550003")).status_code == 200
    latest = (await messages_to(db, "+971505550003"))[-1]
    assert (latest.channel, latest.whatsapp_template) == ("whatsapp", "gavel_bidder_sign_in_code")
    clock.move(61)
    await sign_in(client, "bidder3@example.com")  # an email address still gets an email
    assert [m.channel for m in await messages_to(db, "bidder3@example.com")] == ["email"]


async def test_an_unknown_address_gets_the_same_answer_and_nothing_is_sent(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    await make_member(db, 4)
    known = await sign_in(client, "bidder4@example.com")
    unknown = await sign_in(client, "nobody@example.com")
    unknown_phone = await sign_in(client, "+971505559999")
    for answer in (unknown, unknown_phone):
        assert (answer.status_code, answer.json()) == (known.status_code, known.json())
    assert await messages_to(db, "nobody@example.com") == []
    assert await messages_to(db, "+971505559999") == []
    # The cooldown answers the same too.
    again = [await sign_in(client, a) for a in ("bidder4@example.com", "nobody@example.com")]
    assert [(a.status_code, a.json()) for a in again] == [
        (
            429,
            {
                "message": "Please wait 60 seconds before requesting a new code.",
                "errors": [],
                "retryAfter": 60,
            },
        )
    ] * 2


async def test_what_is_neither_an_email_nor_a_phone_is_refused_on_the_field(
    client: AsyncClient, clock: StoppedClock
) -> None:
    for typed in ("not an address", "12", "a@b"):
        answer = await sign_in(client, typed)
        assert answer.status_code == 422, typed
        sentence = "Enter your email address or your mobile number, for example +971 50 123 4567."
        assert answer.json()["message"] == sentence
        assert answer.json()["errors"] == [{"field": "address", "message": sentence}]
    empty = await client.post("/api/bidder/sign-in", json={})
    assert empty.status_code == 422


async def test_a_new_code_waits_60_seconds_and_requests_are_limited_per_address_and_ip(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    await make_member(db, 5)
    assert (await sign_in(client, "bidder5@example.com")).status_code == 200
    clock.move(30)
    waiting = await sign_in(client, "bidder5@example.com")
    assert (waiting.status_code, waiting.headers["retry-after"]) == (429, "30")
    assert waiting.json()["message"] == "Please wait 30 seconds before requesting a new code."
    for _ in range(4):
        clock.move(60)
        assert (await sign_in(client, "bidder5@example.com")).status_code == 200
    clock.move(60)
    sixth = await sign_in(client, "bidder5@example.com")
    assert sixth.status_code == 429
    assert sixth.json()["message"] == "Too many sign-in code requests. Please try again in 55 minutes."
    assert len(await messages_to(db, "bidder5@example.com")) == 5
    # Per IP: 20 an hour, whichever addresses are typed.
    for n in range(15):
        assert (await sign_in(client, f"someone{n}@example.com")).status_code == 200
    refused = await sign_in(client, "someone-else@example.com")
    assert refused.status_code == 429, refused.text
    assert refused.json()["message"].startswith("Too many sign-in code requests. Please try again in")
    clock.move(3600)
    assert (await sign_in(client, "bidder5@example.com")).status_code == 200


async def test_codes_go_out_at_any_hour_not_held_by_the_quiet_hours(
    client: AsyncClient,
    db: async_sessionmaker[AsyncSession],
    clock: StoppedClock,
    deliver: Any,
    settings: Settings,
) -> None:
    await make_member(db, 6)
    clock.moment = datetime(2031, 5, 1, 23, 30, tzinfo=DUBAI)  # in the quiet hours (21:00 to 08:00)
    assert (await sign_in(client, "+971505550006")).status_code == 200
    code = await last_code(db, "+971505550006")
    assert await deliver() == 1
    [message] = await messages_to(db, "+971505550006")
    assert message.status in ("sent", "delivered"), message.last_error
    assert message.template_params is None  # the code is not kept once sent
    sent = json.loads((settings.data_dir / "outbox" / "sms" / f"{message.id}.json").read_text())
    assert sent["to"] == "+971505550006"
    assert f"your sign-in code is {code}. It is valid for 5 minutes." in sent["body"]
