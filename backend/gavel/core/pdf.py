"""What every PDF of Gavel shares: the A4 page, the blue-headed table, Dubai times, columns wide enough that a
document number, a date or an amount is never broken over two lines, and the Arabic beside the English.

Arabic (issue 27). ReportLab shapes it itself: a Paragraph whose style has `shaping=1` and whose base font is
`shapable` hands each word set in a TrueType face to HarfBuzz (the `uharfbuzz` package), which joins the
letters, makes the ligatures and lays the glyphs of a right-to-left word out from right to left. Nothing here
shapes a letter or reverses one. What ReportLab leaves to its optional `rlbidi` package (not on PyPI, so
absent) is the order of the words of a right-to-left run on a line; `visual` puts the words of each run in
that order (the Unicode bidirectional algorithm's reordering, at the level of whole words), and each word
stays whole for HarfBuzz. The Latin text keeps Helvetica: `Gavel-Latin` is Helvetica under a name marked
shapable (HarfBuzz leaves its words alone, they are no TrueType face), which lets a paragraph shape its
Arabic words; the Arabic is set in IBM Plex Sans Arabic (fonts/, SIL Open Font License 1.1), embedded as a
subset. A word is never made of two faces: an Arabic word is set whole in the Arabic face.

A right-to-left text that may wrap is an `ArabicText`: it breaks its lines in reading order, then orders the
words of each line; a table cell with a label in both languages is a `Label`, measured by `one_line_widths`.
"""

import unicodedata
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, StyleSheet1, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import ShapedStr, TTFont, shapeStr
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Table, TableStyle

from gavel.core.clock import DUBAI

FONTS = Path(__file__).resolve().parent / "fonts"
LATIN, LATIN_BOLD, LATIN_ITALIC, LATIN_BOLD_ITALIC = (
    "Gavel-Latin",
    "Gavel-Latin-Bold",
    "Gavel-Latin-Italic",
    "Gavel-Latin-BoldItalic",
)
ARABIC, ARABIC_BOLD = "Gavel-Arabic", "Gavel-Arabic-Bold"
# The Helvetica face each Latin name stands for, and what the sample styles' Helvetica becomes.
_HELVETICA = {
    LATIN: "Helvetica",
    LATIN_BOLD: "Helvetica-Bold",
    LATIN_ITALIC: "Helvetica-Oblique",
    LATIN_BOLD_ITALIC: "Helvetica-BoldOblique",
}
_STYLE_FONTS = {face: name for name, face in _HELVETICA.items()}


@cache
def register_fonts() -> None:
    """Registers the faces once per process: the Arabic TrueType faces and the shapable Helvetica names."""
    pdfmetrics.registerFont(TTFont(ARABIC, str(FONTS / "IBMPlexSansArabic-Regular.ttf")))
    pdfmetrics.registerFont(TTFont(ARABIC_BOLD, str(FONTS / "IBMPlexSansArabic-Bold.ttf")))
    pdfmetrics.registerFontFamily(
        ARABIC, normal=ARABIC, bold=ARABIC_BOLD, italic=ARABIC, boldItalic=ARABIC_BOLD
    )
    for name, face in _HELVETICA.items():
        font = pdfmetrics.Font(name, face, "WinAnsiEncoding")
        font.shapable = True  # a Paragraph shapes only when its style's font says so
        pdfmetrics.registerFont(font)
    pdfmetrics.registerFontFamily(
        LATIN, normal=LATIN, bold=LATIN_BOLD, italic=LATIN_ITALIC, boldItalic=LATIN_BOLD_ITALIC
    )


def sheet() -> StyleSheet1:
    """ReportLab's sample styles, in Helvetica as before, set to shape the Arabic they hold."""
    register_fonts()
    styles = getSampleStyleSheet()
    for name in styles.byName:
        style = styles[name]
        if not isinstance(style, ParagraphStyle):
            continue
        style.fontName = _STYLE_FONTS.get(style.fontName, style.fontName)
        style.shaping = 1
    return styles


def _right_to_left(word: str) -> bool:
    return any(unicodedata.bidirectional(c) in ("R", "AL") for c in word)


def _left_to_right(word: str) -> bool:
    """A word of a left-to-right run inside right-to-left text: Latin letters or digits."""
    return not _right_to_left(word) and any(unicodedata.bidirectional(c) in ("L", "EN", "AN") for c in word)


def has_arabic(value: str) -> bool:
    """Whether a text needs shaping: a paragraph without Arabic is laid out faster unshaped."""
    return _right_to_left(value)


def _latin(word: str) -> bool:
    """A word that holds Latin letters (no Arabic): it ends a right-to-left run in a left-to-right line."""
    return not _right_to_left(word) and any(unicodedata.bidirectional(c) == "L" for c in word)


def _runs(words: Sequence[str], inside: Any, breaks: Any) -> list[tuple[bool, list[str]]]:
    """The words cut into runs: (True, run) for each longest run that starts and ends with an `inside` word
    and holds no `breaks` word; (False, [word]) for every other word."""
    out: list[tuple[bool, list[str]]] = []
    index = 0
    while index < len(words):
        if not inside(words[index]):
            out.append((False, [words[index]]))
            index += 1
            continue
        end = index
        probe = index + 1
        while probe < len(words) and not breaks(words[probe]):
            if inside(words[probe]):
                end = probe
            probe += 1
        out.append((True, list(words[index : end + 1])))
        index = end + 1
    return out


def visual(text: str, *, right_to_left: bool) -> list[str]:
    """The words of a line from left to right on the page. In a left-to-right line each right-to-left run
    (Arabic words, and the numbers or signs between them) reads from the right; in a right-to-left line the
    words read from the right and each run of Latin words or numbers keeps its order."""
    words = text.split()
    if right_to_left:
        units = _runs(words, _left_to_right, _right_to_left)
        return [word for _, run in reversed(units) for word in run]
    units = _runs(words, _right_to_left, _latin)
    return [word for inside, run in units for word in (reversed(run) if inside else run)]


def _markup(words: Sequence[str], bold: bool) -> str:
    """Paragraph markup of words in visual order: each run of Arabic words whole in the Arabic face (its
    spaces too, so that a reader of the PDF takes the run as one), the rest in the paragraph's own face
    (bold when asked)."""
    face = ARABIC_BOLD if bold else ARABIC
    parts: list[str] = []
    run: list[str] = []
    for word in [*words, ""]:
        if word and _right_to_left(word):
            run.append(escape(word))
            continue
        if run:
            parts.append(f'<font face="{face}">{" ".join(run)}</font>')
            run = []
        if word:
            parts.append(f"<b>{escape(word)}</b>" if bold else escape(word))
    return " ".join(parts)


def arabic(words: str, *, bold: bool = False) -> str:
    """Paragraph markup of an Arabic label on one line (a label never wraps: see ArabicText)."""
    register_fonts()
    return _markup(visual(words, right_to_left=True), bold)


def text(value: str, *, bold: bool = False) -> str:
    """Paragraph markup of a stored text (a name, an address, a description), escaped: ReportLab paragraphs
    read markup. Its Arabic words, if any, are set in the Arabic face in their order."""
    register_fonts()
    return _markup(visual(value, right_to_left=False), bold)


def both(english: str, words: str, *, bold: bool = False) -> str:
    """An English label (markup) and its Arabic side by side: 'Tax Invoice | فاتورة ضريبية'."""
    return f"{english} | {arabic(words, bold=bold)}"


def _shaped_width(word: str, font: str, size: float) -> float:
    """A word's width as HarfBuzz sets it (joined letters, ligatures), by ReportLab's own shaping."""
    shaped = shapeStr(word, font, size)
    if isinstance(shaped, ShapedStr):
        return float(sum(glyph.x_advance for glyph in shaped.__shapeData__)) * size / 1000
    return float(stringWidth(word, font, size))


def arabic_width(words: str, size: float, *, bold: bool = False) -> float:
    """The width of an Arabic label on one line."""
    register_fonts()
    total = 0.0
    for word in words.split():
        if _right_to_left(word):
            total += _shaped_width(word, ARABIC_BOLD if bold else ARABIC, size)
        else:
            total += float(stringWidth(word, "Helvetica-Bold" if bold else "Helvetica", size))
    return total + float(stringWidth(" ", "Helvetica", size)) * max(len(words.split()) - 1, 0)


class ArabicText(Flowable):  # type: ignore[misc]
    """Arabic text that may take several lines, set from the right: the lines are broken in reading order
    (the first words on the first line), then each line's words are put in their order on the page."""

    def __init__(self, words: str, style: ParagraphStyle, *, bold: bool = False) -> None:
        super().__init__()
        self.words = words
        self.bold = bold
        self.style = ParagraphStyle(f"{style.name}-rtl", parent=style, alignment=TA_RIGHT, shaping=1)
        self.style.fontName = _STYLE_FONTS.get(self.style.fontName, self.style.fontName)
        self._lines: list[Paragraph] = []

    def _break(self, width: float) -> list[str]:
        size = self.style.fontSize
        space = stringWidth(" ", "Helvetica", size)
        lines: list[list[str]] = [[]]
        used = 0.0
        for word in self.words.split():
            wide = arabic_width(word, size, bold=self.bold)
            if lines[-1] and used + space + wide > width:
                lines.append([])
                used = 0.0
            used += (space if lines[-1] else 0.0) + wide
            lines[-1].append(word)
        return [" ".join(line) for line in lines if line]

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        register_fonts()
        self.width = availWidth
        # Some room to spare: a line's words are measured one by one, and the line is shaped whole.
        lines = self._break(availWidth * 0.97)
        self._lines = [Paragraph(arabic(line, bold=self.bold), self.style) for line in lines]
        self.height = sum(line.wrap(availWidth, availHeight)[1] for line in self._lines)
        return self.width, self.height

    def draw(self) -> None:
        top = self.height
        for line in self._lines:
            top -= line.height
            line.drawOn(self.canv, 0, top)


class Label(Paragraph):  # type: ignore[misc]
    """A table cell's label in English over its Arabic, on lines that never wrap (one_line_widths widens its
    column to the longest); a narrow column's Arabic may be given as its lines, each set from the right."""

    def __init__(self, english: str, words: str | tuple[str, ...], style: ParagraphStyle) -> None:
        register_fonts()
        self.english = english
        self.words = (words,) if isinstance(words, str) else words
        self.bold = style.fontName in (LATIN_BOLD, "Helvetica-Bold")
        lines = [escape(english), *(arabic(line, bold=self.bold) for line in self.words)]
        super().__init__("<br/>".join(lines), style)

    def needed(self) -> float:
        size = self.style.fontSize
        english = text_width(self.english, size, bold=self.bold)
        return max(english, *(arabic_width(line, size, bold=self.bold) for line in self.words))


def label_style(size: float, *, header: bool = False, bold: bool = False) -> ParagraphStyle:
    """The style of a Label: white bold in a table's blue header row, else black."""
    register_fonts()
    return ParagraphStyle(
        "label-header" if header else "label",
        fontName=LATIN_BOLD if header or bold else LATIN,
        fontSize=size,
        leading=size * 1.35,
        textColor=colors.white if header else colors.black,
        shaping=1,
    )


HEADER = colors.HexColor("#1d5fa8")
# ReportLab's cell padding on each side (TableStyle LEFTPADDING and RIGHTPADDING default to 6 points).
PADDING = 6


def figure(amount: Decimal) -> str:
    """An amount in a column headed '(AED)': 201,000.00."""
    return f"{amount:,.2f}"


def rate(percent: Decimal) -> str:
    return f"{percent.normalize():f}%"


# The Arabic beside a label whose value is a Dubai time or day, as the English prints "(Dubai)" after it.
IN_DUBAI = "بتوقيت دبي"


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


def facts(rows: Sequence[tuple[str, str]], style: ParagraphStyle, width: float) -> Table:
    """Lines of 'Label: value' (markup), each with its label's Arabic at the right end of the line (bold),
    as bilingual tax invoices print them; a line without Arabic ('') is a value on its own (an address)."""
    register_fonts()
    longest = max((arabic_width(words, style.fontSize, bold=True) for _, words in rows), default=0.0)
    right = min(longest + 4 * mm, width * 0.4)
    cells = [
        [Paragraph(line, style), ArabicText(words, style, bold=True) if words else ""] for line, words in rows
    ]
    table = Table(cells, colWidths=[width - right, right], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return table


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
    return max((float(stringWidth(part, font, size)) for part in text.split("\n")), default=0.0)


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
    amounts; the header in bold; a Label's longer line) and the width is taken from the `flexible` column,
    whose Paragraphs wrap.
    The table keeps its total width."""
    fitted = list(widths)
    for column in range(len(widths)):
        if column == flexible:
            continue
        needed = 0.0
        for index, row in enumerate(rows):
            value = row[column]
            if isinstance(value, Label):
                needed = max(needed, value.needed() + 2 * PADDING)
            elif isinstance(value, str):
                bold = index == 0 or (bold_last and index == len(rows) - 1)
                needed = max(needed, text_width(value, size, bold=bold) + 2 * PADDING)
        if needed > fitted[column]:
            fitted[flexible] -= needed - fitted[column]
            fitted[column] = needed
    return fitted
