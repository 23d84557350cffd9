"""A local SMTP server that keeps every mail as a JSON file (for tests and local development).

A mailbox can be made unavailable, the way a full or closed mailbox answers: every address listed (one per
line) in DIR/refused.txt is refused with '550 5.2.2 Mailbox unavailable' until the line is removed. The
end-to-end specs use it to make a message fail for real and retry it once the mailbox is back.
"""

import asyncio
import json
import logging
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller

log = logging.getLogger("gavel.smtp_sink")

REFUSED_FILE = "refused.txt"


class MailFolder:
    """aiosmtpd handler: writes each received mail to DIR/<n>.json."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.count = len(list(folder.glob("*.json")))
        self.received: list[dict[str, Any]] = []

    def _refused(self) -> set[str]:
        try:
            lines = (self.folder / REFUSED_FILE).read_text().splitlines()
        except FileNotFoundError:
            return set()
        return {line.strip().lower() for line in lines if line.strip()}

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, rcpt_options: Any
    ) -> str:
        if address.lower() in self._refused():
            return "550 5.2.2 Mailbox unavailable"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        part = parsed.get_body(preferencelist=("plain",))
        body = part.get_content() if part is not None else ""
        mail = {"to": list(envelope.rcpt_tos), "subject": str(parsed["subject"]), "body": body}
        self.count += 1
        (self.folder / f"{self.count:05d}.json").write_text(json.dumps(mail, indent=2))
        self.received.append(mail)
        return "250 Message accepted for delivery"


def start_sink(folder: Path, host: str = "127.0.0.1", port: int = 2525) -> tuple[Controller, MailFolder]:
    # aiosmtpd logs every SMTP command at INFO ("rcpt TO:<someone@example.ae>"): members' addresses, which are
    # never written to the logs (issue 16). Its warnings and errors are kept.
    logging.getLogger("mail.log").setLevel(logging.WARNING)
    handler = MailFolder(folder)
    controller = Controller(handler, hostname=host, port=port)
    controller.start()
    return controller, handler


def run_sink(folder: Path, host: str, port: int) -> None:
    controller, _ = start_sink(folder, host, port)
    print(f"SMTP sink on {host}:{port}, writing mails to {folder}", flush=True)
    try:
        asyncio.run(asyncio.Event().wait())
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()
