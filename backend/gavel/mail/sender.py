"""Send a plain-text mail by SMTP, or drop it in the outbox folder when no SMTP server is set."""

import json
import logging
import smtplib
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

import anyio

from gavel.config import Settings

log = logging.getLogger("gavel.mail")


def _build(settings: Settings, to: str, subject: str, body: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = settings.mail_from
    message["To"] = to
    message["Subject"] = subject
    message.set_content(body)
    return message


def _send_smtp(settings: Settings, message: EmailMessage) -> None:
    with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=15) as smtp:
        if settings.smtp_starttls:
            smtp.starttls()
        if settings.smtp_user:
            smtp.login(settings.smtp_user, settings.smtp_password)
        smtp.send_message(message)


def _write_outbox(settings: Settings, to: str, subject: str, body: str) -> Path:
    folder = settings.outbox_dir
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
    path = folder / f"{stamp}.json"
    path.write_text(json.dumps({"to": [to], "subject": subject, "body": body}, indent=2))
    return path


async def send_mail(settings: Settings, to: str, subject: str, body: str) -> bool:
    """Deliver one mail; answers False (and logs why) when the SMTP server refused it."""
    if not settings.smtp_host:
        path = await anyio.to_thread.run_sync(_write_outbox, settings, to, subject, body)
        log.info("mail written to the outbox", extra={"path": str(path), "to": to, "subject": subject})
        return True
    message = _build(settings, to, subject, body)
    try:
        await anyio.to_thread.run_sync(_send_smtp, settings, message)
    except (OSError, smtplib.SMTPException) as exc:
        log.error("mail delivery failed", extra={"to": to, "subject": subject, "error": str(exc)})
        return False
    return True
