"""Whether a bidder socket's token may watch: the bidders' own session check (`bidder_service.authenticate`,
the check of every bidder route), so a staff token, a session ended or expired, or a member no longer
approved is refused with the sentence the bidder API answers. A refusal is 4401 and that sentence. The
re-checks of open sockets are asked many at once (`check_many`: one statement, sockets.Rechecks)."""

from typing import Any

from gavel.bidders.service import bidder_service
from gavel.bidding.live.access import UNAUTHORIZED, Refused, close_reason
from gavel.errors import Unauthorized


async def check(state: Any, token: str | None, *, keep_alive: bool) -> tuple[Refused | None, str | None]:
    """(None, the member's id) when the token is a live bidder session's; (the refusal, None) otherwise.
    With `keep_alive` the check counts as the session's use, as a request does; the checks of an open
    socket do not (a socket left open keeps no session alive past its idle limit)."""
    async with state.sessionmaker() as session:
        try:
            _, member, _ = await bidder_service.authenticate(session, token or None, state.clock.now())
        except Unauthorized as exc:
            return Refused(UNAUTHORIZED, close_reason(exc.message)), None
        member_id = str(member.id)
        if keep_alive:
            await session.commit()
        else:
            await session.rollback()
        return None, member_id


async def check_many(state: Any, tokens: list[str]) -> dict[str, tuple[Refused | None, str | None]]:
    """`check` without keep-alive for many tokens at once, read in one statement: each token's verdict."""
    async with state.sessionmaker() as session:
        verdicts = await bidder_service.still_live(session, tokens, state.clock.now())
        answers: dict[str, tuple[Refused | None, str | None]] = {
            token: (Refused(UNAUTHORIZED, close_reason(v.message)), None)
            if isinstance(v, Unauthorized)
            else (None, v)
            for token, v in verdicts.items()
        }
        await session.rollback()
    return answers
