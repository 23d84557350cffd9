"""How the audit log reads the actions of members (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords, Values


def _trusted_seller(record: str, old: Values, new: Values) -> str:
    trusted = bool((new or {}).get("isTrustedSeller"))
    return f"Marked {record} as a trusted seller" if trusted else f"Removed {record} from trusted sellers"


WORDS = AuditWords(
    entities={"member": "member"},
    sentences={
        "member.created": "Registered {record}",
        "member.updated": "Edited {record}",
        "member.deleted": "Deleted {record}",
        "member.password_reset": "Reset the password of {record}",
    },
    status_changes=frozenset({"member.status_changed"}),
    special={"member.trusted_seller_changed": _trusted_seller},
)
