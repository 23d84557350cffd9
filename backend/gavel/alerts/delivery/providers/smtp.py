"""Email by SMTP: a multipart mail (the text and its HTML, the invoice or gate pass PDF attached), sent on a
small pool of kept-open connections by threads (smtplib).

The mail's Message-ID is made from the message's id (`<id@sender's domain>`), the same at every attempt: it is
the provider's message id we record, and a mail sent twice after a crash carries the same Message-ID, which
mail systems use to recognise a duplicate.

A promotional email carries its member's unsubscribe link in `List-Unsubscribe` with
`List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058: a mail client POSTs to the link; the mail
server's DKIM signature should cover both headers); a transactional one carries neither.
"""

import smtplib
import threading
import time
from email.message import EmailMessage
from email.utils import formataddr, formatdate, parseaddr

import anyio

from gavel.alerts.delivery.providers import Accepted, Outgoing, SendFailed
from gavel.config import Settings

IDLE_CHECK_SECONDS = 2.0  # a connection idle longer than this is checked (NOOP) before it is used again


def message_id(message_uuid: str, mail_from: str) -> str:
    domain = parseaddr(mail_from)[1].rpartition("@")[2] or "gavel.local"
    return f"<{message_uuid}@{domain}>"


def build_mail(settings: Settings, message: Outgoing) -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = settings.mail_from
    mail["To"] = (
        formataddr((message.recipient_name, message.recipient))
        if message.recipient_name
        else (message.recipient)
    )
    mail["Subject"] = message.subject or ""
    mail["Date"] = formatdate(localtime=False, usegmt=True)
    mail["Message-ID"] = message_id(message.id, settings.mail_from)
    mail["Auto-Submitted"] = "auto-generated"
    if message.unsubscribe_url:  # a promotional email: one-click unsubscribe (RFC 2369, RFC 8058)
        mail["List-Unsubscribe"] = f"<{message.unsubscribe_url}>"
        mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    mail.set_content(message.body)
    if message.body_html:
        mail.add_alternative(message.body_html, subtype="html")
    for attachment in message.attachments:
        maintype, _, subtype = attachment.content_type.partition("/")
        mail.add_attachment(attachment.data, maintype=maintype, subtype=subtype, filename=attachment.filename)
    return mail


def _code_failure(code: int, text: str) -> SendFailed:
    """4xx: the server asks us to try later; 5xx: it refuses this mail for good."""
    reason = f"SMTP {code}: {text}"
    return SendFailed(reason, retryable=code < 500, pause=code in (421, 454))


def _text(value: bytes | str) -> str:
    return value.decode(errors="replace") if isinstance(value, bytes) else str(value)


class SmtpProvider:
    name = "smtp"

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._idle: list[tuple[smtplib.SMTP, float]] = []
        self._lock = threading.Lock()

    # ------------------------------------------------------------------------ connections (in threads)

    def _connect(self) -> smtplib.SMTP:
        s = self.settings
        try:
            smtp = smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=s.dispatch_timeout_seconds)
        except (OSError, smtplib.SMTPException) as exc:
            raise SendFailed(
                f"The SMTP server {s.smtp_host}:{s.smtp_port} could not be reached ({exc})",
                retryable=True,
                pause=True,
            ) from exc
        try:
            if s.smtp_starttls:
                smtp.starttls()
            if s.smtp_user:
                smtp.login(s.smtp_user, s.smtp_password)
        except smtplib.SMTPResponseException as exc:
            smtp.close()
            raise SendFailed(
                f"The SMTP server refused the session: {exc.smtp_code} {_text(exc.smtp_error)}",
                retryable=True,
                pause=True,
            ) from exc
        except (OSError, smtplib.SMTPException) as exc:
            smtp.close()
            raise SendFailed(f"The SMTP session could not start ({exc})", retryable=True, pause=True) from exc
        return smtp

    def _take(self) -> smtplib.SMTP:
        while True:
            with self._lock:
                found = self._idle.pop() if self._idle else None
            if found is None:
                return self._connect()
            smtp, since = found
            if time.monotonic() - since < IDLE_CHECK_SECONDS:
                return smtp
            try:
                if smtp.noop()[0] == 250:
                    return smtp
            except (OSError, smtplib.SMTPException):
                pass
            smtp.close()

    def _give_back(self, smtp: smtplib.SMTP) -> None:
        with self._lock:
            self._idle.append((smtp, time.monotonic()))

    def _send_blocking(self, message: Outgoing) -> None:
        mail = build_mail(self.settings, message)
        smtp = self._take()
        try:
            smtp.send_message(mail, to_addrs=[message.recipient])
        except smtplib.SMTPRecipientsRefused as exc:
            self._give_back(smtp)
            code, text = next(iter(exc.recipients.values()))
            raise _code_failure(code, _text(text)) from exc
        except (smtplib.SMTPSenderRefused, smtplib.SMTPDataError) as exc:
            self._give_back(smtp)
            raise _code_failure(exc.smtp_code, _text(exc.smtp_error)) from exc
        except (OSError, smtplib.SMTPException) as exc:
            smtp.close()
            raise SendFailed(
                f"The SMTP connection broke while sending ({type(exc).__name__}: {exc}); "
                "the server may have accepted the mail",
                retryable=True,
                uncertain=True,
            ) from exc
        self._give_back(smtp)

    # ------------------------------------------------------------------------ the interface

    async def send(self, message: Outgoing) -> Accepted:
        await anyio.to_thread.run_sync(self._send_blocking, message)
        return Accepted(
            provider_message_id=message_id(message.id, self.settings.mail_from),
            detail=f"Accepted by the SMTP server {self.settings.smtp_host}",
        )

    def _close_all(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for smtp, _ in idle:
            try:
                smtp.quit()
            except (OSError, smtplib.SMTPException):
                smtp.close()

    async def aclose(self) -> None:
        await anyio.to_thread.run_sync(self._close_all)
