"""Every promotional SMS ends with the opt-out text of Business settings in the member's language (issue 28):
by default the operators' block short code; a changed text is what the next campaign's messages carry, and
the 1,600-character check counts it. Emails and WhatsApp promotions carry no such line."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from tests.alerts.campaigns.conftest import MORNING, at, create, member, run_job, send, sms
from tests.alerts.conftest import detail, messages

DEFAULT = {
    "en": "To opt out send B AD-GAVEL to 7726",
    "ar": "لإلغاء الاشتراك أرسل B AD-GAVEL إلى 7726",
}


async def campaign_sms(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession], clock: Any, name: str
) -> list[dict[str, Any]]:
    """An SMS campaign sent now and written: its messages as the drawer shows them."""
    draft = await create(client, admin, sms(name=name))
    await send(client, admin, draft["_id"])
    assert await run_job(db, clock) > 0
    listed = [m for m in await messages(client, admin, channel="sms") if m["campaignId"] == draft["_id"]]
    return [await detail(client, admin, m["_id"]) for m in listed]


async def set_opt_out(client: AsyncClient, admin: dict[str, str], english: str, arabic: str) -> None:
    current = (await client.get("/api/business/settings", headers=admin)).json()
    body = {k: v for k, v in current.items() if k != "updatedAt"}
    changed = await client.put(
        "/api/business/settings",
        json={**body, "promoOptOutEn": english, "promoOptOutAr": arabic},
        headers=admin,
    )
    assert changed.status_code == 200, changed.text


async def test_every_promotional_sms_ends_with_the_business_opt_out_text_in_its_language(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    for n in range(1, 5):
        await member(client, admin, n, promoConsentSms=True, preferredLanguage="ar" if n % 2 == 0 else "en")
    clock = at(app, MORNING)
    first = await campaign_sms(client, admin, db, clock, "Classic cars")
    assert sorted(m["language"] for m in first) == ["ar", "ar", "en", "en"]
    for sent in first:
        assert sent["body"].endswith("\n" + DEFAULT[sent["language"]]), sent["body"]
        assert sent["body"].count("\n") == 1, "one opt-out line"
        assert sent["sms"]["characters"] == len(sent["body"]), "the segments count it"

    await set_opt_out(
        client, admin, "To opt out send B AD-AUTOS to 7726", "لإلغاء الاشتراك أرسل B AD-AUTOS إلى 7726"
    )
    second = await campaign_sms(client, admin, db, clock, "Sports cars")
    assert len(second) == 4
    for sent in second:
        wanted = "AD-AUTOS to 7726" if sent["language"] == "en" else "B AD-AUTOS إلى 7726"
        assert sent["body"].endswith(wanted), sent["body"]
        assert "AD-GAVEL" not in sent["body"]
    for sent in first:  # the messages written before keep their text
        assert sent["body"].endswith(DEFAULT[sent["language"]])


async def test_the_length_check_counts_the_opt_out_text_of_the_settings(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    text = "x" * 1500
    assert (
        await client.post("/api/alerts/campaigns", json=sms(bodyEn=text), headers=admin)
    ).status_code == 201
    await set_opt_out(client, admin, "y" * 100, DEFAULT["ar"])
    refused = await client.post("/api/alerts/campaigns", json=sms(name="Longer", bodyEn=text), headers=admin)
    assert refused.status_code == 422
    assert refused.json()["errors"] == [
        {
            "field": "bodyEn",
            "message": "The English text is 1,601 characters with the opt-out text; an SMS or WhatsApp "
            "message may have at most 1,600.",
        }
    ]


async def test_a_promotional_email_carries_no_sms_opt_out_line(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    await member(client, admin, 1, promoConsentEmail=True)
    clock = at(app, MORNING)
    draft = await create(client, admin, sms(channel="email", subjectEn="Classic cars", subjectAr="سيارات"))
    await send(client, admin, draft["_id"])
    assert await run_job(db, clock) == 1
    [written] = [m for m in await messages(client, admin, channel="email") if m["campaignId"] == draft["_id"]]
    shown = await detail(client, admin, written["_id"])
    assert DEFAULT["en"] not in shown["body"] and "7726" not in shown["body"]
