"""The languages a member may be written to in (their preferred language); alerts' templates come in each."""

from enum import StrEnum


class Language(StrEnum):
    EN = "en"
    AR = "ar"
