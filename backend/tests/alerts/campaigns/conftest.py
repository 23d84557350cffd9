"""Members with consents and languages, campaigns written through the API, and the clock job's campaign step
run by hand with a clock the test moves (never a sleep)."""

from datetime import UTC, datetime
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.campaigns.service import queue_campaigns
from gavel.alerts.models import AlertMessage
from gavel.core.clock import DUBAI, ShiftedClock
from tests.alerts.conftest import pending_member, set_status
from tests.factories import admin_headers

# A Thursday at 10:00 in Dubai: inside the hours promotions may go out (08:00 to 21:00).
MORNING = datetime(2031, 5, 1, 10, 0, tzinfo=DUBAI).astimezone(UTC)


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


def at(app: Any, moment: datetime) -> ShiftedClock:
    """Gives the app a clock that reads `moment` now."""
    clock = ShiftedClock()
    clock.move_to(moment)
    app.state.clock = clock
    return clock


async def member(
    client: AsyncClient, admin: dict[str, str], n: int, *, status: str = "approved", **fields: Any
) -> dict[str, Any]:
    """A member (a buyer unless told) with the consents and language given, approved unless told."""
    created = await pending_member(client, admin, n, **fields)
    if status != "pending":
        changed = await set_status(client, admin, [created["_id"]], status, "Documents unreadable")
        assert changed.status_code == 200, changed.text
    return created


def sms(name: str = "Classic cars", **fields: Any) -> dict[str, Any]:
    return {
        "channel": "sms",
        "name": name,
        "bodyEn": "Hello {{ member.firstName }}, classic cars this Thursday at {{ business.name }}.",
        "bodyAr": "مرحباً {{ member.firstName }}، سيارات كلاسيكية هذا الخميس.",
        "audience": {"memberType": "buyer"},
        **fields,
    }


def whatsapp(template_id: str, name: str = "Classic cars", **fields: Any) -> dict[str, Any]:
    """A WhatsApp campaign: an approved template's, whose texts it sends (issue 28)."""
    return {
        "channel": "whatsapp",
        "name": name,
        "templateId": template_id,
        "audience": {"memberType": "buyer"},
        **fields,
    }


async def whatsapp_template(client: AsyncClient, admin: dict[str, str], **fields: Any) -> dict[str, Any]:
    """A WhatsApp promotion template with the name Meta approved it under."""
    body = {
        "channel": "whatsapp",
        "name": "Classic cars",
        "bodyEn": "Hello {{ member.firstName }}, classic cars this Thursday at {{ business.name }}.",
        "bodyAr": "مرحباً {{ member.firstName }}، سيارات كلاسيكية هذا الخميس.",
        "whatsappTemplateName": "gavel_classic_cars",
        **fields,
    }
    created = await client.post("/api/alerts/templates", json=body, headers=admin)
    assert created.status_code == 201, created.text
    return dict(created.json())


async def create(client: AsyncClient, admin: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    created = await client.post("/api/alerts/campaigns", json=body, headers=admin)
    assert created.status_code == 201, created.text
    return dict(created.json())


async def send(
    client: AsyncClient, admin: dict[str, str], campaign_id: str, send_at: str | None = None
) -> dict[str, Any]:
    sent = await client.put(
        f"/api/alerts/campaigns/{campaign_id}/send", json={"sendAt": send_at}, headers=admin
    )
    assert sent.status_code == 200, sent.text
    return dict(sent.json())


async def campaign(client: AsyncClient, admin: dict[str, str], campaign_id: str) -> dict[str, Any]:
    found = await client.get(f"/api/alerts/campaigns/{campaign_id}", headers=admin)
    assert found.status_code == 200, found.text
    return dict(found.json())


async def run_job(db: async_sessionmaker[AsyncSession], clock: ShiftedClock) -> int:
    return await queue_campaigns(db, clock)


async def deliver_all(db: async_sessionmaker[AsyncSession], campaign_id: str) -> None:
    """What the dispatcher and the provider's callbacks do to every queued message of the campaign."""
    async with db() as session:
        await session.execute(
            update(AlertMessage)
            .where(AlertMessage.campaign_id == campaign_id, AlertMessage.status == "queued")
            .values(status="delivered")
        )
        await session.commit()
