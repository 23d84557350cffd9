"""Bulk changes are all or nothing: every id must name a record."""

from collections.abc import Sequence
from typing import Protocol, TypeVar

from gavel.errors import NotFound


class HasId(Protocol):
    id: str


T = TypeVar("T", bound=HasId)


def unique_ids(ids: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(ids))


def all_found(found: Sequence[T], wanted: Sequence[str], noun_plural: str) -> list[T]:
    missing = len(set(wanted) - {f.id for f in found})
    if missing:
        verb = "exists" if missing == 1 else "exist"
        raise NotFound(f"{missing} of the selected {noun_plural} no longer {verb}.")
    return list(found)


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    return f"{n} {singular if n == 1 else (plural_form or singular + 's')}"
