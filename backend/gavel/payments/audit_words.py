"""How the audit log reads the actions of payments (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    entities={"payment": "payment"},
    sentences={
        "payment.recorded": "Recorded {record}",
        "payment.verified": "Verified {record}",
        "payment.rejected": "Rejected {record}",
    },
)
