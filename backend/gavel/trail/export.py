"""Audit events as CSV lines: the words of the screen, times in Asia/Dubai, one line per event."""

import csv
import io
import json
from collections.abc import Iterable

from gavel.core.clock import DUBAI
from gavel.core.spreadsheet import cell, column_names
from gavel.trail.schemas import AuditChange, AuditEventOut

COLUMNS = [
    "When (Asia/Dubai)",
    "Staff user",
    "Email",
    "IP address",
    "Device",
    "Action",
    "Module",
    "Record",
    "Record id",
    "Changes",
]

# The header in Arabic, for a user in Arabic (the audit trail's words on the screens).
ARABIC = {
    "When (Asia/Dubai)": "الوقت (آسيا/دبي)",
    "Staff user": "الموظف",
    "Email": "البريد الإلكتروني",
    "IP address": "عنوان IP",
    "Device": "الجهاز",
    "Action": "الإجراء",
    "Module": "الوحدة",
    "Record": "السجل",
    "Record id": "معرّف السجل",
    "Changes": "التغييرات",
}


def _value(value: object) -> str:
    if value is None:
        return "—"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _changes(changes: list[AuditChange]) -> str:
    return "; ".join(f"{c.field}: {_value(c.old)} → {_value(c.new)}" for c in changes)


def header() -> str:
    return lines([])


def lines(events: Iterable[AuditEventOut], *, with_header: bool = True) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    if with_header:
        writer.writerow(column_names(COLUMNS, ARABIC))
    for e in events:
        row = [
            e.created_at.astimezone(DUBAI).strftime("%d/%m/%Y %H:%M:%S"),
            e.actor_name or "",
            e.actor_email or "",
            e.ip_address or "",
            e.device or "",
            e.summary,
            e.module.value if e.module else "",
            e.record_name or "",
            e.entity_id or "",
            _changes(e.changes),
        ]
        writer.writerow([cell(v) for v in row])
    return out.getvalue()
