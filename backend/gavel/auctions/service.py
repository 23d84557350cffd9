"""The rules of auctions: schedules, publishing, placing vehicles in lanes, sale results and completion."""

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions import repository
from gavel.auctions.events import VehicleSold
from gavel.auctions.models import Auction, AuctionEvent, Lane, Run
from gavel.auctions.presenter import member_name
from gavel.auctions.rules import results_refusal
from gavel.auctions.schedule import planned_events
from gavel.auctions.schemas import (
    AuctionCreate,
    AuctionStatus,
    Outcome,
    PlannedEvent,
    ResultIn,
    VehiclePlacement,
    lane_letter,
)
from gavel.audit.repository import Actor, record_change
from gavel.core.bulk import all_found, plural, unique_ids
from gavel.core.clock import dubai_date
from gavel.core.constraints import constraint_name
from gavel.core.events import publish
from gavel.core.money import aed
from gavel.deposits.service import deposit_service
from gavel.errors import Conflict, FieldError, Invalid, NotFound
from gavel.invoices import repository as invoices
from gavel.invoices.service import invoice_service
from gavel.ledger import repository as ledger_repository
from gavel.members.models import Member
from gavel.vehicles import repository as vehicles
from gavel.vehicles.models import Vehicle
from gavel.vehicles.options import GatePass, VehicleStatus

OPEN_EVENT = ("draft", "unpublished", "publish")

# The partial unique index that keeps a vehicle in one event at a time (models.Run).
CURRENT_RUN = "uq_auction_run_current_vehicle"


def lot(vehicle: Vehicle) -> str:
    return f"Lot {vehicle.vehicle_lot_number}"


def _refuse(problems: list[str], noun: str) -> Conflict:
    """One 409 naming every blocker (at most five in the sentence, all in `errors`)."""
    message = (
        problems[0]
        if len(problems) == 1
        else f"{plural(len(problems), noun)} cannot: " + " ".join(problems[:5])
    )
    return Conflict(message, errors=[FieldError(field=f"{noun}s", message=p) for p in problems])


def _dubai_day(moment: datetime) -> str:
    return dubai_date(moment).strftime("%d/%m/%Y")


def _in_another_event(lot_number: int) -> str:
    return f"Lot {lot_number} is already in an auction event."


def _placed_since(lot_number: int) -> str:
    return f"Lot {lot_number} has been placed in another event since; its result stays."


@asynccontextmanager
async def _current_run(
    session: AsyncSession, event_id: str, vehicle_ids: Sequence[str], problem: Callable[[int], str]
) -> AsyncIterator[None]:
    """Writes what the block makes a current run, in a savepoint of its own.

    The service checks before writing that no vehicle is in another event; when another request placed one
    at the same moment (past that check), the unique index on current runs refuses the write. The savepoint
    keeps the transaction usable, and the 409 then names the vehicles the other request placed, read afresh,
    as the check would have. Any other refusal, or none found, goes on to the generic answer
    (core.constraints).
    """
    try:
        async with session.begin_nested():
            yield
    except IntegrityError as exc:
        if constraint_name(exc)[0] != CURRENT_RUN:
            raise
        lots = await repository.lots_placed_elsewhere(session, vehicle_ids, event_id)
        if not lots:
            raise
        raise _refuse([problem(n) for n in lots], "vehicle") from exc


ZERO = Decimal("0.00")


@dataclass(frozen=True)
class BuyerVerdict:
    """A buyer's verdict (AuctionService.buyer_verdict): what is available to them, or why nothing is."""

    name: str
    available: Decimal
    overdue_invoice: str | None
    blocked_reason: str | None
    approved: bool = True

    def refusal(self, price: Decimal) -> str | None:
        """Why a sale to this buyer at this price is refused, or None."""
        if self.blocked_reason is not None:
            return self.blocked_reason
        if price > self.available:
            return (
                f"{self.name}'s buying power falls short by {aed(price - self.available)}: "
                f"{aed(self.available)} is available."
            )
        return None


class AuctionService:
    # ------------------------------------------------------------------------------------------ auctions

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
            raise _refuse(problems, "auction")
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
            raise _refuse(problems, "auction")
        for run in await repository.current_runs_of_auctions(session, wanted):
            _unassign(run.vehicle)
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

    # ------------------------------------------------------------------------------------------ events

    async def event(self, session: AsyncSession, event_id: str, *, lock: bool = False) -> AuctionEvent:
        event = await repository.event_by_id(session, event_id, lock=lock)
        if event is None:
            raise NotFound("This auction event does not exist.")
        return event

    def _open_for_vehicles(self, event: AuctionEvent, now: datetime) -> None:
        if event.status == "completed":
            raise Conflict("This event is completed; its vehicles can no longer change.")
        if event.start_at <= now:
            raise Conflict(
                f"This event started on {_dubai_day(event.start_at)}; "
                "vehicles are placed only before it starts."
            )

    async def add_vehicles(
        self,
        session: AsyncSession,
        event_id: str,
        placements: Sequence[VehiclePlacement],
        actor: Actor,
        now: datetime,
    ) -> int:
        event = await self.event(session, event_id, lock=True)
        self._open_for_vehicles(event, now)
        wanted = unique_ids([p.vehicle_id for p in placements])
        found = all_found(await vehicles.by_ids(session, wanted), wanted, "vehicles")
        problems = [p for v in found if (p := _placement_problem(v))]
        if problems:
            raise _refuse(problems, "vehicle")
        lanes = {lane_letter(lane.lane_number): lane for lane in event.lanes}
        unknown = sorted({p.lane for p in placements if p.lane and p.lane not in lanes})
        if unknown:
            raise Invalid.field(
                "vehicles",
                f"This event has lanes A to {lane_letter(len(lanes))}; there is no lane {unknown[0]}.",
            )
        await self._place(session, event, {v.id: v for v in found}, placements, actor)
        self._follow_auction(event)
        await session.flush()
        return len(found)

    async def _place(
        self,
        session: AsyncSession,
        event: AuctionEvent,
        found: dict[str, Vehicle],
        placements: Sequence[VehiclePlacement],
        actor: Actor,
    ) -> None:
        """Puts each vehicle at the end of its lane (or of the lane with the fewest vehicles)."""
        lanes = {lane_letter(lane.lane_number): lane for lane in event.lanes}
        stats = await repository.lane_stats(session, [event.id])
        sizes = {lane.id: stats[lane.id].vehicles if lane.id in stats else 0 for lane in event.lanes}
        last = await repository.last_run_numbers(session, [lane.id for lane in event.lanes])
        seen: set[str] = set()
        for placement in placements:
            if placement.vehicle_id in seen:
                continue
            seen.add(placement.vehicle_id)
            vehicle = found[placement.vehicle_id]
            lane = (
                lanes[placement.lane]
                if placement.lane
                else min(event.lanes, key=lambda k: (sizes[k.id], k.lane_number))
            )
            sizes[lane.id] += 1
            last[lane.id] = last.get(lane.id, 0) + 1
            # The run first: when another request placed this vehicle at the same moment, the unique index on
            # current runs refuses it here (409 naming the lot), before the vehicle is touched.
            async with _current_run(session, event.id, list(found), _in_another_event):
                session.add(
                    Run(event_id=event.id, lane_id=lane.id, vehicle_id=vehicle.id, run_number=last[lane.id])
                )
            _assign(vehicle, event)
            await record_change(
                session,
                actor,
                "auction_event.vehicle_added",
                "vehicle",
                vehicle.id,
                new={"event": event.id, "lane": lane_letter(lane.lane_number), "run": last[lane.id]},
            )

    def _follow_auction(self, event: AuctionEvent) -> None:
        """An event of a published auction that receives vehicles is published with it."""
        if event.auction.status == AuctionStatus.PUBLISH and event.status in ("draft", "unpublished"):
            event.status = "publish"

    async def _runs_placed(
        self, session: AsyncSession, event: AuctionEvent, vehicle_ids: list[str]
    ) -> list[Run]:
        runs = {r.vehicle_id: r for r in await repository.runs_in_event(session, event.id, vehicle_ids)}
        missing = [v for v in vehicle_ids if v not in runs or not runs[v].is_current]
        if missing:
            verb = "is" if len(missing) == 1 else "are"
            raise NotFound(f"{plural(len(missing), 'vehicle')} of the selection {verb} not in this event.")
        recorded = [f"{lot(runs[v].vehicle)} has a result." for v in vehicle_ids if runs[v].outcome]
        if recorded:
            raise _refuse(recorded, "vehicle")
        return [runs[v] for v in vehicle_ids]

    async def remove_vehicles(
        self, session: AsyncSession, event_id: str, vehicle_ids: list[str], actor: Actor
    ) -> int:
        event = await self.event(session, event_id, lock=True)
        if event.status == "completed":
            raise Conflict("This event is completed; its vehicles can no longer change.")
        runs = await self._runs_placed(session, event, unique_ids(vehicle_ids))
        for run in runs:
            _unassign(run.vehicle)
            await record_change(
                session,
                actor,
                "auction_event.vehicle_removed",
                "vehicle",
                run.vehicle_id,
                old={"event": event.id, "lane": lane_letter(run.lane.lane_number), "run": run.run_number},
            )
            await session.delete(run)
        await session.flush()
        return len(runs)

    async def transfer_vehicles(
        self,
        session: AsyncSession,
        source_id: str,
        target_id: str,
        placements: Sequence[VehiclePlacement],
        actor: Actor,
        now: datetime,
    ) -> tuple[AuctionEvent, int]:
        if source_id == target_id:
            raise Invalid.field("targetEventId", "Choose another event to move the vehicles to.")
        # Both events locked, always in the same order, so that two opposite transfers cannot deadlock.
        first, second = sorted([source_id, target_id])
        locked = {first: await self.event(session, first, lock=True)}
        locked[second] = await self.event(session, second, lock=True)
        source, target = locked[source_id], locked[target_id]
        if source.status == "completed":
            raise Conflict("The source event is completed; its vehicles can no longer change.")
        self._open_for_vehicles(target, now)
        wanted = unique_ids([p.vehicle_id for p in placements])
        runs = await self._runs_placed(session, source, wanted)
        lanes = {lane_letter(lane.lane_number) for lane in target.lanes}
        unknown = sorted({p.lane for p in placements if p.lane and p.lane not in lanes})
        if unknown:
            raise Invalid.field("vehicles", f"The target event has no lane {unknown[0]}.")
        found = {run.vehicle_id: run.vehicle for run in runs}
        for run in runs:
            await session.delete(run)
        await session.flush()
        await self._place(session, target, found, placements, actor)
        self._follow_auction(target)
        for vehicle_id in found:
            await record_change(
                session,
                actor,
                "auction_event.vehicle_transferred",
                "vehicle",
                vehicle_id,
                old={"event": source.id},
                new={"event": target.id},
            )
        await session.flush()
        return target, len(found)

    # ------------------------------------------------------------------------------------------ results

    async def record_results(
        self, session: AsyncSession, event_id: str, results: Sequence[ResultIn], actor: Actor, now: datetime
    ) -> tuple[AuctionEvent, list[Run]]:
        event = await self.event(session, event_id, lock=True)
        closed = results_refusal(event, dubai_date(now))
        if closed is not None:
            raise Conflict(closed)
        wanted = unique_ids([r.vehicle_id for r in results])
        runs = {r.vehicle_id: r for r in await repository.runs_in_event(session, event.id, wanted)}
        missing = [v for v in wanted if v not in runs]
        if missing:
            raise NotFound(f"{plural(len(missing), 'vehicle')} of the results did not run in this event.")
        # The buyers' rows are locked (in one order) before their buying power is checked: two sales to one
        # buyer in two events at once take turns, and the second sees the first's purchase.
        buyer_ids = sorted({r.buyer_id for r in results if r.buyer_id})
        for buyer_id in buyer_ids:
            await ledger_repository.lock_member(session, buyer_id)
        buyers = await repository.members_by_ids(session, buyer_ids)
        # One result after the other, each checked against what the ones before it changed (a buyer's
        # earlier purchases in the same batch count against their buying power).
        for result in results:
            run = runs[result.vehicle_id]
            if _same_result(run, result):
                continue
            await self._check_result(session, run, result, buyers)
            before = _result_snapshot(run)
            await self._undo(session, run, event, actor, now)
            await self._apply(session, run, result, buyers.get(result.buyer_id or ""), event, actor, now)
            await session.flush()
            await record_change(
                session,
                actor,
                "auction_event.result_recorded",
                "vehicle",
                run.vehicle_id,
                old=before,
                new=_result_snapshot(run),
            )
        return event, [runs[v] for v in wanted]

    async def _check_result(
        self,
        session: AsyncSession,
        run: Run,
        result: ResultIn,
        buyers: dict[str, Member],
    ) -> None:
        vehicle = run.vehicle
        if run.outcome == Outcome.SOLD and (
            vehicle.is_paid or vehicle.is_released or vehicle.gate_pass_status != GatePass.PENDING
        ):
            raise Conflict(f"{lot(vehicle)} has been paid for or collected; its result can no longer change.")
        # Not sold earlier: it went back to the unassigned vehicles and may have been placed again since.
        placed_since = vehicle.event_id is not None or vehicle.status != VehicleStatus.APPROVED
        if not run.is_current and result.outcome != Outcome.NOT_SOLD and placed_since:
            raise Conflict(_placed_since(vehicle.vehicle_lot_number))
        if result.outcome != Outcome.SOLD:
            return
        assert result.buyer_id is not None and result.sold_for is not None
        buyer = buyers.get(result.buyer_id)
        if buyer is None:
            raise Invalid.field("buyerId", "The chosen buyer does not exist.")
        verdict = await self.buyer_verdict(session, buyer, besides=vehicle.id)
        if not verdict.approved:
            raise Invalid.field("buyerId", verdict.blocked_reason or "")
        if buyer.id == vehicle.member_id:
            raise Conflict(f"{member_name(buyer)} sells {lot(vehicle)} and cannot buy it.")
        reserve = vehicle.reserve_price
        if reserve is not None and result.sold_for < reserve and not result.seller_approved:
            raise Conflict(
                f"The reserve of {lot(vehicle)} was not met: {aed(result.sold_for)} is below "
                f"{aed(reserve)}. Record the sale only when the seller accepts the bid."
            )
        refusal = verdict.refusal(result.sold_for)
        if refusal is not None:
            raise Conflict(refusal)

    async def buyer_verdict(
        self, session: AsyncSession, buyer: Member, *, besides: str | None = None
    ) -> BuyerVerdict:
        """What a buyer may buy for now: the one rule that recording a sale applies and the buyers' look-up
        shows. Only approved members who buy; none while an invoice of theirs is overdue; else the buying
        power less the unpaid purchases (besides one vehicle: its own earlier price when a sale is
        corrected)."""
        if buyer.status != "approved" or not buyer.is_buyer:
            reason = f"{member_name(buyer)} is not an approved member who buys."
            return BuyerVerdict(member_name(buyer), ZERO, None, reason, approved=False)
        owed = await invoices.unpaid_purchases(session, buyer.id, besides=besides)
        available, overdue = await deposit_service.available(session, buyer, owed)
        if overdue is not None:
            reason = (
                f"{member_name(buyer)} has an overdue invoice ({overdue.number}): "
                "no buying power until it is paid."
            )
            return BuyerVerdict(member_name(buyer), ZERO, overdue.number, reason)
        return BuyerVerdict(member_name(buyer), available, None, None)

    async def _undo(
        self, session: AsyncSession, run: Run, event: AuctionEvent, actor: Actor, now: datetime
    ) -> None:
        """Takes back the effect of the run's current result on its vehicle (and its invoice, by a credit
        note: refused once payments were recorded against it)."""
        vehicle = run.vehicle
        if run.outcome == Outcome.SOLD:
            vehicle.status_changed_at = now
            invoice = await invoices.current_for_vehicle(session, vehicle.id, lock=True)
            if invoice is not None:
                await invoice_service.credit(session, invoice, "The sale result was corrected.", now, actor)
            vehicle.status = VehicleStatus.APPROVED.value
            vehicle.sold_for = None
            vehicle.buyer = None
            vehicle.is_paid = False
            vehicle.gate_pass_status = GatePass.PENDING.value
        if not run.is_current:
            # The unique index on current runs decides a race with another placement of the vehicle.
            async with _current_run(session, event.id, [vehicle.id], _placed_since):
                run.is_current = True
            _assign(vehicle, event)

    async def _apply(
        self,
        session: AsyncSession,
        run: Run,
        result: ResultIn,
        buyer: Member | None,
        event: AuctionEvent,
        actor: Actor,
        now: datetime,
    ) -> None:
        vehicle = run.vehicle
        run.outcome = result.outcome.value if result.outcome else None
        run.buyer = buyer if result.outcome == Outcome.SOLD else None
        run.sold_for = result.sold_for if result.outcome == Outcome.SOLD else None
        run.seller_approved = result.seller_approved if result.outcome == Outcome.SOLD else False
        run.recorded_at = now if result.outcome else None
        run.recorded_by_id = actor.id if result.outcome else None
        if result.outcome == Outcome.SOLD:
            vehicle.status = VehicleStatus.SOLD.value
            vehicle.status_changed_at = now
            vehicle.status_reason = None
            vehicle.sold_for = result.sold_for
            vehicle.buyer = buyer
            vehicle.is_paid = False
            vehicle.gate_pass_status = GatePass.PENDING.value
            assert buyer is not None and result.sold_for is not None
            await session.flush()
            await invoice_service.issue_for_sale(
                session,
                vehicle=vehicle,
                buyer=buyer,
                price=result.sold_for,
                run_id=run.id,
                sale_date=event.sale_date,
                now=now,
                actor=actor,
            )
            await publish(session, VehicleSold(vehicle, result.sold_for, event.sale_date, now))
        elif result.outcome == Outcome.NOT_SOLD:
            run.is_current = False
            _unassign(vehicle)

    async def complete_event(
        self, session: AsyncSession, event_id: str, actor: Actor, now: datetime
    ) -> AuctionEvent:
        event = await self.event(session, event_id, lock=True)
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


def _placement_problem(vehicle: Vehicle) -> str | None:
    if vehicle.status != VehicleStatus.APPROVED:
        return f"{lot(vehicle)} is {vehicle.status}; only approved vehicles are placed in an event."
    if vehicle.event_id is not None:
        return _in_another_event(vehicle.vehicle_lot_number)
    return None


def _assign(vehicle: Vehicle, event: AuctionEvent) -> None:
    vehicle.auction_id = event.auction_id
    vehicle.auction_date = event.sale_date
    vehicle.event_id = event.id
    vehicle.event_date = event.sale_date


def _unassign(vehicle: Vehicle) -> None:
    vehicle.auction_id = None
    vehicle.auction_date = None
    vehicle.event_id = None
    vehicle.event_date = None


def _same_result(run: Run, result: ResultIn) -> bool:
    """A repeated result (a double press) changes nothing."""
    outcome = result.outcome.value if result.outcome else None
    if run.outcome != outcome:
        return False
    if outcome != Outcome.SOLD:
        return True
    return (run.buyer_id, run.sold_for, run.seller_approved) == (
        result.buyer_id,
        result.sold_for,
        result.seller_approved,
    )


def _result_snapshot(run: Run) -> dict[str, Any]:
    return {
        "outcome": run.outcome,
        "buyer": run.buyer_id,
        "soldFor": run.sold_for,
        "sellerApproved": run.seller_approved,
        "event": run.event_id,
    }


auction_service = AuctionService()
