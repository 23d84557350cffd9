"""The promotional sender (issue 28): GAVEL_SMS_PROMO_FROM is 'AD-' and at most 11 characters or the app does
not start; an SMS campaign without it is refused at Send with a sentence (and the campaign dialog's options
say so first); promotional SMS leave from it at Twilio, transactional SMS from the transactional sender; an
email campaign needs GAVEL_PUBLIC_URL for its unsubscribe links."""

from typing import Any

import pytest
from httpx import AsyncClient
from pydantic import ValidationError
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.campaigns.readiness import NO_PROMO_SENDER, NO_PUBLIC_URL
from gavel.alerts.models import AlertCampaign
from gavel.config import Settings
from tests.alerts.campaigns.conftest import MORNING, at, create, member, run_job, send, sms
from tests.alerts.conftest import PROMO_FROM, messages
from tests.alerts.delivery.conftest import deliver, message
from tests.alerts.delivery.fakes import FakeTwilio

TRANSACTIONAL_FROM = "+15005550006"  # the providers fixture's GAVEL_TWILIO_SMS_FROM


@pytest.mark.parametrize(
    "sender",
    ["GAVEL", "AD-", "AD-GAVEL1234", "ad-gavel", "AD-GA VEL", "AD_GAVEL", "AD-GAVÉL", "+971501234567"],
)
def test_a_malformed_promotional_sender_stops_the_start_with_a_sentence(
    base_settings: Settings, sender: str
) -> None:
    with pytest.raises(
        ValidationError, match="GAVEL_SMS_PROMO_FROM: a promotional sender ID starts with 'AD-'"
    ):
        Settings(**{**base_settings.model_dump(), "sms_promo_from": sender})


@pytest.mark.parametrize("sender", ["", "AD-GAVEL", "AD-GAVEL-AE", "AD-1"])
def test_a_promotional_sender_of_the_uae_form_is_taken(base_settings: Settings, sender: str) -> None:
    assert Settings(**{**base_settings.model_dump(), "sms_promo_from": sender}).sms_promo_from == sender


async def campaign_count(db: async_sessionmaker[AsyncSession]) -> int:
    async with db() as session:
        return int(await session.scalar(select(func.count()).select_from(AlertCampaign)) or 0)


async def test_an_sms_campaign_without_the_promotional_sender_is_refused_at_send_and_the_options_say_so(
    app: Any,
    client: AsyncClient,
    admin: dict[str, str],
    settings: Settings,
    db: async_sessionmaker[AsyncSession],
) -> None:
    await member(client, admin, 1, promoConsentSms=True)
    at(app, MORNING)
    app.state.settings = settings.model_copy(update={"sms_promo_from": ""})
    options = await client.get("/api/alerts/campaigns/options", headers=admin)
    assert options.status_code == 200, options.text
    assert options.json()["channels"]["sms"] == {
        "ready": False,
        "reason": NO_PROMO_SENDER,
        "sender": None,
        "optOutEn": "To opt out send B AD-GAVEL to 7726",
        "optOutAr": "لإلغاء الاشتراك أرسل B AD-GAVEL إلى 7726",
    }
    assert "GAVEL_SMS_PROMO_FROM" in NO_PROMO_SENDER and "AD-" in NO_PROMO_SENDER

    draft = await create(client, admin, sms())
    refused = await client.put(f"/api/alerts/campaigns/{draft['_id']}/send", json={}, headers=admin)
    assert refused.status_code == 409, refused.text
    assert refused.json()["message"] == NO_PROMO_SENDER
    assert (await client.get(f"/api/alerts/campaigns/{draft['_id']}", headers=admin)).json()[
        "status"
    ] == "draft"

    before = await campaign_count(db)
    one_step = await client.post("/api/alerts/campaigns/send", json=sms(name="In one step"), headers=admin)
    assert one_step.status_code == 409 and one_step.json()["message"] == NO_PROMO_SENDER
    assert await campaign_count(db) == before, "the refused send leaves no draft behind"

    app.state.settings = settings  # GAVEL_SMS_PROMO_FROM=AD-GAVEL
    ready = (await client.get("/api/alerts/campaigns/options", headers=admin)).json()["channels"]["sms"]
    assert (ready["ready"], ready["reason"], ready["sender"]) == (True, None, PROMO_FROM)
    assert (await send(client, admin, draft["_id"]))["status"] == "scheduled"


async def test_an_email_campaign_without_the_public_address_is_refused_at_send_and_the_options_say_so(
    app: Any, client: AsyncClient, admin: dict[str, str], settings: Settings
) -> None:
    await member(client, admin, 1, promoConsentEmail=True)
    at(app, MORNING)
    app.state.settings = settings.model_copy(update={"public_url": ""})
    options = (await client.get("/api/alerts/campaigns/options", headers=admin)).json()
    assert options["channels"]["email"] == {"ready": False, "reason": NO_PUBLIC_URL}
    assert options["channels"]["sms"]["ready"] is True
    assert (options["quietFrom"], options["quietUntil"]) == ("21:00", "08:00")
    draft = await create(client, admin, sms(channel="email", subjectEn="Classic cars", subjectAr="سيارات"))
    refused = await client.put(f"/api/alerts/campaigns/{draft['_id']}/send", json={}, headers=admin)
    assert refused.status_code == 409 and refused.json()["message"] == NO_PUBLIC_URL
    assert "GAVEL_PUBLIC_URL" in NO_PUBLIC_URL and "unsubscribe link" in NO_PUBLIC_URL
    app.state.settings = settings
    assert (await client.get("/api/alerts/campaigns/options", headers=admin)).json()["channels"]["email"] == {
        "ready": True,
        "reason": None,
    }
    assert (await send(client, admin, draft["_id"]))["status"] == "scheduled"


async def promotion_and_approval(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """An approved member (sent the transactional 'approved' SMS) and an SMS campaign to them, written."""
    aisha = await member(client, admin, 1, promoConsentSms=True)
    clock = at(app, MORNING)
    draft = await create(client, admin, sms())
    await send(client, admin, draft["_id"])
    assert await run_job(db, clock) == 1
    found = await messages(client, admin, channel="sms", memberId=aisha["_id"])
    promotion = next(m for m in found if m["origin"] == "campaign")
    approval = next(m for m in found if m["event"] == "memberApproved")
    return clock, promotion, approval


async def test_promotional_sms_leave_from_the_promotional_sender_and_transactional_ones_do_not(
    app: Any,
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    providers: Settings,
    twilio: FakeTwilio,
) -> None:
    clock, promotion, approval = await promotion_and_approval(app, client, admin, db)
    assert await deliver(db, clock, providers) >= 2
    sent = {r["form"]["Body"]: r["form"] for r in twilio.requests}
    promotional = sent[(await message(db, promotion["_id"])).body]
    transactional = sent[(await message(db, approval["_id"])).body]
    assert promotional["From"] == PROMO_FROM and "MessagingServiceSid" not in promotional
    assert promotional["Body"].endswith("\nTo opt out send B AD-GAVEL to 7726")
    assert transactional["From"] == TRANSACTIONAL_FROM
    assert (await message(db, promotion["_id"])).status == "sent"


async def test_beside_a_messaging_service_the_promotional_sms_names_its_sender(
    app: Any,
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    providers: Settings,
    twilio: FakeTwilio,
) -> None:
    """Twilio sends from the From given beside a MessagingServiceSid (the sender must be in its pool); without
    a From the service would choose one of its senders, which may be the transactional one."""
    service = providers.model_copy(update={"twilio_messaging_service_sid": "MG" + "2" * 32})
    clock, promotion, approval = await promotion_and_approval(app, client, admin, db)
    assert await deliver(db, clock, service) >= 2
    sent = {r["form"]["Body"]: r["form"] for r in twilio.requests}
    promotional = sent[(await message(db, promotion["_id"])).body]
    transactional = sent[(await message(db, approval["_id"])).body]
    assert (promotional["MessagingServiceSid"], promotional["From"]) == ("MG" + "2" * 32, PROMO_FROM)
    assert transactional["MessagingServiceSid"] == "MG" + "2" * 32 and "From" not in transactional


async def test_a_promotional_sms_is_never_sent_from_the_transactional_sender(
    app: Any,
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    providers: Settings,
    twilio: FakeTwilio,
) -> None:
    """The sender was removed after the campaign was sent: its messages fail with the reason, none leaves."""
    clock, promotion, approval = await promotion_and_approval(app, client, admin, db)
    unset = providers.model_copy(update={"sms_promo_from": ""})
    assert await deliver(db, clock, unset) >= 2
    failed = await message(db, promotion["_id"])
    assert failed.status == "failed"
    assert failed.last_error is not None and "GAVEL_SMS_PROMO_FROM is not set" in failed.last_error
    assert [r["form"]["From"] for r in twilio.requests] == [TRANSACTIONAL_FROM]
    assert (await message(db, approval["_id"])).status == "sent"
