"""How the audit log reads the actions of staff users (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    entities={"user": "staff user"},
    sentences={
        "user.created": "Added {record}",
        "user.updated": "Edited {record}",
        "user.deleted": "Deleted {record}",
        "user.password_reset_by_admin": "Reset the password of {record}",
        "user.two_step_reset_by_admin": "Turned off the two-step sign-in of {record}",
    },
    status_changes=frozenset({"user.status_changed"}),
)
