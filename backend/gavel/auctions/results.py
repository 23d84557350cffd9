"""The lane console's results: each vehicle sold (to a buyer whose verdict allows it; its invoice issued and
its seller told), not sold (back with the unassigned vehicles) or corrected (the earlier sale's invoice
credited), one after the other, each checked against what the ones before it changed."""

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions import repository
from gavel.auctions.events import ResultRecording, VehicleSold
from gavel.auctions.models import AuctionEvent, Run
from gavel.auctions.places import assign, current_run, placed_since, unassign
from gavel.auctions.presenter import member_name
from gavel.auctions.rules import results_refusal
from gavel.auctions.schemas import Outcome, ResultIn
from gavel.auctions.service import auction_service
from gavel.auctions.verdict import buyer_verdict
from gavel.audit.repository import Actor, record_change
from gavel.core.bulk import plural, unique_ids
from gavel.core.clock import dubai_date
from gavel.core.events import publish
from gavel.core.money import aed
from gavel.errors import Conflict, Invalid, NotFound
from gavel.invoices import repository as invoices
from gavel.invoices.service import invoice_service
from gavel.ledger import repository as ledger_repository
from gavel.members.models import Member
from gavel.vehicles.options import GatePass, VehicleStatus
from gavel.vehicles.transitions import lot


class ResultsService:
    async def record_results(
        self, session: AsyncSession, event_id: str, results: Sequence[ResultIn], actor: Actor, now: datetime
    ) -> tuple[AuctionEvent, list[Run]]:
        event = await auction_service.event(session, event_id, lock=True)
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
            # The bid engine (above) refuses a result for a lot it is selling, and follows one it is not.
            outcome = result.outcome.value if result.outcome else None
            lane = run.lane.lane_number
            await publish(session, ResultRecording(run.id, run.vehicle, outcome, result.sold_for, lane, now))
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
        placed_again = vehicle.event_id is not None or vehicle.status != VehicleStatus.APPROVED
        if not run.is_current and result.outcome != Outcome.NOT_SOLD and placed_again:
            raise Conflict(placed_since(vehicle.vehicle_lot_number))
        if result.outcome != Outcome.SOLD:
            return
        assert result.buyer_id is not None and result.sold_for is not None
        buyer = buyers.get(result.buyer_id)
        if buyer is None:
            raise Invalid.field("buyerId", "The chosen buyer does not exist.")
        verdict = await buyer_verdict(session, buyer, besides=vehicle.id)
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
            async with current_run(session, event.id, [vehicle.id], placed_since):
                run.is_current = True
            assign(vehicle, event)

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
            unassign(vehicle)


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


results_service = ResultsService()
