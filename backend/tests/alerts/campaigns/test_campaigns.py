"""Campaigns: the audience counted with consent, drafts checked, sent now or later, written one message per
consenting member in their language with the opt-out text, the quiet hours kept, cancelled, and results."""

from datetime import UTC, datetime, timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.campaigns.promotional import quiet_until
from gavel.alerts.models import AlertMessage, AlertTemplate
from gavel.core.clock import DUBAI
from gavel.members.models import Member
from tests.alerts.campaigns.conftest import (
    MORNING,
    at,
    campaign,
    create,
    deliver_all,
    member,
    run_job,
    send,
    sms,
    whatsapp,
    whatsapp_template,
)
from tests.alerts.conftest import detail, messages


async def audience(client: AsyncClient, admin: dict[str, str], channel: str, **filters: Any) -> Any:
    counted = await client.post(
        "/api/alerts/campaigns/audience-count",
        json={"channel": channel, "audience": filters},
        headers=admin,
    )
    assert counted.status_code == 200, counted.text
    return counted.json()


async def four_members(client: AsyncClient, admin: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Two consenting buyers (English, Arabic), a buyer who did not consent, a consenting seller."""
    return {
        "english": await member(client, admin, 1, promoConsentSms=True, promoConsentEmail=True),
        "arabic": await member(
            client, admin, 2, promoConsentSms=True, promoConsentEmail=True, preferredLanguage="ar"
        ),
        "silent": await member(client, admin, 3),
        "seller": await member(
            client, admin, 4, memberTypes=["seller"], sellerType="dealer", promoConsentSms=True
        ),
    }


# ------------------------------------------------------------------------------------------ audience


async def test_the_audience_counts_only_members_who_consented_on_the_channel(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    await four_members(client, admin)
    await member(client, admin, 5, status="pending", promoConsentSms=True)
    assert await audience(client, admin, "sms") == {"recipients": 3, "matching": 4}
    assert await audience(client, admin, "sms", memberType="buyer") == {"recipients": 2, "matching": 3}
    assert await audience(client, admin, "email", memberType="buyer") == {"recipients": 2, "matching": 3}
    assert await audience(client, admin, "whatsapp") == {"recipients": 0, "matching": 4}
    assert await audience(client, admin, "sms", sellerType="dealer") == {"recipients": 1, "matching": 1}
    assert await audience(client, admin, "sms", status="pending") == {"recipients": 1, "matching": 1}
    refused = await client.post(
        "/api/alerts/campaigns/audience-count",
        json={"channel": "sms", "audience": {"memberType": "dealer"}},
        headers=admin,
    )
    assert refused.status_code == 422
    assert refused.json()["errors"][0]["field"] == "audience.memberType"


# ------------------------------------------------------------------------------------------ drafts


async def test_a_draft_needs_both_languages_known_variables_and_for_email_both_subjects(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    missing = await client.post("/api/alerts/campaigns", json=sms(bodyAr="  "), headers=admin)
    assert missing.status_code == 422
    assert missing.json()["message"] == "Enter the text in English and Arabic."
    assert missing.json()["errors"] == [{"field": "bodyAr", "message": "Enter the Arabic text."}]

    unknown = await client.post(
        "/api/alerts/campaigns", json=sms(bodyEn="Your lot {{ vehicle.lot }} is ready"), headers=admin
    )
    assert unknown.status_code == 422
    assert unknown.json()["errors"] == [
        {"field": "bodyEn", "message": "The English text uses the unknown variable vehicle.lot."}
    ]
    assert "The variables of a promotion are: member.firstName" in unknown.json()["message"]

    email = await client.post("/api/alerts/campaigns", json=sms(channel="email"), headers=admin)
    assert email.status_code == 422
    assert {e["field"] for e in email.json()["errors"]} == {"subjectEn", "subjectAr"}

    broken = await client.post(
        "/api/alerts/campaigns", json=sms(bodyAr="{{ member.firstName / 2 }}"), headers=admin
    )
    assert broken.status_code == 422
    assert broken.json()["errors"][0]["field"] == "bodyAr"
    assert broken.json()["message"].startswith("The Arabic text cannot be rendered: unsupported operand")

    wrong = await client.post("/api/alerts/campaigns", json=sms(templateId="none"), headers=admin)
    assert wrong.status_code == 422
    assert wrong.json()["errors"][0] == {
        "field": "templateId",
        "message": "Choose a promotion template of the SMS channel.",
    }


async def test_a_free_template_fills_the_texts_the_draft_leaves_out_and_a_draft_is_edited(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    async with db() as session:
        template = AlertTemplate(
            channel="sms", name="Weekly sale", body_en="Sale on {{ business.name }}", body_ar="تخفيضات"
        )
        session.add(template)
        await session.commit()
        template_id = template.id
    body = sms(templateId=template_id, bodyEn=None, bodyAr=None)
    draft = await create(client, admin, body)
    assert draft["status"] == "draft"
    assert (draft["bodyEn"], draft["bodyAr"], draft["templateId"]) == (
        "Sale on {{ business.name }}",
        "تخفيضات",
        template_id,
    )
    none = {"memberType": None, "memberEntity": None, "sellerType": None, "securityPlan": None}
    assert draft["audience"] == {**none, "memberType": "buyer", "status": "approved"}
    edited = await client.put(
        f"/api/alerts/campaigns/{draft['_id']}",
        json=sms(name="Spring sale", audience={"memberEntity": "organization"}),
        headers=admin,
    )
    assert edited.status_code == 200, edited.text
    assert edited.json()["name"] == "Spring sale"
    assert edited.json()["audience"] == {**none, "memberEntity": "organization", "status": "approved"}


# ------------------------------------------------------------------------------------------ sending


async def test_sent_now_each_consenting_member_gets_one_sms_in_their_language_with_the_opt_out_text(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    people = await four_members(client, admin)
    clock = at(app, MORNING)
    draft = await create(client, admin, sms())
    assert draft["results"]["percent"] == 0
    scheduled = await send(client, admin, draft["_id"])
    assert (scheduled["status"], scheduled["recipientCount"]) == ("scheduled", 2)
    assert scheduled["sendAt"].startswith("2031-05-01T06:00")

    assert await run_job(db, clock) == 2
    found = {m["memberId"]: m for m in await messages(client, admin, channel="sms") if m["campaignId"]}
    assert set(found) == {people["english"]["_id"], people["arabic"]["_id"]}
    english = await detail(client, admin, found[people["english"]["_id"]]["_id"])
    arabic = await detail(client, admin, found[people["arabic"]["_id"]]["_id"])
    assert (
        english["body"]
        == "Hello Aisha, classic cars this Thursday at Gavel.\nTo opt out send B AD-GAVEL to 7726"
    )
    assert english["origin"] == "campaign" and english["language"] == "en" and english["event"] is None
    assert (
        arabic["body"] == "مرحباً Aisha، سيارات كلاسيكية هذا الخميس.\nلإلغاء الاشتراك أرسل B AD-GAVEL إلى 7726"
    )
    assert arabic["language"] == "ar"
    assert english["nextAttemptAt"].startswith("2031-05-01T06:00")  # at once: inside the allowed hours

    sending = await campaign(client, admin, draft["_id"])
    assert (sending["status"], sending["queuedCount"]) == ("sending", 2)
    assert sending["results"] == {
        "written": 2, "waiting": 2, "sent": 0, "delivered": 0, "read": 0, "failed": 0, "cancelled": 0,
        "optedOut": 0, "percent": 0,
    }  # fmt: skip
    assert await run_job(db, clock) == 0, "written once"
    await deliver_all(db, draft["_id"])
    await run_job(db, clock)
    done = await campaign(client, admin, draft["_id"])
    assert (done["status"], done["results"]["delivered"], done["results"]["percent"]) == ("done", 2, 100)
    assert done["finishedAt"] is not None


async def test_an_email_campaign_has_subjects_and_html_in_the_member_language_and_no_sms_opt_out(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    people = await four_members(client, admin)
    clock = at(app, datetime(2031, 5, 1, 23, 0, tzinfo=DUBAI))  # emails are not held by the quiet hours
    body = sms(channel="email", subjectEn="Classic cars", subjectAr="سيارات كلاسيكية")
    draft = await create(client, admin, body)
    await send(client, admin, draft["_id"])
    await run_job(db, clock)
    found = {m["memberId"]: m for m in await messages(client, admin, channel="email") if m["campaignId"]}
    arabic = await detail(client, admin, found[people["arabic"]["_id"]]["_id"])
    assert arabic["subject"] == "سيارات كلاسيكية"
    assert "STOP" not in arabic["body"]
    assert 'dir="rtl"' in (arabic["bodyHtml"] or "")
    assert arabic["recipient"] == "aisha2@example.com"
    assert arabic["nextAttemptAt"].startswith("2031-05-01T19:00")  # now: emails have no quiet hours


async def test_a_campaign_sent_for_later_waits_for_its_time_and_a_past_time_is_refused(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    await four_members(client, admin)
    clock = at(app, MORNING)
    draft = await create(client, admin, sms())
    past = (MORNING - timedelta(minutes=5)).isoformat()
    refused = await client.put(
        f"/api/alerts/campaigns/{draft['_id']}/send", json={"sendAt": past}, headers=admin
    )
    assert refused.status_code == 422
    assert refused.json()["errors"] == [
        {"field": "sendAt", "message": "The send time has passed: choose a later time or send it now."}
    ]
    later = "2031-05-01T12:00:00"  # without a zone: Dubai time, as the screens send it (two hours on)
    scheduled = await send(client, admin, draft["_id"], later)
    assert scheduled["sendAt"].startswith("2031-05-01T08:00")
    assert await run_job(db, clock) == 0
    assert (await campaign(client, admin, draft["_id"]))["status"] == "scheduled"
    clock.move_to(MORNING + timedelta(hours=2, seconds=1))
    assert await run_job(db, clock) == 2
    again = await client.put(f"/api/alerts/campaigns/{draft['_id']}/send", json={}, headers=admin)
    assert again.status_code == 409
    assert (
        again.json()["message"] == "'Classic cars' is sending: only draft or scheduled campaigns can be sent."
    )
    edit = await client.put(f"/api/alerts/campaigns/{draft['_id']}", json=sms(), headers=admin)
    assert edit.status_code == 409
    assert edit.json()["message"] == "'Classic cars' is sending: only draft campaigns can be edited."


async def test_nobody_consenting_refuses_the_send(
    app: Any, client: AsyncClient, admin: dict[str, str]
) -> None:
    await four_members(client, admin)
    at(app, MORNING)
    template = await whatsapp_template(client, admin)
    draft = await create(client, admin, whatsapp(template["_id"]))
    refused = await client.put(f"/api/alerts/campaigns/{draft['_id']}/send", json={}, headers=admin)
    assert refused.status_code == 422
    assert refused.json()["errors"] == [
        {
            "field": "audience",
            "message": "Nobody would receive this campaign: none of the 3 members who match the filters "
            "consented to promotions by WhatsApp.",
        }
    ]


# ------------------------------------------------------------------------------------------ quiet hours


def test_quiet_hours_end_at_the_next_allowed_moment_in_dubai() -> None:
    def dubai(day: int, hour: int, minute: int = 0) -> datetime:
        return datetime(2031, 5, day, hour, minute, tzinfo=DUBAI)

    def ends(moment: datetime) -> datetime | None:
        found = quiet_until(moment.astimezone(UTC), "21:00", "08:00")
        return found.astimezone(DUBAI) if found else None

    assert ends(dubai(1, 8)) is None
    assert ends(dubai(1, 20, 59)) is None
    assert ends(dubai(1, 21)) == dubai(2, 8)
    assert ends(dubai(1, 23, 30)) == dubai(2, 8)
    assert ends(dubai(2, 0, 5)) == dubai(2, 8)
    assert ends(dubai(2, 7, 59)) == dubai(2, 8)
    assert quiet_until(dubai(1, 13).astimezone(UTC), "13:00", "14:00") == dubai(1, 14).astimezone(UTC)
    assert quiet_until(dubai(1, 23).astimezone(UTC), "13:00", "14:00") is None
    assert quiet_until(dubai(1, 23).astimezone(UTC), "00:00", "00:00") is None


async def test_promotional_sms_written_in_the_quiet_hours_wait_until_eight_in_dubai(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    await four_members(client, admin)
    clock = at(app, datetime(2031, 5, 1, 22, 30, tzinfo=DUBAI))
    draft = await create(client, admin, sms())
    await send(client, admin, draft["_id"])
    assert await run_job(db, clock) == 2
    eight = datetime(2031, 5, 2, 8, 0, tzinfo=DUBAI).astimezone(UTC)
    async with db() as session:
        due = set(
            await session.scalars(
                select(AlertMessage.next_attempt_at).where(AlertMessage.campaign_id == draft["_id"])
            )
        )
    assert due == {eight}


async def test_queued_promotions_left_at_nine_pm_wait_for_the_morning(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    await four_members(client, admin)
    clock = at(app, datetime(2031, 5, 1, 20, 59, tzinfo=DUBAI))
    draft = await create(client, admin, sms())
    await send(client, admin, draft["_id"])
    await run_job(db, clock)
    clock.move_to(datetime(2031, 5, 1, 21, 0, 30, tzinfo=DUBAI))
    await run_job(db, clock)  # the sweep: what the dispatcher has not sent by 21:00 waits
    async with db() as session:
        due = set(
            await session.scalars(
                select(AlertMessage.next_attempt_at).where(AlertMessage.campaign_id == draft["_id"])
            )
        )
    assert due == {datetime(2031, 5, 2, 8, 0, tzinfo=DUBAI).astimezone(UTC)}


# ------------------------------------------------------------------------------------------ opt-out, cancel


async def test_a_member_who_withdraws_consent_after_queueing_is_skipped_and_counted_as_opted_out(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    people = await four_members(client, admin)
    clock = at(app, MORNING)
    draft = await create(client, admin, sms())
    await send(client, admin, draft["_id"])
    await run_job(db, clock)
    async with db() as session:  # what an inbound STOP or the member page does
        await session.execute(
            update(Member).where(Member.id == people["arabic"]["_id"]).values(promo_consent_sms=False)
        )
        await session.commit()
    await run_job(db, clock)
    mine = {m["memberId"]: m for m in await messages(client, admin, channel="sms") if m["campaignId"]}
    stopped = await detail(client, admin, mine[people["arabic"]["_id"]]["_id"])
    assert stopped["status"] == "cancelled"
    assert stopped["timeline"][-1]["detail"] == "Opted out of promotions on this channel after it was queued"
    assert mine[people["english"]["_id"]]["status"] == "queued"
    results = (await campaign(client, admin, draft["_id"]))["results"]
    assert (results["optedOut"], results["cancelled"], results["waiting"], results["percent"]) == (
        1,
        0,
        1,
        50,
    )
    await deliver_all(db, draft["_id"])
    await run_job(db, clock)
    done = await campaign(client, admin, draft["_id"])
    assert done["status"] == "done"
    assert (done["results"]["delivered"], done["results"]["optedOut"], done["results"]["percent"]) == (
        1,
        1,
        100,
    )


async def test_cancelling_stops_the_queued_messages_and_a_finished_campaign_cannot_be_cancelled(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    await four_members(client, admin)
    clock = at(app, datetime(2031, 5, 1, 22, 0, tzinfo=DUBAI))
    draft = await create(client, admin, sms())
    await send(client, admin, draft["_id"])
    await run_job(db, clock)
    cancelled = await client.put(f"/api/alerts/campaigns/{draft['_id']}/cancel", headers=admin)
    assert cancelled.status_code == 200, cancelled.text
    assert cancelled.json()["message"] == "'Classic cars' cancelled: 2 queued messages will not be sent."
    data = cancelled.json()["data"]
    assert (data["status"], data["results"]["cancelled"], data["results"]["percent"]) == ("cancelled", 2, 100)
    mine = [m for m in await messages(client, admin, channel="sms") if m["campaignId"]]
    assert {m["status"] for m in mine} == {"cancelled"}
    timeline = (await detail(client, admin, mine[0]["_id"]))["timeline"]
    assert timeline[-1]["detail"] == "Campaign cancelled by admin@example.com"
    twice = await client.put(f"/api/alerts/campaigns/{draft['_id']}/cancel", headers=admin)
    assert twice.status_code == 200
    assert twice.json()["message"] == "'Classic cars' was already cancelled."
    assert await run_job(db, clock) == 0

    other = await create(client, admin, sms(name="Spring sale"))
    await send(client, admin, other["_id"])
    clock.move_to(MORNING + timedelta(days=1))
    await run_job(db, clock)
    await deliver_all(db, other["_id"])
    await run_job(db, clock)
    refused = await client.put(f"/api/alerts/campaigns/{other['_id']}/cancel", headers=admin)
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        "'Spring sale' is done: only draft, scheduled, queueing or sending campaigns can be cancelled."
    )
    missing = await client.put("/api/alerts/campaigns/none/cancel", headers=admin)
    assert missing.status_code == 404
    assert missing.json()["message"] == "This campaign does not exist."


# ------------------------------------------------------------------------------------------ the list


async def test_campaigns_are_listed_per_channel_newest_first_with_paging_and_counts(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    await four_members(client, admin)
    clock = at(app, MORNING)
    for n in range(3):
        clock.move_to(MORNING + timedelta(minutes=n))
        await create(client, admin, sms(name=f"Sale {n}"))
    await create(client, admin, sms(name="Mail", channel="email", subjectEn="S", subjectAr="ع"))
    first = await client.post("/api/alerts/campaigns/get", json={"channel": "sms", "limit": 2}, headers=admin)
    assert first.status_code == 200, first.text
    body = first.json()
    assert [c["name"] for c in body["data"]] == ["Sale 2", "Sale 1"]
    assert (body["totalPages"], body["currentPage"], body["totalMatching"]) == (2, 1, 3)
    assert body["counts"]["draft"] == 3 and body["counts"]["sending"] == 0
    second = await client.post(
        "/api/alerts/campaigns/get", json={"channel": "sms", "limit": 2, "pageNo": 2}, headers=admin
    )
    assert [c["name"] for c in second.json()["data"]] == ["Sale 0"]
    searched = await client.post(
        "/api/alerts/campaigns/get", json={"channel": "sms", "search": "sale 1"}, headers=admin
    )
    assert [c["name"] for c in searched.json()["data"]] == ["Sale 1"]
