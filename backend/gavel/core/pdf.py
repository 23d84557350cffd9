"""What every PDF of Gavel shares: the A4 page, the blue-headed table, Dubai times, and columns wide enough
that a document number, a date or an amount is never broken over two lines."""

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from io import BytesIO

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import SimpleDocTemplate, TableStyle

from gavel.core.clock import DUBAI

HEADER = colors.HexColor("#1d5fa8")
# ReportLab's cell padding on each side (TableStyle LEFTPADDING and RIGHTPADDING default to 6 points).
PADDING = 6


def figure(amount: Decimal) -> str:
    """An amount in a column headed '(AED)': 201,000.00."""
    return f"{amount:,.2f}"


def rate(percent: Decimal) -> str:
    return f"{percent.normalize():f}%"


def dubai_time(moment: datetime) -> str:
    return f"{moment.astimezone(DUBAI).strftime('%d/%m/%Y %H:%M')} (Dubai)"


def dubai_day(moment: datetime) -> str:
    return moment.astimezone(DUBAI).strftime("%d/%m/%Y")


def a4(buffer: BytesIO, title: str, author: str, *, pagesize: tuple[float, float] = A4) -> SimpleDocTemplate:
    return SimpleDocTemplate(
        buffer,
        pagesize=pagesize,
        leftMargin=18 * mm,
        rightMargin=18 * mm,
        topMargin=16 * mm,
        bottomMargin=16 * mm,
        title=title,
        author=author,
    )


def table_style(total_rows: int, *, size: float = 8, right_from: int = 1) -> TableStyle:
    """A blue header row, small type, figures right-aligned from column `right_from`, the last `total_rows`
    rows set apart (the last in bold)."""
    commands: list[tuple[object, ...]] = [
        ("BACKGROUND", (0, 0), (-1, 0), HEADER),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
        ("FONTSIZE", (0, 0), (-1, -1), size),
        ("LEADING", (0, 0), (-1, -1), size * 1.2),
        ("ALIGN", (right_from, 1), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1 - total_rows), mm / 10, colors.grey),
    ]
    if total_rows:
        commands += [
            ("FONTNAME", (0, -1), (-1, -1), "Helvetica-Bold"),
            ("LINEABOVE", (0, -total_rows), (-1, -total_rows), mm / 5, colors.black),
        ]
    return TableStyle(commands)


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    font = "Helvetica-Bold" if bold else "Helvetica"
    return max((stringWidth(part, font, size) for part in text.split("\n")), default=0.0)


def one_line_widths(
    rows: Sequence[Sequence[object]],
    widths: Sequence[float],
    *,
    flexible: int,
    size: float,
    bold_last: bool = False,
) -> list[float]:
    """The column widths with every plain-text cell on one line: a text cell of a table never wraps (only a
    Paragraph does), it runs over its column, so each column is widened to its longest text (numbers, dates,
    amounts; the header in bold) and the width is taken from the `flexible` column, whose Paragraphs wrap.
    The table keeps its total width."""
    fitted = list(widths)
    for column in range(len(widths)):
        if column == flexible:
            continue
        needed = 0.0
        for index, row in enumerate(rows):
            value = row[column]
            if isinstance(value, str):
                bold = index == 0 or (bold_last and index == len(rows) - 1)
                needed = max(needed, text_width(value, size, bold=bold) + 2 * PADDING)
        if needed > fitted[column]:
            fitted[flexible] -= needed - fitted[column]
            fitted[column] = needed
    return fitted
