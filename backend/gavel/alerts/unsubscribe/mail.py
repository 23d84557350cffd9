"""The unsubscribe line a promotional email ends with, in its text and HTML parts, in the member's language
(the link itself is links.py's; the List-Unsubscribe headers the SMTP provider's)."""

import html

from gavel.alerts.catalog import Language

LINE = {
    Language.EN: "To stop receiving promotional emails, unsubscribe here: {url}",
    Language.AR: "لإيقاف رسائل البريد الإلكتروني الترويجية، ألغِ اشتراكك من هنا: {url}",
}
HTML_LINE = {
    Language.EN: 'To stop receiving promotional emails, <a href="{url}">unsubscribe here</a>.',
    Language.AR: 'لإيقاف رسائل البريد الإلكتروني الترويجية، <a href="{url}">ألغِ اشتراكك من هنا</a>.',
}
HTML_STYLE = (
    "max-width:600px;margin:12px auto 0;font-family:Arial,Helvetica,sans-serif;font-size:12px;"
    "line-height:1.5;color:#8c8c8c;"
)


def _language(language: str) -> Language:
    return Language.AR if language == Language.AR.value else Language.EN


def text_with_link(text: str, url: str, language: str) -> str:
    return f"{text.rstrip()}\n\n--\n{LINE[_language(language)].format(url=url)}\n"


def html_with_link(page: str, url: str, language: str) -> str:
    """The line as the page's last paragraph (before </body>, or at its end for a page without one)."""
    line = HTML_LINE[_language(language)].format(url=html.escape(url, quote=True))
    paragraph = f'<p style="{HTML_STYLE}">{line}</p>\n'
    at = page.lower().rfind("</body>")
    return page + paragraph if at < 0 else page[:at] + paragraph + page[at:]
