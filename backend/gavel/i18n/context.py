"""The language of the request being answered: English unless its Accept-Language prefers Arabic."""

from contextvars import ContextVar, Token

from gavel.i18n.language import Language

_language: ContextVar[Language] = ContextVar("gavel_language", default=Language.EN)


def current_language() -> Language:
    return _language.get()


def set_language(language: Language) -> Token[Language]:
    return _language.set(language)


def reset_language(token: Token[Language]) -> None:
    _language.reset(token)


def _quality(params: str) -> float:
    for param in params.split(";"):
        key, _, value = param.strip().partition("=")
        if key.strip().lower() == "q":
            try:
                return max(0.0, min(1.0, float(value.strip())))
            except ValueError:
                return 0.0
    return 1.0


def language_from_header(value: str | None) -> Language:
    """Arabic when Accept-Language ranks `ar` (or `ar-AE`, ...) above every English tag (by q-value, then by
    order at equal q); English otherwise, a missing or unreadable header included. Other languages and `*`
    choose nothing: the answer is then English."""
    if not value:
        return Language.EN
    best: dict[Language, tuple[float, int]] = {}
    for position, item in enumerate(value.split(",")):
        tag, _, params = item.strip().partition(";")
        primary = tag.strip().lower().split("-", 1)[0]
        if primary not in (Language.EN, Language.AR):
            continue
        quality = _quality(params)
        if quality <= 0:
            continue
        rank = (quality, -position)
        language = Language(primary)
        if language not in best or rank > best[language]:
            best[language] = rank
    arabic = best.get(Language.AR)
    if arabic is None:
        return Language.EN
    english = best.get(Language.EN)
    return Language.AR if english is None or arabic > english else Language.EN
