"""A member's ledger as CSV: the filtered entries, oldest first, in the words of the screen."""

import csv
import io
from collections.abc import Sequence
from typing import Any

from gavel.core.clock import DUBAI
from gavel.core.labels import label
from gavel.core.spreadsheet import cell, column_names

COLUMNS = [
    "Date (Dubai)",
    "Kind",
    "Description",
    "Document",
    "Transaction",
    "Lot",
    "Owes us (AED)",
    "We owe (AED)",
    "Deposit (AED)",
    "Owes us balance (AED)",
    "We owe balance (AED)",
    "Deposit held (AED)",
]

# The header in Arabic, for a user in Arabic (the statement PDF's words).
ARABIC = {
    "Date (Dubai)": "التاريخ (دبي)",
    "Kind": "النوع",
    "Description": "الوصف",
    "Document": "المستند",
    "Transaction": "المعاملة",
    "Lot": "القطعة",
    "Owes us (AED)": "مستحق لنا (درهم)",
    "We owe (AED)": "مستحق علينا (درهم)",
    "Deposit (AED)": "التأمين (درهم)",
    "Owes us balance (AED)": "رصيد المستحق لنا (درهم)",
    "We owe balance (AED)": "رصيد المستحق علينا (درهم)",
    "Deposit held (AED)": "التأمين المحتجز (درهم)",
}


def kind_word(kind: str) -> str:
    return label("LedgerKind", kind)


def ledger_csv(rows: Sequence[Any]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(column_names(COLUMNS, ARABIC))
    for entry, document, transaction, lot in rows:
        values = [
            entry.at.astimezone(DUBAI).strftime("%d/%m/%Y %H:%M"),
            kind_word(entry.kind),
            entry.description,
            document or "",
            transaction or "",
            "" if lot is None else lot,
            f"{entry.owes_us:.2f}",
            f"{entry.we_owe:.2f}",
            f"{entry.deposit:.2f}",
            f"{entry.owes_us_balance:.2f}",
            f"{entry.we_owe_balance:.2f}",
            f"{entry.deposit_balance:.2f}",
        ]
        writer.writerow([cell(v) for v in values])
    return out.getvalue()
