import json
from pathlib import Path

from gavel.config import Settings
from gavel.devtools import MailFolder
from gavel.mail.sender import send_mail


async def test_without_smtp_mails_go_to_the_outbox(settings: Settings, tmp_path: Path) -> None:
    local = settings.model_copy(update={"smtp_host": "", "data_dir": tmp_path})

    assert await send_mail(local, "someone@example.com", "Hello", "Body text")
    files = list(local.outbox_dir.glob("*.json"))
    assert len(files) == 1
    assert json.loads(files[0].read_text()) == {
        "to": ["someone@example.com"],
        "subject": "Hello",
        "body": "Body text",
    }


async def test_smtp_delivery(settings: Settings, mail_sink: tuple[int, MailFolder]) -> None:
    _, folder = mail_sink
    folder.received.clear()
    assert await send_mail(settings, "someone@example.com", "Hello", "Body text")
    assert folder.received[-1]["subject"] == "Hello"
    assert folder.received[-1]["body"].strip() == "Body text"


async def test_unreachable_smtp_server_answers_false(settings: Settings) -> None:
    broken = settings.model_copy(update={"smtp_port": 1})
    assert await send_mail(broken, "someone@example.com", "Hello", "Body text") is False
