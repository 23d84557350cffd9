"""How the audit log reads the actions of vehicles (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    entities={"vehicle": "vehicle"},
    sentences={
        "vehicle.created": "Added {record}",
        "vehicle.updated": "Edited {record}",
        "vehicle.progress": "Updated the inspection progress of {record}",
        "vehicle.deleted": "Deleted {record}",
    },
    status_changes=frozenset({"vehicle.status_changed"}),
)
