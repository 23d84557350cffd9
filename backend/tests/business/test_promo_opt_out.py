"""The opt-out text of promotional SMS is a Business setting in English and Arabic (issue 28): by default the
operators' block short code; kept when a client leaves it out; never empty, at most 100 characters."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.models import AuditEvent
from tests.factories import admin_headers

DEFAULT_EN = "To opt out send B AD-GAVEL to 7726"
DEFAULT_AR = "لإلغاء الاشتراك أرسل B AD-GAVEL إلى 7726"


async def current(client: AsyncClient, admin: dict[str, str]) -> dict[str, Any]:
    found = await client.get("/api/business/settings", headers=admin)
    assert found.status_code == 200, found.text
    return dict(found.json())


def editable(settings: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in settings.items() if k != "updatedAt"}


async def test_the_opt_out_texts_default_to_the_block_short_code_and_are_kept_when_left_out(
    client: AsyncClient,
) -> None:
    admin = await admin_headers(client)
    settings = await current(client, admin)
    assert (settings["promoOptOutEn"], settings["promoOptOutAr"]) == (DEFAULT_EN, DEFAULT_AR)
    without = {k: v for k, v in editable(settings).items() if k not in ("promoOptOutEn", "promoOptOutAr")}
    kept = await client.put("/api/business/settings", json=without, headers=admin)
    assert kept.status_code == 200, kept.text
    assert (kept.json()["promoOptOutEn"], kept.json()["promoOptOutAr"]) == (DEFAULT_EN, DEFAULT_AR)


async def test_the_opt_out_texts_are_changed_and_audited(client: AsyncClient, session: AsyncSession) -> None:
    admin = await admin_headers(client)
    body = editable(await current(client, admin))
    changed = await client.put(
        "/api/business/settings",
        json={
            **body,
            "promoOptOutEn": "  To opt out send   B AD-AUTOS to 7726 ",
            "promoOptOutAr": "لإلغاء الاشتراك أرسل B AD-AUTOS إلى 7726",
        },
        headers=admin,
    )
    assert changed.status_code == 200, changed.text
    assert changed.json()["promoOptOutEn"] == "To opt out send B AD-AUTOS to 7726"
    assert (await current(client, admin))["promoOptOutAr"] == "لإلغاء الاشتراك أرسل B AD-AUTOS إلى 7726"
    audited = await session.scalars(
        select(AuditEvent).where(AuditEvent.action == "business.updated").order_by(AuditEvent.created_at)
    )
    last = audited.all()[-1]
    assert last.old_values is not None and last.new_values is not None
    assert last.old_values["promo_opt_out_en"] == DEFAULT_EN
    assert last.new_values["promo_opt_out_en"] == "To opt out send B AD-AUTOS to 7726"


async def test_an_empty_or_too_long_opt_out_text_is_refused_at_its_field(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    body = editable(await current(client, admin))
    empty = await client.put("/api/business/settings", json={**body, "promoOptOutAr": "   "}, headers=admin)
    assert empty.status_code == 422
    assert empty.json()["errors"] == [
        {
            "field": "promoOptOutAr",
            "message": "Enter the text that tells members how to opt out of promotional SMS.",
        }
    ]
    long = await client.put(
        "/api/business/settings", json={**body, "promoOptOutEn": "x" * 101}, headers=admin
    )
    assert long.status_code == 422
    assert long.json()["errors"] == [
        {"field": "promoOptOutEn", "message": "The opt-out text is 101 characters; it may have at most 100."}
    ]
    at_most = await client.put(
        "/api/business/settings", json={**body, "promoOptOutEn": "x" * 100}, headers=admin
    )
    assert at_most.status_code == 200 and at_most.json()["promoOptOutEn"] == "x" * 100
