"""How the audit log reads the actions of security plans (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    entities={"security_plan": "security plan"},
    sentences={
        "plan.created": "Created {record}",
        "plan.updated": "Edited {record}",
        "plan.deleted": "Deleted {record}",
    },
)
