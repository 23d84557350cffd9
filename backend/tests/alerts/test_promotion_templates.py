"""Promotion templates (templates without event): created per channel with a promotion's variables only and a
name unique on the channel, edited, deleted unless an event owns them or a campaign not yet queued uses them;
every change audited; the access matrix of the two routes."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from gavel.permissions import Module, Privilege
from tests.access import Call, check_access

SMS = {
    "channel": "sms",
    "name": "Classic cars",
    "bodyEn": "Hello {{ member.firstName }}, classic cars this Thursday at {{ business.name }}.",
    "bodyAr": "مرحباً {{ member.firstName }}، سيارات كلاسيكية هذا الخميس.",
}
CALLS = [
    Call("POST", "/api/alerts/templates", SMS, Module.ALERTS, Privilege.ADD),
    Call("DELETE", "/api/alerts/templates/none", None, Module.ALERTS, Privilege.DELETE),
]


async def create(client: AsyncClient, admin: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    created = await client.post("/api/alerts/templates", json=body, headers=admin)
    assert created.status_code == 201, created.text
    return dict(created.json())


async def listed(client: AsyncClient, admin: dict[str, str], channel: str) -> list[dict[str, Any]]:
    found = await client.post("/api/alerts/templates/get", json={"channel": channel}, headers=admin)
    assert found.status_code == 200, found.text
    return list(found.json()["data"])


async def audited(db: async_sessionmaker[AsyncSession], template_id: str) -> list[str]:
    async with db() as session:
        rows = await session.scalars(
            select(AuditEvent.action)
            .where(AuditEvent.entity == "alert_template", AuditEvent.entity_id == template_id)
            .order_by(AuditEvent.created_at, AuditEvent.id)
        )
        return list(rows.all())


async def test_promotion_templates_are_created_per_channel_and_listed_after_the_events(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    sms = await create(client, admin, {**SMS, "subjectEn": "ignored", "whatsappTemplateName": "ignored"})
    assert (sms["event"], sms["channel"], sms["name"]) == (None, "sms", "Classic cars")
    assert (sms["subjectEn"], sms["whatsappTemplateName"], sms["description"]) == (None, None, None)
    assert {v["name"] for v in sms["variables"]} >= {"member.firstName", "business.name"}
    assert not [v for v in sms["variables"] if not v["name"].startswith(("member.", "business."))]
    found = await listed(client, admin, "sms")
    assert found[-1]["_id"] == sms["_id"] and all(t["event"] for t in found[:-1])
    assert await audited(db, sms["_id"]) == ["alert_template.created"]

    whatsapp = await create(
        client, admin, {**SMS, "channel": "whatsapp", "whatsappTemplateName": "gavel_classic_cars"}
    )
    assert whatsapp["whatsappTemplateName"] == "gavel_classic_cars"
    bad_name = await client.post(
        "/api/alerts/templates",
        json={**SMS, "channel": "whatsapp", "name": "Other", "whatsappTemplateName": "Classic Cars"},
        headers=admin,
    )
    assert bad_name.status_code == 422
    assert bad_name.json()["errors"][0]["field"] == "whatsappTemplateName"

    no_subject = await client.post(
        "/api/alerts/templates", json={**SMS, "channel": "email", "subjectEn": "Classic cars"}, headers=admin
    )
    assert no_subject.status_code == 422
    assert no_subject.json()["errors"] == [
        {"field": "subjectAr", "message": "Enter the subject of the email."}
    ]
    email = await create(
        client,
        admin,
        {**SMS, "channel": "email", "subjectEn": "Classic cars", "subjectAr": "سيارات كلاسيكية"},
    )
    assert (email["subjectEn"], email["subjectAr"]) == ("Classic cars", "سيارات كلاسيكية")

    # The same name on another channel is another template; the PUT edits a promotion template as an event's.
    edited = await client.put(
        f"/api/alerts/templates/{sms['_id']}",
        json={**SMS, "name": "Classic cars, Thursday", "bodyEn": "Hi {{ member.fullName }}"},
        headers=admin,
    )
    assert edited.status_code == 200, edited.text
    assert (edited.json()["name"], edited.json()["bodyEn"]) == (
        "Classic cars, Thursday",
        "Hi {{ member.fullName }}",
    )
    assert await audited(db, sms["_id"]) == ["alert_template.created", "alert_template.updated"]


async def test_a_promotion_template_with_an_unknown_variable_is_refused_naming_it(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    refused = await client.post(
        "/api/alerts/templates",
        json={**SMS, "bodyAr": "مرحباً {{ member.firstName }}، القطعة {{ vehicle.lot }}"},
        headers=admin,
    )
    assert refused.status_code == 422
    body = refused.json()
    assert body["message"].startswith("The Arabic text uses the unknown variable vehicle.lot.")
    assert "The variables of a promotion are: member.firstName" in body["message"]
    assert body["errors"] == [
        {"field": "bodyAr", "message": "The Arabic text uses the unknown variable vehicle.lot."}
    ]
    uncomputable = await client.post(
        "/api/alerts/templates", json={**SMS, "bodyEn": "{{ member.firstName / 2 }}"}, headers=admin
    )
    assert uncomputable.status_code == 422 and uncomputable.json()["errors"][0]["field"] == "bodyEn"
    assert await listed(client, admin, "sms") == [t for t in await listed(client, admin, "sms") if t["event"]]


async def test_a_name_already_used_on_the_channel_is_refused_naming_the_field(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    first = await create(client, admin, SMS)
    twin = await client.post("/api/alerts/templates", json={**SMS, "name": "CLASSIC CARS"}, headers=admin)
    assert twin.status_code == 409
    message = 'The SMS channel already has a template named "Classic cars".'
    assert twin.json()["message"] == message
    assert twin.json()["errors"] == [{"field": "name", "message": message}]

    event_name = (await listed(client, admin, "sms"))[0]["name"]
    clash = await client.post("/api/alerts/templates", json={**SMS, "name": event_name}, headers=admin)
    assert clash.status_code == 409 and clash.json()["errors"][0]["field"] == "name"

    other = await create(client, admin, {**SMS, "name": "Spring sale"})
    renamed = await client.put(
        f"/api/alerts/templates/{other['_id']}", json={**SMS, "name": "classic cars"}, headers=admin
    )
    assert renamed.status_code == 409 and renamed.json()["errors"][0]["field"] == "name"
    same = await client.put(f"/api/alerts/templates/{first['_id']}", json=SMS, headers=admin)
    assert same.status_code == 200, same.text  # its own name is no clash
    await create(client, admin, {**SMS, "channel": "whatsapp"})  # another channel, another list of names


async def test_a_promotion_template_is_deleted_and_audited(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    template = await create(client, admin, SMS)
    deleted = await client.delete(f"/api/alerts/templates/{template['_id']}", headers=admin)
    assert deleted.status_code == 200, deleted.text
    assert deleted.json() == {"message": 'The template "Classic cars" was deleted.'}
    assert template["_id"] not in {t["_id"] for t in await listed(client, admin, "sms")}
    assert await audited(db, template["_id"]) == ["alert_template.created", "alert_template.deleted"]
    again = await client.delete(f"/api/alerts/templates/{template['_id']}", headers=admin)
    assert again.status_code == 404
    assert again.json()["message"] == "This template does not exist."


async def test_an_event_template_cannot_be_deleted(client: AsyncClient, admin: dict[str, str]) -> None:
    event = (await listed(client, admin, "email"))[0]
    refused = await client.delete(f"/api/alerts/templates/{event['_id']}", headers=admin)
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        f'"{event["name"]}" is the template of an event and cannot be deleted; switch the event off on this '
        "channel to stop its messages."
    )
    assert event["_id"] in {t["_id"] for t in await listed(client, admin, "email")}


async def test_a_template_used_by_a_campaign_not_yet_sent_is_kept(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    template = await create(
        client, admin, {**SMS, "channel": "whatsapp", "whatsappTemplateName": "gavel_classic_cars"}
    )
    draft = await client.post(
        "/api/alerts/campaigns",
        json={
            "channel": "whatsapp",
            "name": "Thursday classics",
            "templateId": template["_id"],
            "audience": {"memberType": "buyer"},
        },
        headers=admin,
    )
    assert draft.status_code == 201, draft.text
    refused = await client.delete(f"/api/alerts/templates/{template['_id']}", headers=admin)
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        '"Classic cars" is used by campaigns not yet sent: "Thursday classics" (draft). Send or cancel them, '
        "or choose another template in them, before deleting it."
    )
    assert refused.json()["campaigns"] == [draft.json()["_id"]]

    cancelled = await client.put(f"/api/alerts/campaigns/{draft.json()['_id']}/cancel", headers=admin)
    assert cancelled.status_code == 200, cancelled.text
    deleted = await client.delete(f"/api/alerts/templates/{template['_id']}", headers=admin)
    assert deleted.status_code == 200, deleted.text
    kept = await client.get(f"/api/alerts/campaigns/{draft.json()['_id']}", headers=admin)
    assert kept.status_code == 200, kept.text
    assert kept.json()["templateId"] is None  # the campaign keeps its copied texts
    assert kept.json()["bodyEn"] == SMS["bodyEn"]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_promotion_templates_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)
