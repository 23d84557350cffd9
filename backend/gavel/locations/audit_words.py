"""How the audit log reads the actions of locations (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    entities={"location": "location"},
    sentences={
        "location.created": "Added {record}",
        "location.updated": "Edited {record}",
        "location.deleted": "Deleted {record}",
    },
    status_changes=frozenset({"location.status_changed"}),
)
