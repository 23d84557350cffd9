"""How the audit log reads the staff's record of a seller's answer on a lot sold below its reserve (issue 25),
recorded against the lot's vehicle as the clerk's moves are (gavel/bidding/audit_words.py). The trail gathers
these words once gavel/trail/vocabulary.py lists `WORDS`."""

from decimal import Decimal, InvalidOperation

from gavel.audit.vocabulary import AuditWords, Values
from gavel.core.money import aed


def _amount(values: Values) -> str:
    try:
        return aed(Decimal(str((values or {})["amount"])))
    except (KeyError, InvalidOperation):
        return "an amount"


def _note(values: Values) -> str:
    note = (values or {}).get("note")
    return f" ({note})" if note else ""


def _accepted(record: str, old: Values, new: Values) -> str:
    return f"Recorded the seller's acceptance of {_amount(new)} for {record}{_note(new)}"


def _declined(record: str, old: Values, new: Values) -> str:
    return f"Recorded that the seller declined the price for {record}{_note(new)}"


def _countered(record: str, old: Values, new: Values) -> str:
    return f"Recorded the seller's counter-offer of {_amount(new)} for {record}{_note(new)}"


def _counter_accepted(record: str, old: Values, new: Values) -> str:
    return f"Recorded that the buyer took the counter-offer of {_amount(new)} for {record}{_note(new)}"


def _counter_declined(record: str, old: Values, new: Values) -> str:
    return f"Recorded that the buyer declined the counter-offer for {record}{_note(new)}"


WORDS = AuditWords(
    special={
        "lot.approval_accepted": _accepted,
        "lot.approval_declined": _declined,
        "lot.approval_countered": _countered,
        "lot.approval_counter_accepted": _counter_accepted,
        "lot.approval_counter_declined": _counter_declined,
    },
)
