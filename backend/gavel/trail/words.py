"""The action of an audit event in words: 'Approved member Omar Al Suwaidi'.

A sentence comes from the action, the kind of record, its name and the old and new values: a status change
says what the record became ('Approved', 'Suspended'), or from what to what. An action this file does not
know yet still reads as words ('Member: opted in') instead of a code. Each module words its own actions
(its audit_words.py, gathered in gavel/trail/vocabulary.py); the rules shared by all are here.
"""

import re
from typing import Any

from gavel.trail.vocabulary import ENTITY_WORDS, SENTENCES, SPECIAL, STATUS_CHANGES

# The new status that a verb says by itself ('Approved member ...'); others read 'from pending to inactive'.
STATUS_VERBS = {
    "approved": "Approved",
    "rejected": "Rejected",
    "deactivated": "Deactivated",
    "cancelled": "Cancelled",
    "publish": "Published",
    "unpublished": "Unpublished",
    "completed": "Completed",
    "suspended": "Suspended",
    "returned": "Returned",
}
STATUS_KEYS = ("status", "userAccountStatus", "isActive")
# Keys of a record's snapshot that name it, for records that no longer exist (deleted).
NAME_KEYS = ("fullName", "companyName", "auctionTitle", "title", "name", "number", "transactionId")
KNOWN_ACTIONS = sorted({*SENTENCES, *STATUS_CHANGES, *SPECIAL})


def words_of(code: object) -> str:
    """A code as lower-case words: 'inActive' reads 'inactive', 'in_inspection' reads 'in inspection'."""
    if isinstance(code, bool):
        return "active" if code else "inactive"
    text = str(code)
    if text == "inActive":
        return "inactive"
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text).replace("_", " ").lower()


def action_label(action: str) -> str:
    """The action as a filter's option: 'member.status_changed' reads 'Member: status changed'."""
    subject, _, verb = action.partition(".")
    return f"{words_of(subject).capitalize()}: {words_of(verb)}" if verb else words_of(subject).capitalize()


def name_in_snapshot(values: dict[str, Any] | None) -> str | None:
    """The record's name as its old or new values hold it."""
    if not values:
        return None
    first, last = values.get("firstName"), values.get("lastName")
    if isinstance(first, str) and isinstance(last, str) and not values.get("companyName"):
        return f"{first} {last}".strip()
    for key in NAME_KEYS:
        value = values.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def record_words(entity: str, name: str | None) -> str:
    kind = ENTITY_WORDS.get(entity, words_of(entity))
    if name:
        return f"{kind} {name}"
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def _status(values: dict[str, Any] | None) -> object:
    for key in STATUS_KEYS:
        if values and key in values:
            return values[key]
    return None


def _status_sentence(record: str, old: dict[str, Any] | None, new: dict[str, Any] | None) -> str:
    was, now = _status(old), _status(new)
    if now is None:
        return f"Changed the status of {record}"
    verb = STATUS_VERBS.get(words_of(now))
    if verb:
        return f"{verb} {record}"
    if was is None:
        return f"Changed the status of {record} to {words_of(now)}"
    return f"Changed the status of {record} from {words_of(was)} to {words_of(now)}"


def sentence(
    action: str,
    entity: str,
    name: str | None,
    old: dict[str, Any] | None = None,
    new: dict[str, Any] | None = None,
) -> str:
    """What happened, as a person says it: 'Approved member Omar Al Suwaidi'."""
    record = record_words(entity, name or name_in_snapshot(old) or name_in_snapshot(new))
    if action in STATUS_CHANGES:
        return _status_sentence(record, old, new)
    if special := SPECIAL.get(action):
        return special(record, old, new)
    template = SENTENCES.get(action)
    if template is None:
        return f"{action_label(action)}: {record}"
    return template.format(record=record)
