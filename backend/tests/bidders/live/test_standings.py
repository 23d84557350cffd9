"""The open sockets' re-checks read each session's standing as plain values (`repository.standings`), not
as the ORM's objects: their verdict on every token is the one a bidder request's `authenticate` gives it,
refusal for refusal."""

from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import delete, update

from gavel.auth.security import token_digest
from gavel.bidders.models import BidderAccount, BidderSession
from gavel.bidders.service import SESSION_LIFETIME, bidder_service
from gavel.config import Settings
from gavel.errors import Unauthorized
from tests.bidders.conftest import set_status
from tests.bidders.live.harness import bidder_token
from tests.bidding.live_harness import LiveSale, live_sale


async def verdicts(live: LiveSale, tokens: list[str], now: datetime) -> tuple[list[str], list[str]]:
    """Each token's verdict from the batched re-check and from a request's check: a member id or a
    sentence."""
    async with live.app.state.sessionmaker() as session:
        batched = await bidder_service.still_live(session, tokens, now)
        await session.rollback()
    one_by_one = []
    for token in tokens:
        async with live.app.state.sessionmaker() as session:
            try:
                _, member, _ = await bidder_service.authenticate(session, token, now)
                one_by_one.append(str(member.id))
            except Unauthorized as refused:
                one_by_one.append(refused.message)
            await session.rollback()
    said = [v if isinstance(v, str) else v.message for v in (batched[t] for t in tokens)]
    return said, one_by_one


async def test_the_batched_recheck_answers_every_token_as_a_request_would(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        first, second = await bidder_token(live, 1), await bidder_token(live, 2)
        buyers = live.sale.buyers[:2]
        now = live.app.state.clock.now()
        tokens = [first, second, "bid_nobody", "not-a-bidder-token", ""]
        said, asked = await verdicts(live, tokens, now)
        assert said == asked
        assert said[:2] == buyers

        # Expired by age.
        said, asked = await verdicts(live, tokens, now + SESSION_LIFETIME + timedelta(seconds=1))
        assert said == asked
        assert not set(said) & set(buyers)

        # The second buyer's bidder account gone.
        async with live.app.state.sessionmaker() as session:
            await session.execute(delete(BidderAccount).where(BidderAccount.member_id == buyers[1]))
            await session.commit()
        said, asked = await verdicts(live, tokens, now)
        assert said == asked
        assert said[0] == buyers[0] and said[1] not in buyers

        # The first buyer deactivated (their status changed since the session opened), then the session ended.
        await set_status(live.client, live.admin, buyers[0], "deactivated")
        said, asked = await verdicts(live, tokens, now)
        assert said == asked
        deactivated = said[0]
        assert deactivated not in buyers
        async with live.app.state.sessionmaker() as session:
            ended = update(BidderSession).where(BidderSession.token_hash == token_digest(first))
            await session.execute(ended.values(ended_at=now))
            await session.commit()
        said, asked = await verdicts(live, tokens, now)
        assert said == asked
        assert said[0] not in (*buyers, deactivated)
