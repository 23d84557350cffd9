"""A STOP reply (or the operators' block keyword B) withdraws the member's consent on that channel by a
record of the app's own ('Twilio reply from +971…'); a second reply writes nothing."""

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.catalog import Channel
from gavel.alerts.delivery.service import is_stop, opt_out
from tests.factories import admin_headers
from tests.members.consents import StoppedClock, give
from tests.members.test_members import create, person

AT = datetime(2026, 5, 3, 18, 45, tzinfo=UTC)
PHONE = "+971507654321"


@pytest.mark.parametrize(
    "reply", ["STOP", " stop ", "Stop.", "B", "b", "BLOCK", "Block!", "UNSUBSCRIBE", "إلغاء", "الغاء", "توقف"]
)
def test_replies_that_opt_out(reply: str) -> None:
    assert is_stop(reply)


@pytest.mark.parametrize(
    "reply", ["", "Bye", "BB", "Block the Thursday lot for me", "When is the next auction?"]
)
def test_replies_that_do_not(reply: str) -> None:
    assert not is_stop(reply)


async def test_a_stop_reply_is_a_withdrawal_record_of_the_provider_and_the_phone(
    app: Any, client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    app.state.clock = StoppedClock(AT - timedelta(days=30))  # the consents, a month before the replies
    admin = await admin_headers(client)
    member = (await create(client, admin, person()))["data"]
    assert member["phone"] == PHONE
    await give(client, admin, member["_id"], "sms", "whatsapp", "email")

    async with db() as session:
        assert await opt_out(session, Channel.SMS, PHONE, "twilio", AT) == 1
        assert await opt_out(session, Channel.SMS, PHONE, "twilio", AT) == 0, "already withdrawn"
        assert await opt_out(session, Channel.WHATSAPP, PHONE.lstrip("+"), "meta", AT) == 1
        assert await opt_out(session, Channel.WHATSAPP, "whatsapp:+971500000001", "twilio", AT) == 0
        assert await opt_out(session, Channel.SMS, "not a phone", "twilio", AT) == 0
        await session.commit()

    listed = (await client.get(f"/api/members/{member['_id']}/consents", headers=admin)).json()["items"]
    label = "A reply to a message (STOP)"
    assert [(r["channel"], r["given"], r["method"], r["methodLabel"], r["recordedBy"]) for r in listed] == [
        ("whatsapp", False, "reply", label, f"Meta reply from {PHONE}"),
        ("sms", False, "reply", label, f"Twilio reply from {PHONE}"),
        ("email", True, "counter_form", "Signed form at the counter", "Administrator"),
        ("whatsapp", True, "counter_form", "Signed form at the counter", "Administrator"),
        ("sms", True, "counter_form", "Signed form at the counter", "Administrator"),
    ]
    assert {r["at"] for r in listed[:2]} == {"2026-05-03T18:45:00Z"}
    shown = (await client.get(f"/api/members/{member['_id']}", headers=admin)).json()
    assert (shown["promoConsentSms"], shown["promoConsentWhatsapp"], shown["promoConsentEmail"]) == (
        False,
        False,
        True,
    )
