"""How the audit log reads the actions of charges (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    entities={"charge": "charge"},
    sentences={
        "charge.created": "Created {record}",
        "charge.updated": "Edited {record}",
        "charge.deleted": "Deleted {record}",
    },
    status_changes=frozenset({"charge.status_changed"}),
)
