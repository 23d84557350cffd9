"""Whether a socket's token may watch lots live: the checks the guards make of a bearer token (a live staff
session, not idle, not ended by an administrator, a user who may still sign in, no password or two-step
set-up due) and the role's Auctions VIEW privilege. A refusal is a WebSocket close code and its sentence."""

from dataclasses import dataclass
from typing import Any

from gavel.errors import Unauthorized
from gavel.guards import PASSWORD_DUE, TWO_STEP_DUE, Authenticator, Client, Principal
from gavel.permissions import Module, Privilege, module_name

UNAUTHORIZED = 4401
FORBIDDEN = 4403
NOT_FOUND = 4404
CLOSE_REASON_BYTES = 123  # a close frame's reason holds at most this many bytes

NOT_ALLOWED = f"You do not have permission to view {module_name(Module.AUCTIONS)}."


@dataclass(frozen=True)
class Refused:
    code: int
    reason: str


def close_reason(text: str) -> str:
    """The sentence cut to what a close frame holds (whole characters)."""
    encoded = text.encode()
    if len(encoded) <= CLOSE_REASON_BYTES:
        return text
    return encoded[:CLOSE_REASON_BYTES].decode(errors="ignore")


def _unauthorized(exc: Unauthorized) -> Refused:
    # An administrator's ending carries the sentence the sign-in page shows (auth.service._ended).
    reason = exc.extra.get("reason") if isinstance(exc.extra, dict) else None
    return Refused(UNAUTHORIZED, close_reason(str(reason or exc.message)))


async def check(
    state: Any, token: str | None, client: Client, *, keep_alive: bool
) -> tuple[Refused | None, str | None]:
    """(None, the user's id) when the token may watch; (the refusal, None) otherwise. With `keep_alive` the
    check counts as the session's activity, as a request does; the checks of an open socket do not (a socket
    left open keeps no session alive past its idle limit)."""
    service: Authenticator = state.auth_service
    async with state.sessionmaker() as session:
        try:
            user_session, user = await service.authenticate(session, token or None)
        except Unauthorized as exc:
            return _unauthorized(exc), None
        user_id = str(user.id)
        if user.must_change_password:
            return Refused(FORBIDDEN, PASSWORD_DUE), None
        role = user.role
        principal = Principal(user=user, session=user_session, client=client)
        two_step_due = role is not None and role.is_active and role.require_two_step
        if two_step_due and not await service.two_step_enabled(session, user.id):
            return Refused(FORBIDDEN, close_reason(TWO_STEP_DUE)), None
        if not principal.may(Module.AUCTIONS, Privilege.VIEW):
            return Refused(FORBIDDEN, NOT_ALLOWED), None
        if keep_alive:
            await session.commit()
        else:
            await session.rollback()
        return None, user_id
