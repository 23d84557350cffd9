"""How the audit log reads the actions of invoices (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    entities={"invoice": "invoice"},
    sentences={
        "invoice.issued": "Issued {record}",
        "invoice.cancelled": "Cancelled {record} with a credit note",
    },
)
