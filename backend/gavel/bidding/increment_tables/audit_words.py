"""How the audit log reads the changes of the increment table (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    entities={"increment_table": "increment table"},
    sentences={"increment_table.updated": "Changed the bid increment table"},
)
