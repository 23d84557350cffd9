"""WhatsApp promotions only through approved templates (issue 28): a campaign on WhatsApp picks a promotion
template, whose texts it sends (free text is refused with the reason); Meta's Cloud API gets the template's
name, Twilio its Content SID in the member's language with the values as ContentVariables; the opt-out line
of SMS is not appended (the approved template carries its own)."""

import json
from typing import Any

from httpx import AsyncClient
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.campaigns.readiness import TEMPLATES_ONLY
from gavel.alerts.models import AlertCampaign
from gavel.config import Settings
from tests.alerts.campaigns.conftest import (
    MORNING,
    at,
    create,
    member,
    run_job,
    send,
    sms,
    whatsapp,
    whatsapp_template,
)
from tests.alerts.conftest import detail, messages
from tests.alerts.delivery.conftest import deliver, message
from tests.alerts.delivery.fakes import FakeMeta, FakeTwilio

SID_EN = "HX" + "a1" * 16
SID_AR = "HX" + "b2" * 16


async def test_a_whatsapp_campaign_of_free_text_is_refused_with_the_reason(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    assert "approved in Meta's WhatsApp Manager" in TEMPLATES_ONLY
    free = sms(channel="whatsapp")
    for path in ("/api/alerts/campaigns", "/api/alerts/campaigns/send"):
        refused = await client.post(path, json=free, headers=admin)
        assert refused.status_code == 422, refused.text
        assert refused.json()["errors"] == [{"field": "templateId", "message": TEMPLATES_ONLY}]
    sms_template = await client.post(
        "/api/alerts/templates",
        json={"channel": "sms", "name": "Classic cars", "bodyEn": "Hello", "bodyAr": "مرحباً"},
        headers=admin,
    )
    assert sms_template.status_code == 201, sms_template.text
    wrong = await client.post(
        "/api/alerts/campaigns", json=whatsapp(sms_template.json()["_id"]), headers=admin
    )
    assert wrong.status_code == 422
    assert wrong.json()["errors"] == [{"field": "templateId", "message": TEMPLATES_ONLY}]


async def test_a_whatsapp_campaign_sends_its_templates_texts_whatever_the_body_says(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    template = await whatsapp_template(client, admin)
    draft = await create(client, admin, whatsapp(template["_id"], bodyEn="Anything else", bodyAr="نص آخر"))
    assert (draft["templateId"], draft["bodyEn"], draft["bodyAr"]) == (
        template["_id"],
        template["bodyEn"],
        template["bodyAr"],
    )
    assert draft["subjectEn"] is None and draft["subjectAr"] is None


async def test_the_twilio_content_sids_of_a_promotion_template_are_checked_and_kept(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    template = await whatsapp_template(
        client, admin, twilioContentSidEn=SID_EN, twilioContentSidAr=f" {SID_AR} "
    )
    assert (template["twilioContentSidEn"], template["twilioContentSidAr"]) == (SID_EN, SID_AR)
    listed = await client.post("/api/alerts/templates/get", json={"channel": "whatsapp"}, headers=admin)
    [found] = [t for t in listed.json()["data"] if t["_id"] == template["_id"]]
    assert (found["twilioContentSidEn"], found["twilioContentSidAr"]) == (SID_EN, SID_AR)
    for wrong in ("HX123", "HX" + "A1" * 16, "MG" + "a1" * 16, SID_EN + "0"):
        refused = await client.post(
            "/api/alerts/templates",
            json={
                "channel": "whatsapp",
                "name": "Another",
                "bodyEn": "Hello",
                "bodyAr": "مرحباً",
                "twilioContentSidAr": wrong,
            },
            headers=admin,
        )
        assert refused.status_code == 422, wrong
        assert refused.json()["errors"] == [
            {
                "field": "twilioContentSidAr",
                "message": "A Twilio Content SID is HX followed by 32 lower-case hex digits, as Twilio's "
                "Content Template Builder shows it.",
            }
        ]
    body = {k: template[k] for k in ("name", "bodyEn", "bodyAr", "whatsappTemplateName")}
    emptied = await client.put(
        f"/api/alerts/templates/{template['_id']}",
        json={**body, "twilioContentSidEn": SID_EN, "twilioContentSidAr": ""},
        headers=admin,
    )
    assert emptied.status_code == 200, emptied.text
    assert (emptied.json()["twilioContentSidEn"], emptied.json()["twilioContentSidAr"]) == (SID_EN, None)
    on_sms = await client.post(
        "/api/alerts/templates",
        json={
            "channel": "sms",
            "name": "An SMS",
            "bodyEn": "Hi",
            "bodyAr": "مرحباً",
            "twilioContentSidEn": SID_EN,
        },
        headers=admin,
    )
    assert on_sms.status_code == 201 and on_sms.json()["twilioContentSidEn"] is None, "WhatsApp's only"


async def two_members_and_a_campaign(
    app: Any, client: AsyncClient, admin: dict[str, str], **template: Any
) -> tuple[Any, dict[str, Any], dict[str, Any], dict[str, Any]]:
    """An English and an Arabic member who agreed to WhatsApp promotions, and a draft of a template's."""
    english = await member(client, admin, 1, promoConsentWhatsapp=True)
    arabic = await member(client, admin, 2, promoConsentWhatsapp=True, preferredLanguage="ar")
    clock = at(app, MORNING)
    chosen = await whatsapp_template(client, admin, **template)
    draft = await create(client, admin, whatsapp(chosen["_id"]))
    return clock, english, arabic, draft


async def test_through_twilio_a_promotion_is_its_content_template_with_the_values_as_variables(
    app: Any,
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    providers: Settings,
    twilio: FakeTwilio,
) -> None:
    by_twilio = providers.model_copy(update={"whatsapp_provider": "twilio"})
    app.state.settings = by_twilio
    clock, english, arabic, draft = await two_members_and_a_campaign(
        app, client, admin, twilioContentSidEn=SID_EN, twilioContentSidAr=SID_AR
    )
    options = (await client.get("/api/alerts/campaigns/options", headers=admin)).json()["channels"]
    assert options["whatsapp"] == {"ready": True, "reason": None, "provider": "twilio"}
    await send(client, admin, draft["_id"])
    assert await run_job(db, clock) == 2
    written = {
        m["memberId"]: m
        for m in await messages(client, admin, channel="whatsapp")
        if m["campaignId"] == draft["_id"]
    }
    shown = await detail(client, admin, written[english["_id"]]["_id"])
    assert shown["twilioContentSid"] == SID_EN and shown["templateParams"] == ["Aisha", "Gavel"]
    assert shown["body"] == "Hello Aisha, classic cars this Thursday at Gavel.", "no SMS opt-out line"
    assert shown["unsubscribeUrl"] is None

    assert await deliver(db, clock, by_twilio) >= 2
    promotions = {r["form"]["ContentSid"]: r["form"] for r in twilio.requests if "ContentSid" in r["form"]}
    assert set(promotions) == {SID_EN, SID_AR}
    assert "Body" not in promotions[SID_EN] and "Body" not in promotions[SID_AR]
    assert json.loads(promotions[SID_EN]["ContentVariables"]) == {"1": "Aisha", "2": "Gavel"}
    assert json.loads(promotions[SID_AR]["ContentVariables"]) == {"1": "Aisha"}
    assert promotions[SID_EN]["To"] == f"whatsapp:{english['phone']}"
    assert promotions[SID_AR]["To"] == f"whatsapp:{arabic['phone']}"
    assert promotions[SID_EN]["From"] == "whatsapp:+14155238886"
    for sent in written.values():
        assert (await message(db, sent["_id"])).status == "sent"


async def test_through_twilio_a_template_without_the_sid_of_a_language_is_refused_at_send(
    app: Any, client: AsyncClient, admin: dict[str, str], providers: Settings
) -> None:
    app.state.settings = providers.model_copy(update={"whatsapp_provider": "twilio"})
    _, _, _, draft = await two_members_and_a_campaign(app, client, admin, twilioContentSidEn=SID_EN)
    refused = await client.put(f"/api/alerts/campaigns/{draft['_id']}/send", json={}, headers=admin)
    assert refused.status_code == 409, refused.text
    message = (
        'The WhatsApp template "Classic cars" has no Twilio Content SID in Arabic: Twilio sends WhatsApp '
        "promotions only as approved content templates. Enter the SID (HX...) of each language under Alerts, "
        "Templates before sending it."
    )
    assert refused.json()["message"] == message
    assert refused.json()["errors"] == [{"field": "templateId", "message": message}]


async def test_through_meta_a_promotion_is_the_approved_template_by_name(
    app: Any,
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    providers: Settings,
    meta: FakeMeta,
) -> None:
    options = (await client.get("/api/alerts/campaigns/options", headers=admin)).json()["channels"]
    assert options["whatsapp"]["provider"] == "meta"
    clock, english, arabic, draft = await two_members_and_a_campaign(app, client, admin)
    await send(client, admin, draft["_id"])
    assert await run_job(db, clock) == 2
    assert await deliver(db, clock, providers) >= 2
    promotions = {
        r["json"]["to"]: r["json"]["template"]
        for r in meta.requests
        if r["json"]["template"]["name"] == "gavel_classic_cars"
    }
    digits = {m["_id"]: "".join(c for c in m["phone"] if c.isdigit()) for m in (english, arabic)}
    assert promotions[digits[english["_id"]]] == {
        "name": "gavel_classic_cars",
        "language": {"code": "en"},
        "components": [
            {
                "type": "body",
                "parameters": [{"type": "text", "text": "Aisha"}, {"type": "text", "text": "Gavel"}],
            }
        ],
    }
    assert promotions[digits[arabic["_id"]]]["language"] == {"code": "ar"}


async def test_through_meta_a_template_without_its_approved_name_is_refused_at_send(
    app: Any, client: AsyncClient, admin: dict[str, str], providers: Settings
) -> None:
    _, _, _, draft = await two_members_and_a_campaign(app, client, admin, whatsappTemplateName="")
    refused = await client.put(f"/api/alerts/campaigns/{draft['_id']}/send", json={}, headers=admin)
    assert refused.status_code == 409, refused.text
    assert refused.json()["message"] == (
        'The WhatsApp template "Classic cars" has no Meta template name: enter the name of the template '
        "approved in Meta's WhatsApp Manager under Alerts, Templates before sending it."
    )


async def test_without_a_whatsapp_promotion_template_the_options_say_what_to_do_first(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    options = (await client.get("/api/alerts/campaigns/options", headers=admin)).json()["channels"]
    assert options["whatsapp"]["ready"] is False
    assert "Add a WhatsApp promotion template first" in options["whatsapp"]["reason"]
    await whatsapp_template(client, admin)
    options = (await client.get("/api/alerts/campaigns/options", headers=admin)).json()["channels"]
    assert (options["whatsapp"]["ready"], options["whatsapp"]["reason"]) == (True, None)


async def test_the_messages_follow_the_template_as_it_is_when_they_are_written(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    """The template was edited (its approved text changed) after the draft copied it: the messages carry the
    template's text and values, which are what the approved template's variables take."""
    clock, english, _, draft = await two_members_and_a_campaign(app, client, admin)
    edited = {
        "name": "Classic cars",
        "bodyEn": "{{ business.name }}: classic cars on Thursday, {{ member.firstName }}.",
        "bodyAr": "{{ business.name }}: سيارات كلاسيكية يوم الخميس.",
        "whatsappTemplateName": "gavel_classic_cars_v2",
    }
    changed = await client.put(f"/api/alerts/templates/{draft['templateId']}", json=edited, headers=admin)
    assert changed.status_code == 200, changed.text
    await send(client, admin, draft["_id"])
    assert await run_job(db, clock) == 2
    [written] = [
        m
        for m in await messages(client, admin, channel="whatsapp", memberId=english["_id"])
        if m["campaignId"] == draft["_id"]
    ]
    shown = await detail(client, admin, written["_id"])
    assert shown["body"] == "Gavel: classic cars on Thursday, Aisha."
    assert (shown["whatsappTemplate"], shown["templateParams"]) == (
        "gavel_classic_cars_v2",
        ["Gavel", "Aisha"],
    )


async def test_a_free_text_whatsapp_draft_written_before_templates_were_required_is_refused_at_send(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    await member(client, admin, 1, promoConsentWhatsapp=True)
    at(app, MORNING)
    draft = await create(client, admin, sms())
    async with db() as session:  # as an older version wrote a WhatsApp draft: its own texts, no template
        await session.execute(
            update(AlertCampaign).where(AlertCampaign.id == draft["_id"]).values(channel="whatsapp")
        )
        await session.commit()
    refused = await client.put(f"/api/alerts/campaigns/{draft['_id']}/send", json={}, headers=admin)
    assert refused.status_code == 422, refused.text
    assert refused.json()["errors"] == [{"field": "templateId", "message": TEMPLATES_ONLY}]
