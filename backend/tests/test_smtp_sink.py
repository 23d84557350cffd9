"""The local SMTP server of tests and `make run`: keeps each mail as JSON, and refuses the mailboxes listed in
refused.txt (how the end-to-end specs make a mail fail for real) until they are taken off the list."""

import json
import smtplib
import socket
from email.message import EmailMessage
from pathlib import Path

import pytest

from gavel.devtools import REFUSED_FILE, start_sink


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _mail(to: str) -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = "no-reply@gavel.ae"
    mail["To"] = to
    mail["Subject"] = "Your registration is approved"
    mail.set_content("Hello Omar")
    return mail


def test_a_listed_mailbox_is_refused_until_it_is_taken_off_the_list(tmp_path: Path) -> None:
    port = _free_port()
    controller, handler = start_sink(tmp_path, port=port)
    try:
        (tmp_path / REFUSED_FILE).write_text("Full.Box@example.com\n")
        with smtplib.SMTP("127.0.0.1", port) as smtp:
            with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
                smtp.send_message(_mail("full.box@example.com"))
            assert refused.value.recipients["full.box@example.com"] == (550, b"5.2.2 Mailbox unavailable")
            smtp.send_message(_mail("omar@example.com"))  # others still arrive
        assert [m["to"] for m in handler.received] == [["omar@example.com"]]

        (tmp_path / REFUSED_FILE).write_text("")
        with smtplib.SMTP("127.0.0.1", port) as smtp:
            smtp.send_message(_mail("full.box@example.com"))
        kept = json.loads(sorted(tmp_path.glob("*.json"))[-1].read_text())
        assert kept["to"] == ["full.box@example.com"] and kept["subject"] == "Your registration is approved"
    finally:
        controller.stop()
