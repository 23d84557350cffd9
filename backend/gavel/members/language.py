"""The languages a member may be written to in (their preferred language); alerts' templates come in each."""

from gavel.i18n.language import Language

__all__ = ["Language"]
