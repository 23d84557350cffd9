"""The watch list's rules: a member watches any lot they may see (404 for another), once; unwatching a lot
not watched changes nothing (both answer 204). Lots stay listed after they close, until unwatched or their
event is no longer one members see."""

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.bidders.lots import service as lots
from gavel.bidders.watchlist import repository
from gavel.bidding.models import LotRow


async def watched(session: AsyncSession, member_id: str) -> list[LotRow]:
    return await repository.watched_lots(session, member_id)


async def watch(session: AsyncSession, member_id: str, lot_id: str, now: datetime) -> None:
    await lots.lot(session, lot_id)
    await repository.watch(session, member_id, lot_id, now)


async def unwatch(session: AsyncSession, member_id: str, lot_id: str) -> None:
    await repository.unwatch(session, member_id, lot_id)
