"""A new campaign is written and sent in one step (POST /api/alerts/campaigns/send), in one transaction: a
refused send leaves no draft behind, and the dialog's request key makes a double click (two requests at the
same moment included) create one campaign. On a really committing app, as in production."""

import asyncio
from pathlib import Path
from typing import Any

from httpx import AsyncClient

from gavel.config import Settings
from tests.alerts.campaigns.conftest import MORNING, at, member, sms
from tests.committing import committing_app
from tests.factories import admin_headers

KEY = "0b7e52c4-5d1f-4a3e-9f3c-2a6d8e1b9c70"


async def campaigns(client: AsyncClient, admin: dict[str, str]) -> list[dict[str, Any]]:
    listed = await client.post("/api/alerts/campaigns/get", json={}, headers=admin)
    assert listed.status_code == 200, listed.text
    return list(listed.json()["data"])


async def test_a_refused_send_leaves_no_draft_behind(settings: Settings, tmp_path: Path) -> None:
    async with committing_app(settings, tmp_path) as (app, client):
        admin = await admin_headers(client)
        at(app, MORNING)
        await member(client, admin, 1)  # no consent to promotions
        refused = await client.post("/api/alerts/campaigns/send", json=sms(requestKey=KEY), headers=admin)
        assert refused.status_code == 422, refused.text
        assert refused.json()["errors"] == [
            {
                "field": "audience",
                "message": "Nobody would receive this campaign: the one member who matches the filters has "
                "not consented to promotions by SMS.",
            }
        ]
        late = await client.post(
            "/api/alerts/campaigns/send", json={**sms(), "sendAt": "2031-04-30T10:00:00"}, headers=admin
        )
        assert late.status_code == 422, late.text
        assert await campaigns(client, admin) == []

        # Once someone consents, the same dialog (the same key: nothing was kept) sends it.
        await member(client, admin, 2, promoConsentSms=True)
        sent = await client.post("/api/alerts/campaigns/send", json=sms(requestKey=KEY), headers=admin)
        assert sent.status_code == 201, sent.text
        assert (sent.json()["status"], sent.json()["recipientCount"]) == ("scheduled", 1)
        assert [c["_id"] for c in await campaigns(client, admin)] == [sent.json()["_id"]]


async def test_the_same_key_twice_creates_one_campaign(settings: Settings, tmp_path: Path) -> None:
    async with committing_app(settings, tmp_path) as (app, client):
        admin = await admin_headers(client)
        at(app, MORNING)
        await member(client, admin, 1, promoConsentSms=True)
        body = sms(requestKey=KEY)
        first = await client.post("/api/alerts/campaigns/send", json=body, headers=admin)
        assert first.status_code == 201, first.text
        again = await client.post("/api/alerts/campaigns", json=body, headers=admin)
        assert again.status_code == 409, again.text
        assert again.json()["errors"] == [
            {
                "field": "requestKey",
                "message": "This campaign was already created by the same dialog (a second click): "
                "find it in the list.",
            }
        ]
        assert len(await campaigns(client, admin)) == 1


async def test_two_requests_at_the_same_moment_create_one_campaign(
    settings: Settings, tmp_path: Path
) -> None:
    """On PostgreSQL the second insert waits on the unique index for the first to commit, then is refused."""
    async with committing_app(settings, tmp_path) as (app, client):
        admin = await admin_headers(client)
        at(app, MORNING)
        await member(client, admin, 1, promoConsentSms=True)
        body = sms(requestKey=KEY)
        answers = await asyncio.gather(
            *(client.post("/api/alerts/campaigns/send", json=body, headers=admin) for _ in range(2))
        )
        assert sorted(a.status_code for a in answers) == [201, 409], [a.text for a in answers]
        assert len(await campaigns(client, admin)) == 1
