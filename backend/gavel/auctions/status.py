"""Publishing, unpublishing and completing: an auction's status and its events' as they follow it, and an
event completed once every vehicle has its result (the auction with its last event)."""

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions import repository
from gavel.auctions.models import Auction, AuctionEvent
from gavel.auctions.places import refuse
from gavel.auctions.schemas import AuctionStatus
from gavel.auctions.service import auction_service
from gavel.audit.repository import Actor, record_change
from gavel.core.bulk import all_found, plural, unique_ids
from gavel.core.clock import dubai_date
from gavel.errors import Conflict


class StatusService:
    async def change_status(
        self, session: AsyncSession, ids: list[str], status: AuctionStatus, actor: Actor, now: datetime
    ) -> list[Auction]:
        wanted = unique_ids(ids)
        auctions = all_found(await repository.by_ids(session, wanted, lock=True), wanted, "auctions")
        events = await repository.events_of(session, [a.id for a in auctions])
        by_auction: dict[str, list[AuctionEvent]] = {a.id: [] for a in auctions}
        for event in events:
            by_auction[event.auction_id].append(event)
        stats = await repository.event_stats(session, [e.id for e in events])
        problems = [
            f"{a.auction_title}: {p}"
            for a in auctions
            if a.status != status and (p := self._status_problem(a, by_auction[a.id], stats, status, now))
        ]
        if problems:
            raise refuse(problems, "auction")
        for auction in auctions:
            if auction.status == status:
                continue
            old = auction.status
            moved = self._apply_status(auction, by_auction[auction.id], stats, status, now)
            await record_change(
                session,
                actor,
                "auction.status_changed",
                "auction",
                auction.id,
                old={"status": old},
                new={"status": status.value, "events": moved},
            )
        await session.flush()
        return auctions

    def _status_problem(
        self,
        auction: Auction,
        events: list[AuctionEvent],
        stats: dict[str, repository.EventStats],
        status: AuctionStatus,
        now: datetime,
    ) -> str | None:
        current = AuctionStatus(auction.status)
        if status == AuctionStatus.PUBLISH:
            if current not in (AuctionStatus.DRAFT, AuctionStatus.UNPUBLISHED):
                return f"a {current.value} auction cannot be published."
            ready = [e for e in events if e.start_at > now and e.status != "completed" and e.id in stats]
            if not ready:
                return "publishing needs at least one future event holding vehicles."
            return None
        if status == AuctionStatus.UNPUBLISHED:
            if current != AuctionStatus.PUBLISH:
                return "only a published auction can be unpublished."
            return None
        if status == AuctionStatus.COMPLETED:
            if current != AuctionStatus.PUBLISH:
                return "only a published auction is completed."
            open_events = [e for e in events if e.status != "completed"]
            if open_events:
                return f"{plural(len(open_events), 'event')} not completed yet."
            return None
        return "an auction goes back to draft only by being unpublished."

    def _apply_status(
        self,
        auction: Auction,
        events: list[AuctionEvent],
        stats: dict[str, repository.EventStats],
        status: AuctionStatus,
        now: datetime,
    ) -> int:
        """Sets the auction's status and its events' as they follow it; answers how many events moved."""
        moved = 0
        if status == AuctionStatus.PUBLISH:
            for event in events:
                if event.status in ("draft", "unpublished") and event.id in stats and event.end_at > now:
                    event.status = "publish"
                    moved += 1
        elif status == AuctionStatus.UNPUBLISHED:
            for event in events:
                if event.status == "publish" and event.start_at > now:
                    event.status = "unpublished"
                    moved += 1
        auction.status = status.value
        return moved

    async def complete_event(
        self, session: AsyncSession, event_id: str, actor: Actor, now: datetime
    ) -> AuctionEvent:
        event = await auction_service.event(session, event_id, lock=True)
        if event.status == "completed":
            return event
        if dubai_date(now) < event.sale_date:
            raise Conflict(
                f"This event is completed from its sale day, {event.sale_date.strftime('%d/%m/%Y')}."
            )
        waiting = await repository.unresulted_runs(session, event.id)
        if waiting:
            lots = ", ".join(str(r.vehicle.vehicle_lot_number) for r in waiting[:5])
            raise Conflict(
                f"{plural(len(waiting), 'vehicle')} of this event {'has' if len(waiting) == 1 else 'have'} "
                f"no result yet (lots {lots}); record every result first."
            )
        stats = await repository.event_stats(session, [event.id])
        if event.id in stats and event.status != "publish":
            raise Conflict("An event with vehicles is completed once published and sold.")
        event.status = "completed"
        event.completed_at = now
        await record_change(
            session, actor, "auction_event.completed", "auction_event", event.id, new={"status": "completed"}
        )
        siblings = await repository.events_of(session, [event.auction_id])
        if all(e.status == "completed" for e in siblings):
            auction = event.auction
            old = auction.status
            auction.status = AuctionStatus.COMPLETED.value
            await record_change(
                session,
                actor,
                "auction.status_changed",
                "auction",
                auction.id,
                old={"status": old},
                new={"status": "completed"},
            )
        await session.flush()
        return event


status_service = StatusService()
