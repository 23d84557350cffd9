"""Structured logs: one JSON object per line, with the request id when there is one.

Personal data of members and staff (identity numbers, phones, emails) is never written to the logs. The code
logs ids, never those values (the access log keeps the path without its query string, and an uploaded file's
name is cut off: core.middleware); as a second line of defence every record is redacted on its way out,
whatever logged it: its message, its extra fields and its traceback. Redacted are email addresses, Emirates ID
numbers, phone numbers in international form and UAE mobiles, and what a database error quotes of the data:
SQLAlchemy's `[parameters: ...]` and PostgreSQL's `Key (email)=(...)` and `Failing row contains (...)`.
"""

import json
import logging
import re
import sys
from datetime import UTC, datetime
from typing import Any

_STANDARD = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message", "asctime"}

_REDACTIONS: list[tuple[re.Pattern[str], str]] = [
    # SQLAlchemy quotes a statement's bound values (one line, their repr) in its errors.
    (re.compile(r"\[parameters: [^\n]*"), "[parameters: (redacted)]"),
    # PostgreSQL's DETAIL of a unique or foreign key violation, and of a NOT NULL or CHECK violation.
    (re.compile(r"(Key \([^)\n]*\))=\([^\n]*"), r"\1=(redacted)"),
    (re.compile(r"Failing row contains \([^\n]*"), "Failing row contains (redacted)"),
    (re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"), "<email>"),
    # Emirates ID: 784-YYYY-NNNNNNN-N, with or without the dashes.
    (re.compile(r"(?<![0-9])784-?[0-9]{4}-?[0-9]{7}-?[0-9](?![0-9])"), "<identity number>"),
    # Phone numbers: international form (+971 50 123 4567, +97150...) and UAE mobiles (050 123 4567).
    (re.compile(r"(?<![0-9A-Za-z])\+[0-9](?:[ -]?[0-9]){7,14}(?![0-9])"), "<phone>"),
    (re.compile(r"(?<![0-9A-Za-z])05[0-9][ -]?[0-9]{3}[ -]?[0-9]{4}(?![0-9])"), "<phone>"),
]


def redact(text: str) -> str:
    """The text without the personal data a log line must not hold."""
    for pattern, replacement in _REDACTIONS:
        text = pattern.sub(replacement, text)
    return text


def _redact_value(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, list | tuple):
        return [_redact_value(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _redact_value(item) for key, item in value.items()}
    return redact(str(value))


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        payload: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": redact(record.getMessage()),
        }
        payload.update(
            {k: _redact_value(v) for k, v in record.__dict__.items() if k not in _STANDARD and k != "message"}
        )
        if record.exc_info:
            payload["exception"] = redact(self.formatException(record.exc_info))
        elif record.exc_text:
            payload["exception"] = redact(record.exc_text)
        if record.stack_info:
            payload["stack"] = redact(record.stack_info)
        return json.dumps(payload, default=str)


class PlainFormatter(logging.Formatter):
    """`LEVEL logger message` with the record's extra fields, redacted as the JSON lines are."""

    def __init__(self) -> None:
        super().__init__("%(levelname)s %(name)s %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        extras = {k: v for k, v in record.__dict__.items() if k not in _STANDARD}
        text = redact(super().format(record))
        if extras:
            text = f"{text} {json.dumps(_redact_value(extras), default=str)}"
        return text


def configure_logging(json_lines: bool = True) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if json_lines else PlainFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    for noisy in ("uvicorn.access",):
        logging.getLogger(noisy).disabled = True
