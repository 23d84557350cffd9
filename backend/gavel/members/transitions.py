"""Which member status may follow which (docs/decisions.md, Members)."""

from gavel.members.schemas import MemberStatus as S

ALLOWED: dict[S, set[S]] = {
    S.PENDING: {S.APPROVED, S.REJECTED},
    S.APPROVED: {S.DEACTIVATED, S.INACTIVE},
    S.DEACTIVATED: {S.APPROVED},
    S.INACTIVE: {S.APPROVED},
    S.REJECTED: {S.PENDING},  # the member resubmits
}


def allowed(current: str, wanted: S) -> bool:
    return wanted in ALLOWED.get(S(current), set())
