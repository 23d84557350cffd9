"""Members, sales and helpers for the alerts tests: the outbox is read through the messages list."""

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from httpx import AsyncClient

from gavel.config import Settings
from tests.factories import admin_headers
from tests.members.consents import consents_in, give
from tests.money.conftest import cashier, fees, sale, sell  # noqa: F401 (fixtures)

PROMO_FROM = "AD-GAVEL"
PUBLIC_URL = "http://testserver"  # the test client's address: an unsubscribe link is opened with it


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """Configured as a business that sends promotions is (issue 28): a promotional SMS sender ID, and the
    public address the unsubscribe links of promotional emails point to."""
    return settings.model_copy(update={"sms_promo_from": PROMO_FROM, "public_url": PUBLIC_URL})


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


async def pending_member(
    client: AsyncClient, admin: dict[str, str], n: int = 1, **fields: Any
) -> dict[str, Any]:
    """A member in review (no security plan), who hears of their approval; promoConsent* fields true are
    recorded as consents given at the counter (the member's edit does not tick them)."""
    fields, channels = consents_in(fields)
    body = {
        "firstName": "Aisha",
        "lastName": f"Member{n}",
        "email": f"aisha{n}@example.com",
        "phone": f"05066677{n:02d}",
        "memberIdentityNo": f"784-1988-76500{n:02d}-3",
        "memberTypes": ["buyer"],
        "memberEntity": "individual",
        "memberProfile": {
            "identityType": "passport",
            "identityExpiry": (datetime.now(UTC).date() + timedelta(days=900)).isoformat(),
        },
        **fields,
    }
    created = await client.post("/api/members/create", json=body, headers=admin)
    assert created.status_code == 201, created.text
    member = dict(created.json()["data"])
    return await give(client, admin, member["_id"], *channels) if channels else member


async def set_status(
    client: AsyncClient, admin: dict[str, str], ids: list[str], status: str, reason: str | None = None
) -> Any:
    return await client.put(
        "/api/members/update-status", json={"ids": ids, "status": status, "reason": reason}, headers=admin
    )


async def outbox(client: AsyncClient, admin: dict[str, str], **filters: Any) -> dict[str, Any]:
    listed = await client.post("/api/alerts/messages", json={"limit": 100, **filters}, headers=admin)
    assert listed.status_code == 200, listed.text
    return dict(listed.json())


async def messages(client: AsyncClient, admin: dict[str, str], **filters: Any) -> list[dict[str, Any]]:
    return list((await outbox(client, admin, **filters))["data"])


async def detail(client: AsyncClient, admin: dict[str, str], message_id: str) -> dict[str, Any]:
    found = await client.get(f"/api/alerts/messages/{message_id}", headers=admin)
    assert found.status_code == 200, found.text
    return dict(found.json())


def by_channel(found: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    channels = {m["channel"]: m for m in found}
    assert len(channels) == len(found), f"one message per channel: {found}"
    return channels
