"""The fake providers (started once, emptied before each test), settings that point the app at them, a
movable clock and helpers that write messages to the outbox and read them back."""

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.delivery.dispatcher import deliver_due
from gavel.alerts.models import AlertMessage, AlertMessageEvent
from gavel.config import Settings
from gavel.core.clock import ShiftedClock
from tests.alerts.delivery.fakes import FakeMeta, FakeTwilio, RawMailSink

T0 = datetime(2031, 5, 1, 8, 0, tzinfo=UTC)  # 12:00 in Dubai


@pytest.fixture(scope="session")
def twilio_server() -> Iterator[FakeTwilio]:
    server = FakeTwilio()
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def meta_server() -> Iterator[FakeMeta]:
    server = FakeMeta()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def sink() -> Iterator[RawMailSink]:
    """An SMTP server that keeps each mail as received, headers and all."""
    server = RawMailSink().start()
    yield server
    server.stop()


@pytest.fixture
def smtp(settings: Settings, sink: RawMailSink) -> Settings:
    return settings.model_copy(update={"smtp_port": sink.port, "mail_from": "Gavel <no-reply@gavel.ae>"})


@pytest.fixture
def twilio(twilio_server: FakeTwilio) -> FakeTwilio:
    twilio_server.reset()
    return twilio_server


@pytest.fixture
def meta(meta_server: FakeMeta) -> FakeMeta:
    meta_server.reset()
    return meta_server


@pytest.fixture
def providers(settings: Settings, twilio: FakeTwilio, meta: FakeMeta, app: Any) -> Settings:
    """SMS by Twilio, WhatsApp by Meta, email by the SMTP sink; callbacks to the test client's host. The app
    reads the same settings (the webhooks verify with them)."""
    configured = settings.model_copy(
        update={
            "public_url": "http://testserver",
            "sms_provider": "auto",
            "whatsapp_provider": "auto",
            "twilio_account_sid": twilio.account_sid,
            "twilio_auth_token": twilio.auth_token,
            "twilio_sms_from": "+15005550006",
            "twilio_whatsapp_from": "+14155238886",
            "twilio_base_url": twilio.base_url,
            "meta_phone_number_id": meta.phone_number_id,
            "meta_access_token": meta.token,
            "meta_app_secret": meta.app_secret,
            "meta_verify_token": "verify-me",
            "meta_base_url": meta.base_url,
            "meta_api_version": meta.version,
        }
    )
    app.state.settings = configured
    return configured


@pytest.fixture
def clock(app: Any) -> ShiftedClock:
    """The app's clock and the dispatcher's, standing on T0."""
    moved = ShiftedClock()
    moved.move_to(T0)
    app.state.clock = moved
    return moved


def outbox_message(channel: str, n: int, now: datetime, **values: Any) -> AlertMessage:
    recipient = f"member{n}@example.com" if channel == "email" else f"+97150{n:07d}"
    fields: dict[str, Any] = {
        "channel": channel,
        "origin": "event",
        "event": "memberApproved",
        "recipient": recipient,
        "recipient_name": f"Member {n}",
        "language": "en",
        "subject": f"Welcome {n}" if channel == "email" else None,
        "body": f"Message number {n}",
        "body_html": f"<p>Message number {n}</p>" if channel == "email" else None,
        "whatsapp_template": "gavel_member_approved" if channel == "whatsapp" else None,
        "template_params": [f"Member {n}"] if channel == "whatsapp" else None,
        "status": "queued",
        "attempts": 0,
        "next_attempt_at": now,
        "created_at": now,
        "updated_at": now,
        "search_text": recipient,
        **values,
    }
    return AlertMessage(**fields)


async def queue(
    db: async_sessionmaker[AsyncSession], channel: str, now: datetime, count: int = 1, **values: Any
) -> list[str]:
    async with db() as session:
        made = [outbox_message(channel, n, now, **values) for n in range(1, count + 1)]
        session.add_all(made)
        await session.commit()
        return [m.id for m in made]


async def message(db: async_sessionmaker[AsyncSession], message_id: str) -> AlertMessage:
    async with db() as session:
        found = await session.get(AlertMessage, message_id, populate_existing=True)
        assert found is not None
        return found


async def timeline(db: async_sessionmaker[AsyncSession], message_id: str) -> list[tuple[str, str | None]]:
    async with db() as session:
        rows = await session.execute(
            select(AlertMessageEvent.status, AlertMessageEvent.detail)
            .where(AlertMessageEvent.message_id == message_id)
            .order_by(AlertMessageEvent.at, AlertMessageEvent.id)
        )
        return [(status, detail) for status, detail in rows.all()]


async def deliver(db: async_sessionmaker[AsyncSession], clock: ShiftedClock, settings: Settings) -> int:
    return await deliver_due(db, clock, settings)
