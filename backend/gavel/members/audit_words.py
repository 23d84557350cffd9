"""How the audit log reads the actions of members (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords, Values
from gavel.members.consents.methods import CHANNEL_WORDS, PromoChannel, label_of


def _trusted_seller(record: str, old: Values, new: Values) -> str:
    trusted = bool((new or {}).get("isTrustedSeller"))
    return f"Marked {record} as a trusted seller" if trusted else f"Removed {record} from trusted sellers"


def _how(new: Values) -> tuple[str, str]:
    """The channel in words ('SMS') and how, in words (': signed form at the counter')."""
    values = new or {}
    channel = str(values.get("channel", ""))
    words = CHANNEL_WORDS[PromoChannel(channel)] if channel in set(PromoChannel) else "a channel"
    label = label_of(str(values["method"])) if values.get("method") else ""
    return words, f": {label[0].lower()}{label[1:]}" if label else ""


def _consent_given(record: str, old: Values, new: Values) -> str:
    channel, how = _how(new)
    return f"Recorded the consent of {record} to promotions by {channel}{how}"


def _consent_withdrawn(record: str, old: Values, new: Values) -> str:
    channel, how = _how(new)
    return f"Recorded that {record} withdrew consent to promotions by {channel}{how}"


WORDS = AuditWords(
    entities={"member": "member"},
    sentences={
        "member.created": "Registered {record}",
        "member.updated": "Edited {record}",
        "member.deleted": "Deleted {record}",
        "member.password_reset": "Reset the password of {record}",
    },
    status_changes=frozenset({"member.status_changed"}),
    special={
        "member.trusted_seller_changed": _trusted_seller,
        "member.consent_given": _consent_given,
        "member.consent_withdrawn": _consent_withdrawn,
    },
)
