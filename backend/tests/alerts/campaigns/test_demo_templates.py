"""The demo's promotion templates (gavel/demo/alerts.py): one per channel, each a campaign can be written
from and sent with as the API checks it (the WhatsApp one through Meta's name, no invented Twilio SIDs);
loading them again adds nothing."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.demo.alerts import load_alerts
from tests.alerts.campaigns.conftest import MORNING, at, create, member, run_job, send


async def test_a_campaign_is_sent_on_every_channel_from_the_demos_templates(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    async with db() as session:
        assert await load_alerts(session) == {"promotionTemplates": 3}
        assert await load_alerts(session) == {"promotionTemplates": 0}
        await session.commit()
    await member(client, admin, 1, promoConsentSms=True, promoConsentWhatsapp=True, promoConsentEmail=True)
    clock = at(app, MORNING)
    for channel in ("sms", "whatsapp", "email"):
        listed = await client.post("/api/alerts/templates/get", json={"channel": channel}, headers=admin)
        [template] = [t for t in listed.json()["data"] if t["event"] is None]
        assert template["twilioContentSidEn"] is None and template["twilioContentSidAr"] is None
        if channel == "whatsapp":
            assert template["whatsappTemplateName"] == "gavel_next_auction"
        body = {"channel": channel, "name": f"Demo {channel}", "templateId": template["_id"]}
        draft = await create(client, admin, {**body, "audience": {"memberType": "buyer"}})
        assert (await send(client, admin, draft["_id"]))["recipientCount"] == 1
    assert await run_job(db, clock) == 3
