"""The API's sentences in the staff user's language (issue 27): English, or Arabic when the request's
Accept-Language prefers it. The Arabic is in ar/<package>.json, one file per top-level package of gavel;
extract.py finds the sentences in the code and scripts/messages.py keeps the files in step with it."""

from gavel.i18n.catalogue import translate, translate_pydantic
from gavel.i18n.context import current_language, language_from_header, reset_language, set_language

__all__ = [
    "current_language",
    "language_from_header",
    "reset_language",
    "set_language",
    "translate",
    "translate_pydantic",
]
