"""The unsubscribe link of promotional emails (issue 28), read from a real SMTP server: every promotional
email carries its member's link in the text and HTML and the List-Unsubscribe and List-Unsubscribe-Post
(RFC 8058) headers, a transactional one none; opening the link changes nothing, its button or a mail client's
one-click POST withdraws the consent as a record, a second time is fine, and a tampered link is a 404 page."""

from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

from httpx import AsyncClient, Response
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.delivery.batch import NO_UNSUBSCRIBE_LINK
from gavel.alerts.unsubscribe.links import KEY
from gavel.config import Settings
from gavel.core.signing import key_of, sign
from tests.alerts.campaigns.conftest import MORNING, at, create, member, run_job, send, sms
from tests.alerts.conftest import PUBLIC_URL, detail, messages
from tests.alerts.delivery.conftest import deliver, message
from tests.alerts.delivery.fakes import RawMailSink

BY_LINK = "Unsubscribe link in a promotional email"
DONE_EN = "You will no longer receive promotional emails from Gavel."


def email_campaign(**fields: Any) -> dict[str, Any]:
    return sms(channel="email", subjectEn="Classic cars", subjectAr="سيارات كلاسيكية", **fields)


async def promotional_emails(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """Two members who agreed to promotional emails (English, Arabic) and an email campaign written to them:
    the clock, the members, their promotional messages by member id."""
    people = {
        "en": await member(client, admin, 1, promoConsentEmail=True),
        "ar": await member(client, admin, 2, promoConsentEmail=True, preferredLanguage="ar"),
    }
    clock = at(app, MORNING)
    draft = await create(client, admin, email_campaign())
    await send(client, admin, draft["_id"])
    assert await run_job(db, clock) == 2
    written = {
        m["memberId"]: m
        for m in await messages(client, admin, channel="email")
        if m["campaignId"] == draft["_id"]
    }
    return clock, people, written


def mail_of(sink: RawMailSink, message_id: str) -> EmailMessage:
    [mail] = [m for m in sink.mails if m["Message-ID"] == f"<{message_id}@gavel.ae>"]
    return mail


def parts(mail: EmailMessage) -> tuple[str, str]:
    text = mail.get_body(preferencelist=("plain",))
    html = mail.get_body(preferencelist=("html",))
    assert text is not None and html is not None
    return str(text.get_content()), str(html.get_content())


async def test_a_promotional_email_carries_its_link_and_both_headers_and_a_transactional_one_neither(
    app: Any,
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    smtp: Settings,
    sink: RawMailSink,
) -> None:
    clock, people, written = await promotional_emails(app, client, admin, db)
    assert await deliver(db, clock, smtp) >= 4  # with the two approval mails
    links = set()
    for language, person in people.items():
        sent = written[person["_id"]]
        shown = await detail(client, admin, sent["_id"])
        url = shown["unsubscribeUrl"]
        assert url and url.startswith(f"{PUBLIC_URL}/unsubscribe/")
        links.add(url)
        mail = mail_of(sink, sent["_id"])
        assert mail["List-Unsubscribe"] == f"<{url}>"
        assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        text, html = parts(mail)
        line = (
            f"To stop receiving promotional emails, unsubscribe here: {url}"
            if language == "en"
            else f"لإيقاف رسائل البريد الإلكتروني الترويجية، ألغِ اشتراكك من هنا: {url}"
        )
        assert line in text
        assert f'<a href="{url}">' in html and html.index(f'<a href="{url}">') < html.index("</body>")
        assert text.replace("\r\n", "\n").strip() == shown["body"].strip(), "the drawer shows it as sent"
        assert html.replace("\r\n", "\n") == shown["bodyHtml"]
        stored = await message(db, sent["_id"])
        assert url not in stored.body and stored.body_html is None, "the link is not stored"
    assert len(links) == 2, "one link per member"

    for person in people.values():
        approvals = await messages(
            client, admin, channel="email", memberId=person["_id"], event="memberApproved"
        )
        [approval] = approvals
        assert (await detail(client, admin, approval["_id"]))["unsubscribeUrl"] is None
        mail = mail_of(sink, approval["_id"])
        assert mail["List-Unsubscribe"] is None and mail["List-Unsubscribe-Post"] is None
        text, html = parts(mail)
        assert "/unsubscribe/" not in text and "/unsubscribe/" not in html


async def consent_of(client: AsyncClient, admin: dict[str, str], member_id: str) -> bool:
    found = await client.get(f"/api/members/{member_id}", headers=admin)
    assert found.status_code == 200, found.text
    data = found.json()
    return bool((data.get("data") or data)["promoConsentEmail"])


async def records(client: AsyncClient, admin: dict[str, str], member_id: str) -> list[dict[str, Any]]:
    found = await client.get(f"/api/members/{member_id}/consents", headers=admin)
    assert found.status_code == 200, found.text
    return list(found.json()["items"])


def path_of(url: str) -> str:
    return urlsplit(url).path


async def test_opening_the_link_changes_nothing_and_its_button_unsubscribes_once(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    _, people, written = await promotional_emails(app, client, admin, db)
    aisha = people["en"]
    url = (await detail(client, admin, written[aisha["_id"]]["_id"]))["unsubscribeUrl"]
    before = await records(client, admin, aisha["_id"])

    opened = await client.get(path_of(url))
    assert opened.status_code == 200
    page = opened.text
    assert opened.headers["content-type"].startswith("text/html")
    assert '<html lang="en" dir="ltr">' in page
    assert "Stop promotional emails from Gavel to aisha1@example.com?" in page
    assert '<form method="post">' in page and '<button type="submit">Unsubscribe</button>' in page
    assert "<script" not in page and "script-src 'self'" in opened.headers["content-security-policy"]
    assert opened.headers["cache-control"] == "no-store"
    assert await consent_of(client, admin, aisha["_id"]) is True, "a mail scanner's GET unsubscribes nobody"
    assert await records(client, admin, aisha["_id"]) == before

    pressed = await client.post(path_of(url), data={})
    assert pressed.status_code == 200, pressed.text
    assert DONE_EN in pressed.text
    assert await consent_of(client, admin, aisha["_id"]) is False
    after = await records(client, admin, aisha["_id"])
    assert len(after) == len(before) + 1
    newest = after[0]
    assert (newest["channel"], newest["given"], newest["method"]) == ("email", False, "unsubscribe_link")
    assert newest["recordedBy"] == BY_LINK and newest["recordedById"] is None

    again = await client.post(path_of(url), data={})
    assert again.status_code == 200 and DONE_EN in again.text, "a second press says the same"
    assert len(await records(client, admin, aisha["_id"])) == len(after), "and records nothing more"
    assert await consent_of(client, admin, people["ar"]["_id"]) is True, "the other member is untouched"


async def test_a_mail_clients_one_click_post_unsubscribes(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    _, people, written = await promotional_emails(app, client, admin, db)
    aisha = people["ar"]
    url = (await detail(client, admin, written[aisha["_id"]]["_id"]))["unsubscribeUrl"]
    one_click: Response = await client.post(
        path_of(url),
        content="List-Unsubscribe=One-Click",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert one_click.status_code == 200, one_click.text
    assert "لن تصلك بعد الآن رسائل بريد إلكتروني ترويجية من Gavel." in one_click.text
    assert await consent_of(client, admin, aisha["_id"]) is False
    assert (await records(client, admin, aisha["_id"]))[0]["method"] == "unsubscribe_link"


async def test_the_page_speaks_the_members_language(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    _, people, written = await promotional_emails(app, client, admin, db)
    url = (await detail(client, admin, written[people["ar"]["_id"]]["_id"]))["unsubscribeUrl"]
    page = (await client.get(path_of(url))).text
    assert '<html lang="ar" dir="rtl">' in page
    assert "هل تريد إيقاف رسائل البريد الإلكتروني الترويجية من Gavel إلى aisha2@example.com؟" in page
    assert '<button type="submit">إلغاء الاشتراك</button>' in page


async def test_a_tampered_or_foreign_link_is_a_404_page_and_changes_nothing(
    app: Any, client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    _, people, written = await promotional_emails(app, client, admin, db)
    aisha = people["en"]
    token = path_of((await detail(client, admin, written[aisha["_id"]]["_id"]))["unsubscribeUrl"]).rsplit(
        "/", 1
    )[1]
    subject, signature = token.split(".")
    async with db() as session:
        key = await key_of(session, KEY)
    other = people["ar"]["_id"]
    wrong = [
        f"{subject}.{signature[:-1]}{'A' if signature[-1] != 'A' else 'B'}",  # one character changed
        f"{other}.{signature}",  # another member with this member's signature
        sign(key, aisha["_id"], "sms", "unsubscribe"),  # signed for another channel
        sign(b"another installation's key", aisha["_id"], "email", "unsubscribe"),
        subject,
        "not-a-token",
    ]
    for bad in wrong:
        for method in ("GET", "POST"):
            answer = await client.request(method, f"/unsubscribe/{bad}")
            assert answer.status_code == 404, (method, bad)
            assert "This unsubscribe link is not valid." in answer.text
            assert "<form" not in answer.text
    assert await consent_of(client, admin, aisha["_id"]) is True
    assert await consent_of(client, admin, other) is True


async def test_without_the_public_address_a_promotional_email_fails_rather_than_leave_without_its_link(
    app: Any,
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    smtp: Settings,
    sink: RawMailSink,
) -> None:
    clock, _, written = await promotional_emails(app, client, admin, db)
    assert await deliver(db, clock, smtp.model_copy(update={"public_url": ""})) >= 4
    for sent in written.values():
        failed = await message(db, sent["_id"])
        assert (failed.status, failed.last_error) == ("failed", NO_UNSUBSCRIBE_LINK)
    promotions = {f"<{sent['_id']}@gavel.ae>" for sent in written.values()}
    assert not [m for m in sink.mails if m["Message-ID"] in promotions], "none left without its link"
