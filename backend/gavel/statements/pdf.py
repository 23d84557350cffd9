"""A member's statement of account as a PDF, drawn with ReportLab from the ledger's stored entries: the
opening balances, every entry of the period with its running balances, and the closing balances."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from io import BytesIO
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from gavel.business.models import BusinessSettings
from gavel.core.clock import DUBAI
from gavel.core.pdf import (
    IN_DUBAI,
    ArabicText,
    Label,
    both,
    facts,
    figure,
    has_arabic,
    label_style,
    one_line_widths,
    sheet,
    text,
)
from gavel.statements.export import kind_word


@dataclass(frozen=True)
class StatementBalances:
    owes_us: Decimal
    we_owe: Decimal
    deposit: Decimal


@dataclass(frozen=True)
class Statement:
    business: BusinessSettings
    member_name: str
    member_number: str
    first_day: date | None
    last_day: date
    opening: StatementBalances
    closing: StatementBalances
    rows: Sequence[Any]
    printed_at: datetime


def _day(day: date | None) -> str:
    return day.strftime("%d/%m/%Y") if day else "the first entry"


# The entries' columns: (English, Arabic).
COLUMNS: list[tuple[str, str | tuple[str, ...]]] = [
    ("Date", "التاريخ"),
    ("Kind", "النوع"),
    ("Description", "الوصف"),
    ("Document", "المستند"),
    ("Lot", "القطعة"),
    ("Owes us", ("مستحق", "لنا")),
    ("We owe", ("مستحق", "علينا")),
    ("Deposit", "التأمين"),
    ("Owes us bal.", ("رصيد", "المستحق لنا")),
    ("We owe bal.", ("رصيد", "المستحق علينا")),
    ("Deposit bal.", ("رصيد", "التأمين")),
]
BALANCES = [
    ("Owes us (AED)", "مستحق لنا بالدرهم"),
    ("We owe (AED)", "مستحق علينا بالدرهم"),
    ("Deposit held (AED)", "التأمين المحتجز بالدرهم"),
]


def _balances_table(label: tuple[str, str], balances: StatementBalances) -> Table:
    bold = label_style(9, bold=True)
    table = Table(
        [
            [Label(*label, bold), *(Label(english, words, bold) for english, words in BALANCES)],
            ["", figure(balances.owes_us), figure(balances.we_owe), figure(balances.deposit)],
        ],
        colWidths=[60 * mm, 40 * mm, 40 * mm, 40 * mm],
    )
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
                ("FONTSIZE", (0, 0), (-1, -1), 9),
                ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                ("LINEBELOW", (0, 0), (-1, 0), mm / 10, colors.grey),
            ]
        )
    )
    return table


def statement_pdf(statement: Statement) -> bytes:
    """The statement in English and Arabic: its labels in both, its figures as the ledger stored them."""
    styles = sheet()
    normal = styles["Normal"]
    buffer = BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=landscape(A4),
        leftMargin=14 * mm,
        rightMargin=14 * mm,
        topMargin=14 * mm,
        bottomMargin=14 * mm,
        title=f"Statement {statement.member_number}",
        author=statement.business.legal_name,
    )
    business = statement.business
    # Every stored text is escaped: ReportLab paragraphs read markup, and a name may hold '&' or '<'.
    heading = [(text(business.legal_name), ""), (text(business.address), "")]
    if business.trn:
        heading.append((f"TRN {escape(business.trn)}", "الرقم الضريبي"))
    # A period from the member's first entry says so in Arabic too, as the English does.
    period = f"الفترة {IN_DUBAI}" if statement.first_day else f"الفترة من القيد الأول {IN_DUBAI}"
    printed = statement.printed_at.astimezone(DUBAI).strftime("%d/%m/%Y %H:%M")
    lines = [
        (f"<b>Member</b>: {text(statement.member_name)} ({escape(statement.member_number)})", "العضو"),
        (f"<b>Period</b>: {_day(statement.first_day)} to {_day(statement.last_day)} (Dubai days)", period),
        (f"<b>Printed</b>: {printed} (Dubai)", f"تاريخ الطباعة {IN_DUBAI}"),
    ]
    story: list[Any] = [
        Paragraph(both("Statement of Account", "كشف حساب", bold=True), styles["Title"]),
        facts(heading, normal, document.width),
        Spacer(1, 5 * mm),
        facts(lines, normal, document.width),
        Spacer(1, 5 * mm),
        _balances_table(("Opening balances", "الأرصدة الافتتاحية"), statement.opening),
        Spacer(1, 5 * mm),
    ]
    header = label_style(7, header=True)
    rows: list[list[object]] = [[Label(english, words, header) for english, words in COLUMNS]]
    # A year of entries: a description without Arabic (most) is laid out without the shaping pass.
    shaped = styles["BodyText"].clone("description", fontSize=7, leading=9)
    description = shaped.clone("description-latin", shaping=0)
    for entry, number, transaction, lot in statement.rows:
        # A document and its payment on lines of their own, as plain text: a number is never broken.
        reference = "\n".join(v for v in (number, transaction) if v)
        rows.append(
            [
                entry.at.astimezone(DUBAI).strftime("%d/%m/%Y"),
                kind_word(entry.kind),
                Paragraph(text(entry.description), shaped if has_arabic(entry.description) else description),
                reference,
                "" if lot is None else str(lot),
                figure(entry.owes_us),
                figure(entry.we_owe),
                figure(entry.deposit),
                figure(entry.owes_us_balance),
                figure(entry.we_owe_balance),
                figure(entry.deposit_balance),
            ]
        )
    if len(rows) == 1:
        nothing = [
            Paragraph("No entries in this period.", description),
            ArabicText("لا قيود في هذه الفترة.", shaped),
        ]
        rows.append(["", "", nothing, "", "", "", "", "", "", "", ""])
    widths = [18, 22, 60, 32, 11, 20, 20, 20, 22, 22, 22]  # 269 mm: the landscape page within its margins
    fitted = one_line_widths(rows, [w * mm for w in widths], flexible=2, size=7)
    table = Table(rows, colWidths=fitted, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#1d5fa8")),
                ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
                ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
                ("FONTSIZE", (0, 0), (-1, -1), 7),
                ("ALIGN", (4, 1), (-1, -1), "RIGHT"),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -1), mm / 10, colors.grey),
            ]
        )
    )
    closing = _balances_table(("Closing balances", "الأرصدة الختامية"), statement.closing)
    story += [table, Spacer(1, 5 * mm), closing]
    document.build(story)
    return buffer.getvalue()
