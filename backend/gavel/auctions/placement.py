"""Placing vehicles in an event's lanes before it starts: added at the end of a lane, removed, or moved to
another event (both locked in one order), to the lanes chosen or to the lanes of the same letters in their
order. Each placement is a run, the vehicle's current one (places.py)."""

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions import repository
from gavel.auctions.models import AuctionEvent, Run
from gavel.auctions.places import assign, current_run, in_another_event, refuse, unassign
from gavel.auctions.schemas import AuctionStatus, TransferPlacement, VehiclePlacement, lane_letter
from gavel.auctions.service import auction_service
from gavel.audit.repository import Actor, record_change
from gavel.core.bulk import all_found, plural, unique_ids
from gavel.core.clock import dubai_date
from gavel.errors import Conflict, FieldError, Invalid, NotFound
from gavel.vehicles import repository as vehicles
from gavel.vehicles.models import Vehicle
from gavel.vehicles.options import VehicleStatus
from gavel.vehicles.transitions import lot


def _dubai_day(moment: datetime) -> str:
    return dubai_date(moment).strftime("%d/%m/%Y")


class PlacementService:
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
        event = await auction_service.event(session, event_id, lock=True)
        self._open_for_vehicles(event, now)
        wanted = unique_ids([p.vehicle_id for p in placements])
        found = all_found(await vehicles.by_ids(session, wanted), wanted, "vehicles")
        problems = [p for v in found if (p := _placement_problem(v))]
        if problems:
            raise refuse(problems, "vehicle")
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
            async with current_run(session, event.id, list(found), in_another_event):
                session.add(
                    Run(event_id=event.id, lane_id=lane.id, vehicle_id=vehicle.id, run_number=last[lane.id])
                )
            assign(vehicle, event)
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
            raise refuse(recorded, "vehicle")
        return [runs[v] for v in vehicle_ids]

    async def remove_vehicles(
        self, session: AsyncSession, event_id: str, vehicle_ids: list[str], actor: Actor
    ) -> int:
        event = await auction_service.event(session, event_id, lock=True)
        if event.status == "completed":
            raise Conflict("This event is completed; its vehicles can no longer change.")
        runs = await self._runs_placed(session, event, unique_ids(vehicle_ids))
        for run in runs:
            unassign(run.vehicle)
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
        placement: TransferPlacement = TransferPlacement.CHOSEN,
    ) -> tuple[AuctionEvent, int]:
        if source_id == target_id:
            raise Invalid.field("targetEventId", "Choose another event to move the vehicles to.")
        # Both events locked, always in the same order, so that two opposite transfers cannot deadlock.
        first, second = sorted([source_id, target_id])
        locked = {first: await auction_service.event(session, first, lock=True)}
        locked[second] = await auction_service.event(session, second, lock=True)
        source, target = locked[source_id], locked[target_id]
        if source.status == "completed":
            raise Conflict("The source event is completed; its vehicles can no longer change.")
        self._open_for_vehicles(target, now)
        wanted = unique_ids([p.vehicle_id for p in placements])
        runs = await self._runs_placed(session, source, wanted)
        if placement == TransferPlacement.KEEP:
            runs, placements = _kept_lanes(runs, target)
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


def _kept_lanes(runs: list[Run], target: AuctionEvent) -> tuple[list[Run], list[VehiclePlacement]]:
    """Each vehicle to the lane of the same letter in the target, in the order they run in the source (lane
    by lane, then run number), so that they land after the vehicles already there and keep their order.

    An event's lanes are those of its auction, made with it (A to its lane count) and never made on demand:
    a vehicle whose lane the target lacks is refused (422 naming the lane and its lots), and nothing moves.
    """
    runs = sorted(runs, key=lambda r: (r.lane.lane_number, r.run_number))
    there = {lane.lane_number for lane in target.lanes}
    missing = sorted({r.lane.lane_number for r in runs} - there)
    if missing:
        has = (
            f"only lane {lane_letter(1)}"
            if len(there) == 1
            else f"lanes {lane_letter(1)} to {lane_letter(len(there))}"
        )
        problems = [
            f"The target event has {has}; there is no lane {lane_letter(number)} for "
            f"{_lots([r.vehicle for r in runs if r.lane.lane_number == number])}. "
            "Choose a lane or the emptiest lane."
            for number in missing
        ]
        raise Invalid(problems[0], errors=[FieldError(field="placement", message=p) for p in problems])
    return runs, [
        VehiclePlacement(vehicle_id=r.vehicle_id, lane=lane_letter(r.lane.lane_number)) for r in runs
    ]


def _lots(found: list[Vehicle]) -> str:
    """'Lot 1003', 'Lots 1003 and 1004', 'Lots 1003, 1004, 1005 and 2 others'."""
    numbers = [str(v.vehicle_lot_number) for v in found]
    if len(numbers) == 1:
        return f"Lot {numbers[0]}"
    if len(numbers) <= 3:
        return f"Lots {', '.join(numbers[:-1])} and {numbers[-1]}"
    return f"Lots {', '.join(numbers[:3])} and {plural(len(numbers) - 3, 'other')}"


def _placement_problem(vehicle: Vehicle) -> str | None:
    if vehicle.status != VehicleStatus.APPROVED:
        return f"{lot(vehicle)} is {vehicle.status}; only approved vehicles are placed in an event."
    if vehicle.event_id is not None:
        return in_another_event(vehicle.vehicle_lot_number)
    return None


placement_service = PlacementService()
