"""The auction history of a member (the runs of what they sell and what they bought) and of a vehicle."""

from sqlalchemy import select, union_all
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import joinedload, raiseload

from gavel.auctions.models import AuctionEvent, Run
from gavel.vehicles.models import Vehicle

# A history entry shows the run's lane, buyer and vehicle (title and lot) and its auction's title: nothing
# else is joined (the vehicle's seller and photos, the yard with its manager and hours, the auction's creator
# with their role would make thirteen tables, past PostgreSQL's join_collapse_limit, bench/README.md).
HISTORY_LOADS = (
    joinedload(Run.vehicle).raiseload("*"),
    joinedload(Run.buyer).raiseload("*"),
    joinedload(Run.lane).raiseload("*"),
)
HISTORY_EVENT_LOADS = (joinedload(AuctionEvent.auction).raiseload("*"), raiseload(AuctionEvent.lanes))


async def member_history(session: AsyncSession, member_id: str) -> list[tuple[str, Run, AuctionEvent]]:
    """Every run of the member's vehicles (as seller) and every purchase (as buyer), newest first.

    The runs are chosen first, in a statement of their own: the two halves apart, each from its own index
    (the member's vehicles, then their runs; the runs the member bought). One OR across the join could use
    neither (1.5 s at a million runs and vehicles); and the same halves inside the statement that loads the
    runs with their tables were joined last, after every run of the table (8 s, then 60 s under the sale day's
    load: bench/README.md 'Sale day under load')."""
    sold_by = select(Run.id).join(Vehicle, Vehicle.id == Run.vehicle_id).where(Vehicle.member_id == member_id)
    bought_by = select(Run.id).where(Run.buyer_id == member_id, Run.outcome == "sold")
    run_ids = set((await session.scalars(union_all(sold_by, bought_by))).all())
    if not run_ids:
        return []
    stmt = (
        select(Run, AuctionEvent)
        .join(AuctionEvent, AuctionEvent.id == Run.event_id)
        .where(Run.id.in_(run_ids))
        .options(*HISTORY_LOADS, *HISTORY_EVENT_LOADS)
        .order_by(AuctionEvent.start_at.desc(), Run.run_number)
    )
    rows = (await session.execute(stmt)).unique().all()
    return [("buyer" if run.buyer_id == member_id else "seller", run, event) for run, event in rows]


async def vehicle_runs(session: AsyncSession, vehicle_id: str) -> list[tuple[Run, AuctionEvent]]:
    stmt = (
        select(Run, AuctionEvent)
        .join(AuctionEvent, AuctionEvent.id == Run.event_id)
        .where(Run.vehicle_id == vehicle_id)
        .options(*HISTORY_LOADS, *HISTORY_EVENT_LOADS)
        .order_by(AuctionEvent.start_at.desc())
    )
    return [(run, event) for run, event in (await session.execute(stmt)).unique().all()]
