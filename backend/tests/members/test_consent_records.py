"""Consent to promotions as records (issue 28): given with how and the wording agreed to, withdrawn the same
way, never twice in the same state, never taken by phone or SMS; the member's booleans follow the newest
record per channel; the member's edit cannot tick them; records outlive the member."""

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import gavel
from gavel.audit.models import AuditEvent
from gavel.errors import Invalid
from gavel.members.consents import service
from gavel.members.consents.methods import DEFAULT_WORDING, ConsentMethod, PromoChannel
from gavel.members.consents.models import ConsentRecord
from gavel.trail.words import sentence
from tests.factories import admin_headers
from tests.members.consents import WORDING, StoppedClock, give, post_consent
from tests.members.test_members import create, person

T0 = datetime(2026, 3, 2, 6, 0, tzinfo=UTC)
LATER = T0 + timedelta(hours=1)
PANEL = "Record consent on the member's Promotions consent panel, with how it was given."


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


@pytest.fixture
def clock(app: Any) -> StoppedClock:
    moved = StoppedClock(T0)
    app.state.clock = moved
    return moved


@pytest.fixture
async def member(client: AsyncClient, admin: dict[str, str]) -> dict[str, Any]:
    return dict((await create(client, admin, person()))["data"])


async def records(client: AsyncClient, admin: dict[str, str], member_id: str) -> list[dict[str, Any]]:
    listed = await client.get(f"/api/members/{member_id}/consents", headers=admin)
    assert listed.status_code == 200, listed.text
    return list(listed.json()["items"])


def errors(answer: Any) -> list[tuple[str, str]]:
    return [(e["field"], e["message"]) for e in answer.json()["errors"]]


async def test_the_options_are_the_staff_methods_and_the_wording_per_channel(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    answer = await client.get("/api/members/consent-options", headers=admin)  # not read as a member's id
    assert answer.status_code == 200, answer.text
    options = answer.json()
    assert options["methods"] == [
        {"value": "counter_form", "label": "Signed form at the counter", "forConsent": True,
         "forWithdrawal": True},
        {"value": "written_request", "label": "In writing from the member (email or letter)",
         "forConsent": True, "forWithdrawal": True},
        {"value": "phone_request", "label": "The member asked by phone", "forConsent": False,
         "forWithdrawal": True},
    ]  # fmt: skip
    assert options["wording"] == {channel.value: DEFAULT_WORDING[channel] for channel in PromoChannel}
    assert "SMS" in options["wording"]["sms"] and "unsubscribe link" in options["wording"]["email"]


async def test_a_consent_given_then_withdrawn_is_two_records_and_each_state_is_recorded_once(
    client: AsyncClient,
    admin: dict[str, str],
    member: dict[str, Any],
    clock: StoppedClock,
    db: async_sessionmaker[AsyncSession],
) -> None:
    given = await post_consent(client, admin, member["_id"], "sms")
    assert given.status_code == 201, given.text
    record, shown = given.json()["record"], given.json()["member"]
    assert record | {"id": None, "recordedById": None} == {
        "id": None,
        "channel": "sms",
        "given": True,
        "at": "2026-03-02T06:00:00Z",
        "method": "counter_form",
        "methodLabel": "Signed form at the counter",
        "wording": WORDING,
        "recordedBy": "Administrator",
        "recordedById": None,
    }
    assert record["recordedById"] is not None
    assert (shown["_id"], shown["promoConsentSms"], shown["promoConsentEmail"]) == (
        member["_id"],
        True,
        False,
    )

    twice = await post_consent(client, admin, member["_id"], "sms")
    assert twice.status_code == 409, twice.text
    assert errors(twice) == [("given", "Saeed Al Falasi has already agreed to promotions by SMS.")]

    clock.move_to(T0 + timedelta(days=40))
    withdrawn = await post_consent(client, admin, member["_id"], "sms", False, "phone_request", None)
    assert withdrawn.status_code == 201, withdrawn.text
    assert withdrawn.json()["record"]["methodLabel"] == "The member asked by phone"
    assert withdrawn.json()["record"]["wording"] is None
    assert withdrawn.json()["member"]["promoConsentSms"] is False
    again = await post_consent(client, admin, member["_id"], "sms", False, "written_request", None)
    assert again.status_code == 409
    assert errors(again) == [("given", "Saeed Al Falasi has no consent to promotions by SMS to withdraw.")]
    email_never_given = await post_consent(client, admin, member["_id"], "email", False, "counter_form")
    assert email_never_given.status_code == 409

    listed = await records(client, admin, member["_id"])
    assert [(r["given"], r["at"]) for r in listed] == [
        (False, "2026-04-11T06:00:00Z"),
        (True, "2026-03-02T06:00:00Z"),
    ]

    async with db() as session:
        audited = (
            await session.scalars(
                select(AuditEvent)
                .where(AuditEvent.entity_id == member["_id"], AuditEvent.action.like("member.consent_%"))
                .order_by(AuditEvent.created_at)
            )
        ).all()
    assert [(a.action, a.actor_email, a.old_values) for a in audited] == [
        ("member.consent_given", "admin@example.com", {"promoConsentSms": False}),
        ("member.consent_withdrawn", "admin@example.com", {"promoConsentSms": True}),
    ]
    assert audited[1].new_values == {
        "promoConsentSms": False,
        "channel": "sms",
        "method": "phone_request",
        "consentId": listed[0]["id"],
    }
    words = [sentence(a.action, a.entity, "Saeed Al Falasi", a.old_values, a.new_values) for a in audited]
    assert words == [
        "Recorded the consent of member Saeed Al Falasi to promotions by SMS: signed form at the counter",
        "Recorded that member Saeed Al Falasi withdrew consent to promotions by SMS: "
        "the member asked by phone",
    ]


STAFF_ONLY = "is recorded only by the app when it happens, not by staff."


@pytest.mark.parametrize(
    ("given", "method", "message"),
    [
        (True, "phone_request", "Consent to promotions is never taken by phone or SMS: record it from a form "
         "the member signed at the counter or from their request in writing."),
        (True, "reply", f"'A reply to a message (STOP)' {STAFF_ONLY}"),
        (False, "reply", f"'A reply to a message (STOP)' {STAFF_ONLY}"),
        (False, "unsubscribe_link", f"'The unsubscribe link in a promotional email' {STAFF_ONLY}"),
        (True, "member_online", "'The member, on their own page online' is recorded only by the member on "
         "their own page, not by staff."),
        (True, "before_tracking", "'Recorded before consent tracking' was used only when the consents kept "
         "before records were moved to records."),
    ],
)  # fmt: skip
async def test_staff_use_only_their_methods_and_never_take_consent_by_phone(
    client: AsyncClient, admin: dict[str, str], member: dict[str, Any], given: bool, method: str, message: str
) -> None:
    if not given:
        await give(client, admin, member["_id"], "whatsapp")
    refused = await post_consent(client, admin, member["_id"], "whatsapp", given, method)
    assert refused.status_code == 422, refused.text
    assert errors(refused) == [("method", message)]
    assert len(await records(client, admin, member["_id"])) == (0 if given else 1)
    shown = (await client.get(f"/api/members/{member['_id']}", headers=admin)).json()
    assert shown["promoConsentWhatsapp"] is not given


async def test_an_unknown_method_or_channel_is_refused_at_its_field(
    client: AsyncClient, admin: dict[str, str], member: dict[str, Any]
) -> None:
    by_sms = await post_consent(client, admin, member["_id"], "sms", True, "sms_keyword")
    assert by_sms.status_code == 422 and by_sms.json()["errors"][0]["field"] == "method"
    fax = await post_consent(client, admin, member["_id"], "fax")
    assert fax.status_code == 422 and fax.json()["errors"][0]["field"] == "channel"
    assert await records(client, admin, member["_id"]) == []


@pytest.mark.parametrize("wording", [None, "", "   ", "Yes, I agree.", "x" * 19])
async def test_consent_is_given_only_with_the_wording_agreed_to(
    client: AsyncClient, admin: dict[str, str], member: dict[str, Any], wording: str | None
) -> None:
    refused = await post_consent(client, admin, member["_id"], "email", wording=wording)
    assert refused.status_code == 422, refused.text
    assert errors(refused) == [
        (
            "wording",
            "Enter the wording the member agreed to (at least 20 characters), as on the form they signed or "
            "in their request.",
        )
    ]
    assert await records(client, admin, member["_id"]) == []


async def test_the_wording_is_kept_as_one_line_and_a_withdrawal_may_carry_the_members_words(
    client: AsyncClient, admin: dict[str, str], member: dict[str, Any]
) -> None:
    spaced = "  I agree to receive\n promotional emails   about auctions.  "
    given = await post_consent(client, admin, member["_id"], "email", wording=spaced)
    assert given.json()["record"]["wording"] == "I agree to receive promotional emails about auctions."
    letter = "Please stop sending me offers by email."
    withdrawn = await post_consent(client, admin, member["_id"], "email", False, "written_request", letter)
    assert withdrawn.status_code == 201 and withdrawn.json()["record"]["wording"] == letter


async def test_the_member_edit_cannot_tick_or_untick_a_consent_and_a_new_member_has_none(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    ticked = await client.post(
        "/api/members/create", json=person(promoConsentEmail=True, promoConsentSms=True), headers=admin
    )
    assert ticked.status_code == 422, ticked.text
    assert errors(ticked) == [("promoConsentSms", PANEL), ("promoConsentEmail", PANEL)]
    created = (await create(client, admin, person(promoConsentSms=False)))["data"]
    assert (created["promoConsentSms"], created["promoConsentWhatsapp"], created["promoConsentEmail"]) == (
        False,
        False,
        False,
    )
    body = person(lastName="Al Falasi Jr")
    for contact in ("email", "phone"):
        body.pop(contact)
    path = f"/api/members/update-member/{created['_id']}"
    refused = await client.put(path, json={**body, "promoConsentWhatsapp": True}, headers=admin)
    assert refused.status_code == 422 and errors(refused) == [("promoConsentWhatsapp", PANEL)]
    assert (await client.get(f"/api/members/{created['_id']}", headers=admin)).json()[
        "lastName"
    ] == "Al Falasi"

    await give(client, admin, created["_id"], "whatsapp")
    same = await client.put(
        path, json={**body, "promoConsentWhatsapp": True, "promoConsentSms": False}, headers=admin
    )
    assert same.status_code == 200, same.text
    assert (same.json()["lastName"], same.json()["promoConsentWhatsapp"]) == ("Al Falasi Jr", True)
    untick = await client.put(path, json={**body, "promoConsentWhatsapp": False}, headers=admin)
    assert untick.status_code == 422 and errors(untick) == [("promoConsentWhatsapp", PANEL)]
    left_out = await client.put(path, json=body, headers=admin)
    assert left_out.status_code == 200 and left_out.json()["promoConsentWhatsapp"] is True


async def test_the_booleans_are_the_newest_record_per_channel_and_the_list_is_newest_first(
    client: AsyncClient, admin: dict[str, str], member: dict[str, Any], clock: StoppedClock
) -> None:
    steps = [
        ("sms", True, "counter_form"),
        ("email", True, "written_request"),
        ("whatsapp", True, "counter_form"),
        ("sms", False, "phone_request"),
        ("sms", True, "written_request"),
        ("email", False, "counter_form"),
    ]
    for n, (channel, given, method) in enumerate(steps):
        if n != 4:  # the fourth and fifth at the same instant: written in that order, listed the other way
            clock.move_to(T0 + timedelta(hours=n))
        answer = await post_consent(client, admin, member["_id"], channel, given, method)
        assert answer.status_code == 201, answer.text
    listed = await records(client, admin, member["_id"])
    assert [(r["channel"], r["given"], r["method"]) for r in listed] == list(reversed(steps))
    assert listed[1]["at"] == listed[2]["at"]
    shown = (await client.get(f"/api/members/{member['_id']}", headers=admin)).json()
    assert (shown["promoConsentSms"], shown["promoConsentWhatsapp"], shown["promoConsentEmail"]) == (
        True,
        True,
        False,
    )
    page = await client.post("/api/members/get", json={"status": "pending"}, headers=admin)
    row = next(m for m in page.json()["members"] if m["_id"] == member["_id"])
    assert (row["promoConsentSms"], row["promoConsentWhatsapp"], row["promoConsentEmail"]) == (
        True,
        True,
        False,
    )


async def test_a_member_that_does_not_exist_has_no_records(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    assert (await client.get("/api/members/none/consents", headers=admin)).status_code == 404
    posted = await post_consent(client, admin, "none", "sms")
    assert posted.status_code == 404 and posted.json()["message"] == "This member does not exist."


async def test_records_outlive_the_member_with_the_name_and_address_they_were_for(
    client: AsyncClient, admin: dict[str, str], member: dict[str, Any], db: async_sessionmaker[AsyncSession]
) -> None:
    await give(client, admin, member["_id"], "sms", "email")
    withdrawn = await post_consent(client, admin, member["_id"], "email", False, "written_request", None)
    assert withdrawn.status_code == 201
    gone = await client.request(
        "DELETE", "/api/members/delete", json={"memberIds": [member["_id"]]}, headers=admin
    )
    assert gone.status_code == 200, gone.text
    async with db() as session:
        kept = (await session.scalars(select(ConsentRecord).order_by(ConsentRecord.sequence))).all()
    assert [(r.member_id, r.sequence, r.channel, r.given, r.member_name, r.address) for r in kept] == [
        (None, 1, "sms", True, "Saeed Al Falasi", "+971507654321"),
        (None, 2, "email", True, "Saeed Al Falasi", "saeed.falasi@example.com"),
        (None, 3, "email", False, "Saeed Al Falasi", "saeed.falasi@example.com"),
    ]


async def test_the_apps_own_withdrawal_writes_only_when_there_is_a_consent(
    client: AsyncClient,
    admin: dict[str, str],
    member: dict[str, Any],
    db: async_sessionmaker[AsyncSession],
    clock: StoppedClock,
) -> None:
    await give(client, admin, member["_id"], "email")
    async with db() as session:
        link = ConsentMethod.UNSUBSCRIBE_LINK
        assert (
            await service.withdraw_if_given(
                session, member["_id"], PromoChannel.SMS, link, by_name="Unsubscribe link", now=LATER
            )
            is False
        )
        assert (
            await service.withdraw_if_given(
                session, member["_id"], PromoChannel.EMAIL, link, by_name="Unsubscribe link", now=LATER
            )
            is True
        )
        assert (
            await service.withdraw_if_given(
                session, member["_id"], PromoChannel.EMAIL, link, by_name="Unsubscribe link", now=LATER
            )
            is False
        )
        assert (
            await service.withdraw_if_given(
                session, "none", PromoChannel.EMAIL, link, by_name="Unsubscribe link", now=LATER
            )
            is False
        )
        await session.commit()
    listed = await records(client, admin, member["_id"])
    assert [(r["given"], r["method"], r["recordedBy"], r["recordedById"]) for r in listed] == [
        (False, "unsubscribe_link", "Unsubscribe link", None),
        (True, "counter_form", "Administrator", listed[1]["recordedById"]),
    ]
    shown = (await client.get(f"/api/members/{member['_id']}", headers=admin)).json()
    assert shown["promoConsentEmail"] is False


@pytest.mark.parametrize(
    ("given", "method", "message"),
    [
        (True, ConsentMethod.REPLY, "'A reply to a message (STOP)' cannot give consent to promotions."),
        (True, ConsentMethod.UNSUBSCRIBE_LINK,
         "'The unsubscribe link in a promotional email' cannot give consent to promotions."),
        (True, ConsentMethod.COUNTER_FORM, "'Signed form at the counter' is recorded by a staff user."),
        (False, ConsentMethod.PHONE_REQUEST, "'The member asked by phone' is recorded by a staff user."),
        (True, ConsentMethod.BEFORE_TRACKING, "'Recorded before consent tracking' was used only when the "
         "consents kept before records were moved to records."),
    ],
)  # fmt: skip
async def test_without_staff_only_the_members_and_the_apps_methods_suit_their_direction(
    member: dict[str, Any],
    db: async_sessionmaker[AsyncSession],
    given: bool,
    method: ConsentMethod,
    message: str,
) -> None:
    async with db() as session:
        if not given:
            await service.record(
                session, member["_id"], PromoChannel.SMS, True, ConsentMethod.MEMBER_ONLINE,
                wording=WORDING, actor=None, by_name="Saeed Al Falasi (online)", now=T0,
            )  # fmt: skip
        with pytest.raises(Invalid) as refused:
            await service.record(
                session, member["_id"], PromoChannel.SMS, given, method,
                wording=WORDING, actor=None, by_name="Someone", now=LATER,
            )  # fmt: skip
        assert refused.value.errors[0].model_dump() == {"field": "method", "message": message}
        if not given:
            with pytest.raises(Invalid, match="recorded by a staff user"):
                await service.withdraw_if_given(
                    session, member["_id"], PromoChannel.SMS, method, by_name="Someone", now=LATER
                )


async def test_the_member_records_their_own_consent_online_without_a_staff_user(
    member: dict[str, Any], db: async_sessionmaker[AsyncSession]
) -> None:
    async with db() as session:
        online = await service.record(
            session, member["_id"], PromoChannel.SMS, True, ConsentMethod.MEMBER_ONLINE,
            wording=WORDING, actor=None, by_name="Saeed Al Falasi (online)", now=T0,
        )  # fmt: skip
        assert (online.given, online.method, online.recorded_by_id, online.recorded_by) == (
            True,
            "member_online",
            None,
            "Saeed Al Falasi (online)",
        )


def test_no_code_of_the_app_changes_or_deletes_a_consent_record() -> None:
    """Kept as written (a deleted member's records stay, member_id cleared by the database's ON DELETE SET
    NULL): no statement of the app updates or deletes them, in the ORM's words or in SQL."""
    changes = re.compile(
        r"(update|delete)\(\s*ConsentRecord\b|\b(update|delete\s+from|truncate(\s+table)?)\s+\"?member_consent\b",
        re.IGNORECASE,
    )
    package = Path(gavel.__file__).parent
    offenders = [
        f"{path.relative_to(package)}: {match.group(0)}"
        for path in sorted(package.rglob("*.py"))
        for match in changes.finditer(path.read_text())
    ]
    assert offenders == []
    assert changes.search("await session.execute(delete(ConsentRecord).where(...))")
    assert changes.search('conn.execute("DELETE FROM member_consent")')
