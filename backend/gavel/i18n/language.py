"""The two languages of Gavel: English and Arabic. Members are written to in one (their preferred language);
staff see the web app and the API's messages in one (issue 27)."""

from enum import StrEnum


class Language(StrEnum):
    EN = "en"
    AR = "ar"
