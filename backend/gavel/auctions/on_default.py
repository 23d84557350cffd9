"""How auctions react to a sale cancelled for default (deposits): the run that sold the vehicle is no longer
its current run and stays only as the history of the sale (gavel.core.events; connected by gavel.wiring)."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import Run
from gavel.core import events
from gavel.deposits.events import SaleCancelledForDefault


async def sale_cancelled_for_default(session: AsyncSession, event: SaleCancelledForDefault) -> None:
    run = await session.get(Run, event.invoice.run_id) if event.invoice.run_id else None
    if run is not None:
        run.is_current = False


def connect() -> None:
    events.subscribe(SaleCancelledForDefault, sale_cancelled_for_default)
