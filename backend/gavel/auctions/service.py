"""The auctions themselves: created with their planned events and lanes, read, and deleted while draft; an
event read by id. Publishing and completing are in status.py, placing vehicles in placement.py, the lane
console's results in results.py, a buyer's verdict in verdict.py."""

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions import repository
from gavel.auctions.models import Auction, AuctionEvent, Lane
from gavel.auctions.places import refuse, unassign
from gavel.auctions.schedule import planned_events
from gavel.auctions.schemas import AuctionCreate, AuctionStatus, PlannedEvent
from gavel.audit.repository import Actor, record_change
from gavel.core.bulk import all_found, unique_ids
from gavel.core.clock import dubai_date
from gavel.errors import Invalid, NotFound


class AuctionService:
    async def get(self, session: AsyncSession, auction_id: str) -> Auction:
        auction = await repository.by_id(session, auction_id)
        if auction is None:
            raise NotFound("This auction does not exist.")
        return auction

    async def create(
        self, session: AsyncSession, body: AuctionCreate, actor: Actor, now: datetime
    ) -> tuple[Auction, list[PlannedEvent]]:
        if body.start_date <= now:
            raise Invalid.field("startDate", "The first event must start in the future.")
        location = await repository.location(session, body.location)
        if location is None:
            raise Invalid.field("location", "The chosen location does not exist.")
        if location.status != "active":
            raise Invalid.field("location", f"{location.title} is inactive; choose an active location.")
        planned = planned_events(body)
        auction = Auction(
            auction_title=body.auction_title,
            title_key=body.auction_title.lower(),
            auction_type=body.auction_type.value,
            location_id=location.id,
            lane_count=body.lanes,
            bid_increment_amount=body.bid_increment_amount,
            counter_bid_time=body.counter_bid_time,
            repeat_type=body.repeat_type.value,
            repeat_until=body.repeat_until,
            status=AuctionStatus.DRAFT.value,
            first_event_at=planned[0].start_date,
            last_event_at=planned[-1].start_date,
            event_count=len(planned),
            created_by_id=actor.id,
        )
        session.add(auction)
        await session.flush()
        for n, plan in enumerate(planned, start=1):
            event = AuctionEvent(
                auction_id=auction.id,
                sequence=n,
                start_at=plan.start_date,
                end_at=plan.end_date,
                sale_date=dubai_date(plan.start_date),
                status="draft",
                lanes=[Lane(lane_number=k) for k in range(1, body.lanes + 1)],
            )
            session.add(event)
        await session.flush()
        await record_change(
            session,
            actor,
            "auction.created",
            "auction",
            auction.id,
            new={
                "auctionTitle": auction.auction_title,
                "auctionType": auction.auction_type,
                "location": location.id,
                "lanes": auction.lane_count,
                "bidIncrementAmount": auction.bid_increment_amount,
                "counterBidTime": auction.counter_bid_time,
                "repeatType": auction.repeat_type,
                "events": len(planned),
            },
        )
        await session.refresh(auction, ["location", "created_by"])
        return auction, planned

    async def delete(self, session: AsyncSession, ids: list[str], actor: Actor) -> int:
        wanted = unique_ids(ids)
        auctions = all_found(await repository.by_ids(session, wanted, lock=True), wanted, "auctions")
        with_results = await repository.has_results(session, wanted)
        problems = [
            f"{a.auction_title} was published; it can no longer be deleted."
            if a.status != AuctionStatus.DRAFT
            else f"{a.auction_title} has sale results; it can no longer be deleted."
            for a in auctions
            if a.status != AuctionStatus.DRAFT or a.id in with_results
        ]
        if problems:
            raise refuse(problems, "auction")
        for run in await repository.current_runs_of_auctions(session, wanted):
            unassign(run.vehicle)
        for auction in auctions:
            await record_change(
                session,
                actor,
                "auction.deleted",
                "auction",
                auction.id,
                old={"auctionTitle": auction.auction_title, "status": auction.status},
            )
            await session.delete(auction)
        await session.flush()
        return len(auctions)

    async def event(self, session: AsyncSession, event_id: str, *, lock: bool = False) -> AuctionEvent:
        event = await repository.event_by_id(session, event_id, lock=lock)
        if event is None:
            raise NotFound("This auction event does not exist.")
        return event


auction_service = AuctionService()
