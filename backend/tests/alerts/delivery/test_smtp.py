"""Email by SMTP: a multipart mail (text and HTML) with the invoice or gate pass PDF attached, the same
Message-ID at every attempt; and with the SMTP server down for 5 minutes and 1,000 mails queued, every mail
arrives once it is back: 0 lost, 0 twice."""

import re
from collections import Counter
from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.models import AlertMessage
from gavel.config import Settings
from gavel.core.clock import ShiftedClock
from tests.alerts.campaigns.conftest import MORNING, at, create, run_job, send, sms
from tests.alerts.campaigns.conftest import member as campaign_member
from tests.alerts.conftest import by_channel, messages
from tests.alerts.delivery.conftest import T0, deliver, message, queue
from tests.alerts.delivery.fakes import RawMailSink
from tests.money.test_payments import payment, record
from tests.money_out.conftest import BUYER_TOTAL


async def test_the_invoice_and_the_gate_pass_are_attached_to_their_mails(
    client: AsyncClient,
    app: Any,
    admin: dict[str, str],
    cashier: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    sale: dict[str, Any],
    smtp: Settings,
    sink: RawMailSink,
) -> None:
    khalid = sale["buyer"]["_id"]
    paid = await record(client, admin, payment(sale["invoice"], BUYER_TOTAL))
    assert (await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)).status_code == 200
    issued = await client.post(
        "/api/gate-passes/issue", json={"vehicleId": sale["cars"][0]["_id"]}, headers=cashier
    )
    assert issued.status_code in (200, 201), issued.text
    invoice_mail = by_channel(await messages(client, admin, memberId=khalid, event="invoiceIssued"))["email"]
    gate_mail = by_channel(await messages(client, admin, memberId=khalid, event="gatePassIssued"))["email"]

    assert await deliver(db, sale["clock"], smtp) > 0
    mails = {m["Message-ID"]: m for m in sink.mails}
    for sent, filename in (
        (invoice_mail, f"{sale['invoice']['invoiceNo']}.pdf"),
        (gate_mail, None),
    ):
        found = await message(db, sent["_id"])
        assert (found.status, found.provider) == ("sent", "smtp")
        assert found.provider_message_id == f"<{sent['_id']}@gavel.ae>"
        mail = mails[found.provider_message_id]
        assert mail.get_content_type() == "multipart/mixed"
        assert mail["Subject"] == found.subject and mail["To"].addresses[0].addr_spec == found.recipient
        text = mail.get_body(preferencelist=("plain",))
        html = mail.get_body(preferencelist=("html",))
        assert text is not None and html is not None
        assert text.get_content().replace("\r\n", "\n").strip() == found.body.strip()
        assert html.get_content().replace("\r\n", "\n") == found.body_html
        attachments = list(mail.iter_attachments())
        assert len(attachments) == 1
        assert attachments[0].get_content_type() == "application/pdf"
        if filename:
            assert attachments[0].get_filename() == filename
        else:
            assert re.fullmatch(r"gate-pass-lot-\d+\.pdf", attachments[0].get_filename() or "")
        assert attachments[0].get_content().startswith(b"%PDF")


async def test_system_mails_keep_their_secret_off_the_screens(
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    clock: ShiftedClock,
    smtp: Settings,
    sink: RawMailSink,
) -> None:
    assert (await client.post("/api/forgot-password", json={"email": "admin@example.com"})).status_code == 200
    listed = await messages(client, admin, channel="email")
    code_mail = next(m for m in listed if m["event"] == "oneTimeCode")
    assert code_mail["origin"] == "system" and code_mail["subject"] == "Your Gavel verification code: ••••••"
    detail = await client.get(f"/api/alerts/messages/{code_mail['_id']}", headers=admin)
    assert "••••••" in detail.json()["body"] and detail.json()["templateParams"] is None
    clock.move_to(clock.now() + timedelta(days=3650))  # the app wrote it on the real clock
    assert await deliver(db, clock, smtp) == 1
    sent = sink.mails[-1]
    code = str(sent["Subject"]).rsplit(" ", 1)[1]
    assert code.isdigit() and len(code) == 6
    text = sent.get_body(preferencelist=("plain",))
    html = sent.get_body(preferencelist=("html",))
    assert text is not None and html is not None
    assert code in text.get_content() and code in html.get_content()
    assert await messages(client, admin, search=code) == [], "the code is not searchable"
    stored = await message(db, code_mail["_id"])
    assert stored.template_params is None and code not in stored.body


async def test_smtp_down_for_five_minutes_with_1000_queued_loses_nothing_and_sends_nothing_twice(
    db: async_sessionmaker[AsyncSession], clock: ShiftedClock, smtp: Settings, sink: RawMailSink
) -> None:
    ids = await queue(db, "email", T0, count=1000)
    sink.stop()
    while clock.now() < T0 + timedelta(minutes=5):
        await deliver(db, clock, smtp)
        clock.move_to(clock.now() + timedelta(seconds=20))
    async with db() as session:
        counted = select(AlertMessage.status, func.count()).group_by(AlertMessage.status)
        statuses = {status: n for status, n in (await session.execute(counted)).all()}
    assert statuses.get("queued") == 1000 and not statuses.get("failed"), statuses
    sink.start()
    for _ in range(60):  # at most an hour of the clock, a minute at a time
        await deliver(db, clock, smtp)
        async with db() as session:
            waiting = await session.scalar(
                select(func.count()).where(AlertMessage.id.in_(ids), AlertMessage.status != "sent")
            )
        if not waiting:
            break
        clock.move_to(clock.now() + timedelta(minutes=1))
    assert waiting == 0, "0 lost"
    received = Counter(str(m["Message-ID"]) for m in sink.mails)
    assert len(received) == 1000 and set(received.values()) == {1}, "0 twice"
    assert set(received) == {f"<{i}@gavel.ae>" for i in ids}


async def test_a_campaign_email_goes_out_with_the_html_part_made_from_its_text(
    app: Any,
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    smtp: Settings,
    sink: RawMailSink,
) -> None:
    """A campaign stores no HTML part (it follows from the subject and text): it is made when the mail is
    sent, in the member's language, and the message's page shows the same."""
    await campaign_member(client, admin, 1, promoConsentEmail=True, preferredLanguage="ar")
    clock = at(app, MORNING)
    body = sms(channel="email", subjectEn="Classic cars", subjectAr="سيارات كلاسيكية")
    draft = await create(client, admin, body)
    await send(client, admin, draft["_id"])
    assert await run_job(db, clock) == 1
    [written] = [m for m in await messages(client, admin, channel="email") if m["campaignId"] == draft["_id"]]
    assert (await message(db, written["_id"])).body_html is None
    shown = (await client.get(f"/api/alerts/messages/{written['_id']}", headers=admin)).json()["bodyHtml"]
    assert await deliver(db, clock, smtp) >= 1  # with the member's approval mail
    [mail] = [m for m in sink.mails if m["Message-ID"] == f"<{written['_id']}@gavel.ae>"]
    html = mail.get_body(preferencelist=("html",))
    assert html is not None and html.get_content().replace("\r\n", "\n") == shown
    assert '<html lang="ar" dir="rtl">' in shown and "<title>سيارات كلاسيكية</title>" in shown
