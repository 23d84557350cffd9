"""How the audit log reads the actions of security deposits, penalties and defaulted sales (gavel/trail)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    sentences={
        "deposit.invoiced": "Invoiced the security deposit of {record}",
        "penalty.issued": "Issued the penalty {record}",
        "vehicle.sale_defaulted": "Cancelled the sale of {record} for default",
    },
)
