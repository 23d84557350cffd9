"""The unsubscribe link's pages: small HTML made here, in the member's language (right to left for Arabic),
with no script (the app's Content-Security-Policy allows none inline) and one form that POSTs to the page's
own address."""

import html

from gavel.alerts.catalog import Language
from gavel.alerts.unsubscribe.service import Subscriber

WORDS: dict[Language, dict[str, str]] = {
    Language.EN: {
        "title": "Unsubscribe from promotional emails",
        "question": "Stop promotional emails from {business} to {address}?",
        "question_no_address": "Stop promotional emails from {business}?",
        "button": "Unsubscribe",
        "done": "You will no longer receive promotional emails from {business}.",
        "still": "You will still receive emails about your account, purchases and payments.",
    },
    Language.AR: {
        "title": "إلغاء الاشتراك في رسائل البريد الإلكتروني الترويجية",
        "question": "هل تريد إيقاف رسائل البريد الإلكتروني الترويجية من {business} إلى {address}؟",
        "question_no_address": "هل تريد إيقاف رسائل البريد الإلكتروني الترويجية من {business}؟",
        "button": "إلغاء الاشتراك",
        "done": "لن تصلك بعد الآن رسائل بريد إلكتروني ترويجية من {business}.",
        "still": "ستظل تصلك رسائل البريد الإلكتروني المتعلقة بحسابك ومشترياتك ومدفوعاتك.",
    },
}
NOT_FOUND = {
    Language.EN: "This unsubscribe link is not valid. Open the whole link from the email, or ask us to "
    "unsubscribe you.",
    Language.AR: "رابط إلغاء الاشتراك هذا غير صالح. افتح الرابط كاملاً كما ورد في الرسالة، أو اطلب منا إلغاء "
    "اشتراكك.",
}
STYLE = (
    "body{margin:0;padding:32px 16px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#1f1f1f}"
    "main{max-width:520px;margin:0 auto;padding:24px;background:#fff;border-radius:8px;line-height:1.6}"
    "h1{font-size:20px;margin:0 0 16px}p{margin:0 0 16px}.note{color:#595959;font-size:14px}"
    "button{padding:8px 20px;font-size:15px;border:0;border-radius:6px;background:#1677ff;color:#fff;"
    "cursor:pointer}"
)


def _document(language: Language, title: str, content: str) -> str:
    direction = "rtl" if language == Language.AR else "ltr"
    return (
        f'<!DOCTYPE html>\n<html lang="{language.value}" dir="{direction}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="robots" content="noindex">\n<meta name="referrer" content="no-referrer">\n'
        f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n"
        f"<body>\n<main>\n<h1>{html.escape(title)}</h1>\n{content}</main>\n</body>\n</html>\n"
    )


def _say(text: str, who: Subscriber) -> str:
    return html.escape(text.format(business=who.business, address=who.address or ""))


def confirm(who: Subscriber) -> str:
    """The question and the one button (a POST to this same address: opening the link changes nothing)."""
    words = WORDS[who.language]
    question = words["question"] if who.address else words["question_no_address"]
    content = (
        f"<p>{_say(question, who)}</p>\n"
        f'<form method="post">\n<button type="submit">{html.escape(words["button"])}</button>\n</form>\n'
    )
    return _document(who.language, words["title"], content)


def done(who: Subscriber) -> str:
    words = WORDS[who.language]
    content = f'<p>{_say(words["done"], who)}</p>\n<p class="note">{_say(words["still"], who)}</p>\n'
    return _document(who.language, words["title"], content)


def not_found() -> str:
    """Both languages: a link that names no member names no language either."""
    content = (
        f'<p lang="en" dir="ltr">{html.escape(NOT_FOUND[Language.EN])}</p>\n'
        f'<p lang="ar" dir="rtl">{html.escape(NOT_FOUND[Language.AR])}</p>\n'
    )
    return _document(Language.EN, f"{WORDS[Language.EN]['title']} / {WORDS[Language.AR]['title']}", content)
