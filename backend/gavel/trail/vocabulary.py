"""Every module's audit words, gathered: each module says how its own actions read (its audit_words.py), and
the audit log reads them all here. Two modules may not word the same action or kind of record."""

from collections.abc import Iterable, Mapping
from typing import TypeVar

from gavel.alerts import audit_words as alerts
from gavel.auctions import audit_words as auctions
from gavel.audit.vocabulary import AuditWords, Sentence
from gavel.auth import audit_words as auth
from gavel.bidders import audit_words as bidders
from gavel.bidding import audit_words as bidding
from gavel.bidding.approval import audit_words as approval
from gavel.bidding.increment_tables import audit_words as increment_tables
from gavel.business import audit_words as business
from gavel.charges import audit_words as charges
from gavel.deposits import audit_words as deposits
from gavel.gatepass import audit_words as gatepass
from gavel.invoices import audit_words as invoices
from gavel.locations import audit_words as locations
from gavel.members import audit_words as members
from gavel.payments import audit_words as payments
from gavel.payouts import audit_words as payouts
from gavel.plans import audit_words as plans
from gavel.roles import audit_words as roles
from gavel.uploads import audit_words as uploads
from gavel.users import audit_words as users
from gavel.vehicles import audit_words as vehicles

# The application's own: the demo data sits above the read models (the wiring), so the trail words its one
# action, about the app_state record of gavel/core.
APPLICATION = AuditWords(
    entities={"app_state": "application"}, sentences={"demo.loaded": "Loaded the demo data"}
)

EVERY_MODULE = (
    members.WORDS,
    alerts.WORDS,
    deposits.WORDS,
    vehicles.WORDS,
    gatepass.WORDS,
    auctions.WORDS,
    bidders.WORDS,
    bidding.WORDS,
    approval.WORDS,
    increment_tables.WORDS,
    invoices.WORDS,
    payments.WORDS,
    payouts.WORDS,
    users.WORDS,
    auth.WORDS,
    roles.WORDS,
    locations.WORDS,
    plans.WORDS,
    charges.WORDS,
    business.WORDS,
    uploads.WORDS,
    APPLICATION,
)

V = TypeVar("V")


def _once(maps: Iterable[Mapping[str, V]]) -> dict[str, V]:
    merged: dict[str, V] = {}
    for words in maps:
        if twice := sorted(merged.keys() & words.keys()):
            raise ValueError(f"Audit words given by two modules: {', '.join(twice)}")
        merged.update(words)
    return merged


# How a sentence names a kind of record.
ENTITY_WORDS: dict[str, str] = _once(w.entities for w in EVERY_MODULE)
# {record} is the record's kind and name ('member Omar Al Suwaidi'); a status change has its own rule.
SENTENCES: dict[str, str] = _once(w.sentences for w in EVERY_MODULE)
SPECIAL: dict[str, Sentence] = _once(w.special for w in EVERY_MODULE)
STATUS_CHANGES: frozenset[str] = frozenset().union(*(w.status_changes for w in EVERY_MODULE))
