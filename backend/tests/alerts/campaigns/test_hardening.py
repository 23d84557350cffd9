"""What no campaign may do to the others or to the server: a text that would render without bound, an SMS
longer than the providers take, a subject the member's values make too long, a batch that fails, a message
a provider gave back after its campaign was cancelled."""

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.campaigns import service
from gavel.alerts.delivery.promotions import CAMPAIGN_CANCELLED
from gavel.alerts.models import SUBJECT_LIMIT, AlertCampaign, AlertMessage
from tests.alerts.campaigns.conftest import MORNING, at, campaign, create, member, run_job, send, sms


async def refused(client: AsyncClient, admin: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    answer = await client.post("/api/alerts/campaigns", json=body, headers=admin)
    assert answer.status_code == 422, answer.text
    return dict(answer.json())


async def test_a_text_that_would_grow_without_bound_or_loop_is_refused_at_its_field(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    repeated = await refused(client, admin, sms(bodyEn="{{ member.firstName * 2000000000 }}"))
    assert repeated["errors"] == [
        {
            "field": "bodyEn",
            "message": "The English text cannot be rendered: repeating a text more than 100 times is not "
            "allowed.",
        }
    ]
    looped = await refused(client, admin, sms(bodyAr="{% for c in member.firstName %}{{ c }}{% endfor %}"))
    assert looped["errors"] == [
        {
            "field": "bodyAr",
            "message": "The Arabic text may use only {% if %}, {% elif %}, {% else %} and {% set %}: remove "
            "the {% for %} loop.",
        }
    ]
    widened = await refused(client, admin, sms(bodyEn="{{ member.firstName|center(1000000000) }}"))
    assert widened["errors"][0]["field"] == "bodyEn"
    assert "No filter named 'center'" in widened["errors"][0]["message"]
    # The preview of an event's template is guarded the same way.
    preview = await client.post(
        "/api/alerts/templates/preview",
        json={
            "channel": "sms",
            "event": "memberApproved",
            "language": "en",
            "body": "{{ member.firstName * 999 }}",
        },
        headers=admin,
    )
    assert preview.status_code == 422, preview.text
    assert "repeating a text more than 100 times" in preview.text


async def test_an_sms_longer_than_the_providers_take_with_the_opt_out_text_is_refused(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    long_text = "Classic cars this Thursday. " * 57  # 1,595 characters once trimmed
    answer = await refused(client, admin, sms(bodyEn=long_text))
    assert answer["errors"] == [
        {
            "field": "bodyEn",
            "message": "The English text is 1,630 characters with the opt-out text; an SMS or WhatsApp "
            "message may have at most 1,600.",
        }
    ]
    email = sms(channel="email", subjectEn="Classic cars", subjectAr="سيارات", bodyEn="Classic cars. " * 200)
    assert (await client.post("/api/alerts/campaigns", json=email, headers=admin)).status_code == 201


async def test_a_subject_the_member_values_make_too_long_is_cut_and_the_campaign_is_written(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    await member(client, admin, 1, firstName="Abdulrahman Mohammed Khalifa", promoConsentEmail=True)
    clock = at(app, MORNING)
    body = sms(
        channel="email",
        subjectEn="{{ member.fullName * 20 }}",  # 60 characters typed, about 800 rendered
        subjectAr="سيارات",
        audience={},
    )
    draft = await create(client, admin, body)
    await send(client, admin, draft["_id"])
    assert await run_job(db, clock) == 1
    async with db() as session:
        written = select(AlertMessage.subject).where(AlertMessage.campaign_id == draft["_id"])
        subject = await session.scalar(written)
    assert subject is not None and len(subject) == SUBJECT_LIMIT and subject.endswith("…")
    assert subject.startswith("Abdulrahman Mohammed Khalifa")


async def test_a_campaign_whose_batch_fails_holds_up_neither_the_others_nor_the_sweep(
    app: Any,
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await member(client, admin, 1, promoConsentSms=True)
    clock = at(app, MORNING)
    broken = await create(client, admin, sms(name="Broken"))
    await send(client, admin, broken["_id"])
    fine = await create(client, admin, sms(name="Fine"))
    await send(client, admin, fine["_id"])
    write_batch = service.campaign_service.write_batch

    async def failing(session: AsyncSession, found: AlertCampaign, now: Any, reader: Any) -> int:
        if found.id == broken["_id"]:
            raise RuntimeError("the database refused the batch")
        return await write_batch(session, found, now, reader)

    monkeypatch.setattr(service.campaign_service, "write_batch", failing)
    assert await run_job(db, clock) == 1
    assert (await campaign(client, admin, broken["_id"]))["status"] == "scheduled"  # taken up again later
    assert (await campaign(client, admin, fine["_id"]))["status"] == "sending"

    monkeypatch.setattr(service.campaign_service, "write_batch", write_batch)
    assert await run_job(db, clock) == 1  # the cause gone, the next round writes it
    assert (await campaign(client, admin, broken["_id"]))["status"] == "sending"


async def test_a_message_given_back_by_a_provider_after_its_campaign_was_cancelled_is_not_sent(
    app: Any,
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    deliver: Callable[[], Awaitable[int]],
) -> None:
    await member(client, admin, 1, promoConsentSms=True)
    clock = at(app, MORNING)
    draft = await create(client, admin, sms())
    await send(client, admin, draft["_id"])
    assert await run_job(db, clock) == 1
    async with db() as session:  # a dispatcher holds it: the provider is being called
        await session.execute(
            update(AlertMessage).where(AlertMessage.campaign_id == draft["_id"]).values(status="sending")
        )
        await session.commit()
    cancelled = await client.put(f"/api/alerts/campaigns/{draft['_id']}/cancel", headers=admin)
    assert cancelled.json()["message"] == "'Classic cars' cancelled: 0 queued messages will not be sent."
    async with db() as session:  # the provider answered 500: queued again for a retry
        await session.execute(
            update(AlertMessage)
            .where(AlertMessage.campaign_id == draft["_id"])
            .values(status="queued", next_attempt_at=clock.now())
        )
        await session.commit()

    await deliver()  # the member's approval messages go; the promotion does not
    async with db() as session:
        found = (
            await session.scalars(
                select(AlertMessage)
                .where(AlertMessage.campaign_id == draft["_id"])
                .execution_options(populate_existing=True)
            )
        ).one()
    assert (found.status, found.last_error) == ("cancelled", CAMPAIGN_CANCELLED)
    assert found.provider_message_id is None
