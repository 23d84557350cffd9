"""How the audit log reads the actions of uploaded files (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    entities={"upload": "file"},
    sentences={
        "upload.stored": "Uploaded a file",
    },
)
