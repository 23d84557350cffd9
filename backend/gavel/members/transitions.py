"""Which member status may follow which, and which changes need a reason (docs/decisions.md, Members)."""

from gavel.errors import Invalid
from gavel.members.schemas import MemberStatus as S

ALLOWED: dict[S, set[S]] = {
    S.PENDING: {S.APPROVED, S.REJECTED},
    S.APPROVED: {S.DEACTIVATED, S.INACTIVE},
    S.DEACTIVATED: {S.APPROVED},
    S.INACTIVE: {S.APPROVED},
    S.REJECTED: {S.PENDING},  # the member resubmits
}
# The changes that cannot be taken back without a word to the member: the reason is required (the verb says
# what staff are doing), and kept on the member until the next change.
NEEDS_REASON: dict[S, str] = {S.REJECTED: "rejecting", S.DEACTIVATED: "deactivating"}
KEEPS_REASON = {S.REJECTED, S.DEACTIVATED, S.INACTIVE}
MIN_REASON = 3
# A status as a sentence says it (the API value inActive reads "inactive").
WORDS: dict[str, str] = {S.INACTIVE: "inactive"}


def allowed(current: str, wanted: S) -> bool:
    return wanted in ALLOWED.get(S(current), set())


def word(status: str) -> str:
    return WORDS.get(status, status)


def reason_to_keep(wanted: S, reason: str | None, count: int) -> str | None:
    """The reason stored with the new status; 422 when the change needs one and none (or too short) came."""
    if wanted in NEEDS_REASON and len(reason or "") < MIN_REASON:
        noun = "member" if count == 1 else "members"
        raise Invalid.field("reason", f"Give a reason for {NEEDS_REASON[wanted]} the {noun}.")
    return reason if wanted in KEEPS_REASON else None
