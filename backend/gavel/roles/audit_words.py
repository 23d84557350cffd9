"""How the audit log reads the actions of roles (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    entities={"role": "role"},
    sentences={
        "role.created": "Created {record}",
        "role.updated": "Edited {record}",
        "role.activated": "Activated {record}",
        "role.deactivated": "Deactivated {record}",
        "role.deleted": "Deleted {record}",
    },
)
