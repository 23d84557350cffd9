"""The messages list: filters, search, counts per status from one query, a message's timeline, and what
staff may do with messages (retry failed or cancelled ones, cancel queued or failed ones)."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy import event, select, update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from gavel.alerts.models import AlertMessage
from gavel.audit.models import AuditEvent
from tests.alerts.conftest import by_channel, detail, messages, outbox, pending_member, set_status
from tests.auctions.factory import SALE_START, moved_clock

ALL = {"queued": 0, "sending": 0, "sent": 0, "delivered": 0, "read": 0, "failed": 0, "cancelled": 0}


async def approved(client: AsyncClient, admin: dict[str, str], n: int, **fields: Any) -> dict[str, Any]:
    member = await pending_member(client, admin, n, **fields)
    assert (await set_status(client, admin, [member["_id"]], "approved")).status_code == 200
    return member


async def mark(db: async_sessionmaker[AsyncSession], message_id: str, **values: Any) -> None:
    """What a dispatcher would record (it does not exist yet)."""
    async with db() as session:
        await session.execute(update(AlertMessage).where(AlertMessage.id == message_id).values(**values))
        await session.commit()


async def test_the_list_filters_by_channel_status_event_member_dates_and_search(
    client: AsyncClient, app: Any, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    moved_clock(app, SALE_START)  # 01/05/2031 16:00 in Dubai
    aisha = await approved(client, admin, 1)
    moved_clock(app, SALE_START + timedelta(days=2))
    omar = await approved(client, admin, 2, firstName="Omar", preferredLanguage="ar")
    rejected = await pending_member(client, admin, 3, firstName="Salem")
    await set_status(client, admin, [rejected["_id"]], "rejected", "Expired passport scan")

    everything = await outbox(client, admin)
    assert everything["totalMatching"] == 9 and everything["counts"] == {**ALL, "queued": 9}
    assert [m["memberId"] for m in everything["data"]][-3:] == [aisha["_id"]] * 3, "newest first"

    sms = await outbox(client, admin, channel="sms")
    assert sms["totalMatching"] == 3 and {m["channel"] for m in sms["data"]} == {"sms"}
    assert sms["counts"] == {**ALL, "queued": 3}
    assert len(await messages(client, admin, event="memberRejected")) == 3
    assert {m["memberId"] for m in await messages(client, admin, memberId=omar["_id"])} == {omar["_id"]}
    first_day = await messages(client, admin, dateFrom="2031-05-01", dateTo="2031-05-01")
    assert {m["memberId"] for m in first_day} == {aisha["_id"]}
    assert len(await messages(client, admin, dateFrom="2031-05-02")) == 6

    # Search: a phone as people type it, an email, words of the text (Arabic too), case-insensitive.
    assert {m["memberId"] for m in await messages(client, admin, search="050 666 7702")} == {omar["_id"]}
    assert len(await messages(client, admin, search="AISHA1@EXAMPLE.COM")) == 1
    assert {m["memberId"] for m in await messages(client, admin, search="expired passport")} == {
        rejected["_id"]
    }
    assert {m["language"] for m in await messages(client, admin, search="تمت الموافقة")} == {"ar"}
    assert await messages(client, admin, search="100%_") == []

    sent = by_channel(await messages(client, admin, memberId=aisha["_id"]))
    await mark(db, sent["sms"]["_id"], status="delivered")
    await mark(db, sent["email"]["_id"], status="failed", last_error="550 mailbox unavailable")
    failed = await outbox(client, admin, status="failed")
    assert [m["_id"] for m in failed["data"]] == [sent["email"]["_id"]]
    assert failed["data"][0]["lastError"] == "550 mailbox unavailable"
    # The counts keep every status of the other filters, whatever status is listed.
    assert failed["counts"] == {**ALL, "queued": 7, "delivered": 1, "failed": 1}
    assert (await outbox(client, admin, status="failed", channel="sms"))["counts"] == {
        **ALL, "queued": 2, "delivered": 1,
    }  # fmt: skip

    paged = await outbox(client, admin, limit=4, pageNo=3)
    assert (paged["totalPages"], paged["currentPage"], len(paged["data"])) == (3, 3, 1)


async def test_the_counts_come_from_one_grouped_query(
    client: AsyncClient, admin: dict[str, str], engine: AsyncEngine
) -> None:
    await approved(client, admin, 1)
    statements: list[str] = []

    def seen(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if "alert_message" in statement:
            statements.append(statement)

    event.listen(engine.sync_engine, "before_cursor_execute", seen)
    try:
        await outbox(client, admin, channel="email")
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", seen)
    assert len(statements) == 3, statements  # the total, the page and the counts
    assert sum("GROUP BY" in s for s in statements) == 1


async def test_bad_filters_are_refused(client: AsyncClient, admin: dict[str, str]) -> None:
    wrong = await client.post("/api/alerts/messages", json={"channel": "fax"}, headers=admin)
    assert wrong.status_code == 422 and wrong.json()["errors"][0]["field"] == "channel"
    backwards = await client.post(
        "/api/alerts/messages", json={"dateFrom": "2031-05-02", "dateTo": "2031-05-01"}, headers=admin
    )
    assert backwards.status_code == 422
    assert backwards.json()["message"] == "The date range ends before it starts."
    too_many = await client.post("/api/alerts/messages", json={"limit": 101}, headers=admin)
    assert too_many.status_code == 422
    missing = await client.get("/api/alerts/messages/nothing", headers=admin)
    assert (missing.status_code, missing.json()["message"]) == (404, "This message does not exist.")


async def test_failed_and_cancelled_messages_are_retried_and_queued_or_failed_ones_cancelled(
    client: AsyncClient, app: Any, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    moved_clock(app, SALE_START)
    aisha = await approved(client, admin, 1)
    sent = by_channel(await messages(client, admin, memberId=aisha["_id"]))
    sms, whatsapp, email = sent["sms"]["_id"], sent["whatsapp"]["_id"], sent["email"]["_id"]

    cancelled = await client.put("/api/alerts/messages/cancel", json={"ids": [sms, whatsapp]}, headers=admin)
    assert cancelled.status_code == 200, cancelled.text
    assert cancelled.json() == {"message": "2 messages cancelled.", "changed": 2}
    twice = await client.put("/api/alerts/messages/cancel", json={"ids": [sms]}, headers=admin)
    assert twice.json() == {"message": "0 messages cancelled.", "changed": 0}, (
        "a double click changes nothing"
    )

    await mark(db, email, status="delivered")
    refused = await client.put("/api/alerts/messages/retry", json={"ids": [sms, email]}, headers=admin)
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        "Only failed or cancelled messages can be retried: aisha1@example.com (memberApproved) is delivered."
    )
    assert refused.json()["blocked"] == [email]
    assert (await detail(client, admin, sms))["status"] == "cancelled", "all or nothing"
    no_cancel = await client.put("/api/alerts/messages/cancel", json={"ids": [email]}, headers=admin)
    assert no_cancel.status_code == 409
    assert no_cancel.json()["message"].startswith("Only queued or failed messages can be cancelled:")

    await mark(db, whatsapp, status="failed", attempts=5, last_error="Twilio 21610: unsubscribed")
    moved_clock(app, SALE_START + timedelta(hours=2))
    retried = await client.put("/api/alerts/messages/retry", json={"ids": [sms, whatsapp]}, headers=admin)
    assert retried.status_code == 200, retried.text
    assert retried.json() == {"message": "2 messages queued again.", "changed": 2}
    again = await detail(client, admin, whatsapp)
    assert (again["status"], again["attempts"], again["failedAt"], again["cancelledAt"]) == (
        "queued",
        0,
        None,
        None,
    )
    assert again["nextAttemptAt"].startswith("2031-05-01T14:00")
    assert [(t["status"], t["detail"]) for t in again["timeline"]] == [
        ("queued", "Written"),
        ("cancelled", "Cancelled by admin@example.com (was queued)"),
        ("queued", "Retried by admin@example.com (was failed: Twilio 21610: unsubscribed)"),
    ]
    gone = await client.put("/api/alerts/messages/retry", json={"ids": [sms, "nothing"]}, headers=admin)
    assert (gone.status_code, gone.json()["message"]) == (404, "1 of the selected messages no longer exists.")
    empty = await client.put("/api/alerts/messages/retry", json={"ids": []}, headers=admin)
    assert empty.status_code == 422

    async with db() as session:
        actions = list(
            await session.scalars(select(AuditEvent.action).where(AuditEvent.action.like("alert_message.%")))
        )
    assert sorted(actions) == ["alert_message.cancelled"] * 2 + ["alert_message.retried"] * 2


async def test_a_message_a_dispatcher_claimed_meanwhile_is_not_cancelled(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession], engine: AsyncEngine
) -> None:
    aisha = await approved(client, admin, 1)
    sms = by_channel(await messages(client, admin, memberId=aisha["_id"]))["sms"]["_id"]

    def claim(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        # Just before the cancel writes, a dispatcher takes the message (queued to sending).
        if statement.startswith("UPDATE alert_message") and "AND alert_message.status" in statement:
            cursor.execute(f"UPDATE alert_message SET status = 'sending' WHERE id = '{sms}'")  # noqa: S608

    event.listen(engine.sync_engine, "before_cursor_execute", claim)
    try:
        refused = await client.put("/api/alerts/messages/cancel", json={"ids": [sms]}, headers=admin)
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", claim)
    assert refused.status_code == 409, refused.text
    assert "is sending" in refused.json()["message"]
