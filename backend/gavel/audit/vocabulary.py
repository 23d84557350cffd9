"""The shape of a module's audit words: each module that writes audit events says in its own
`audit_words.py` how a person reads them; the audit log (gavel/trail/vocabulary.py) gathers them."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Values = dict[str, Any] | None
# A sentence of its own, from the record's kind and name ('member Desert Motors') and the old and new values.
Sentence = Callable[[str, Values, Values], str]


@dataclass(frozen=True)
class AuditWords:
    # How a sentence names each kind of record the module writes: {"alert_campaign": "campaign"}.
    entities: Mapping[str, str] = field(default_factory=dict)
    # action -> sentence; {record} is the record's kind and name: {"member.created": "Registered {record}"}.
    sentences: Mapping[str, str] = field(default_factory=dict)
    # Actions whose sentence says what the record's status became ('Approved member ...'): a shared rule.
    status_changes: frozenset[str] = frozenset()
    # Actions with a sentence of their own that the values decide.
    special: Mapping[str, Sentence] = field(default_factory=dict)
