"""How the audit log reads the actions of the business settings (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    entities={"business_settings": "business settings"},
    sentences={
        "business.updated": "Edited the business settings",
    },
)
