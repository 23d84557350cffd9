"""How the audit log reads the actions of seller settlements, refunds and payouts (gavel/trail)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    sentences={
        "settlement.issued": "Issued the seller settlement {record}",
        "refund.requested": "Requested the refund {record}",
        "refund.completed": "Completed the refund {record}",
        "refund.cancelled": "Cancelled the refund {record}",
        "payout.completed": "Completed the payout {record}",
        "payout.cancelled": "Cancelled the payout {record}",
    },
)
