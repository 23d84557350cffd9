"""How the audit log reads the actions of gate passes and the gate (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    entities={"gate_pass": "gate pass"},
    sentences={
        "gate_pass.issued": "Issued a gate pass for {record}",
        "gate_pass.cancelled": "Cancelled the gate pass of {record}",
        "gate.scanned": "Scanned the gate pass of {record} at the gate",
        "gate.scan_refused": "Refused a gate pass scan for {record}",
        "gate.picked_up": "Released {record} at the gate",
    },
)
