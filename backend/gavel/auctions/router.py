"""Auctions and their events: schedules, lanes, placing vehicles, sale results (SPEC.md 7, Auctions)."""

from datetime import timedelta

from fastapi import APIRouter

from gavel.auctions import listing, repository
from gavel.auctions.deps import (
    CanAdd,
    CanDelete,
    CanEdit,
    CanUpdateStatus,
    CanView,
    CanViewCalendar,
    CanViewMembers,
    CanViewVehicles,
)
from gavel.auctions.history import member_history, vehicle_runs
from gavel.auctions.placement import placement_service
from gavel.auctions.presenter import (
    auction_answers,
    events_out,
    history_out,
    member_name,
    one_event_out,
    run_out,
)
from gavel.auctions.results import results_service
from gavel.auctions.schedule import planned_events
from gavel.auctions.schemas import (
    AddVehicles,
    AuctionCountsMessage,
    AuctionCreate,
    AuctionCreated,
    AuctionHistory,
    AuctionIds,
    AuctionList,
    AuctionQuery,
    AuctionStatusChange,
    BuyerOption,
    BuyerOptions,
    BuyerQuery,
    CalendarEvent,
    CalendarEvents,
    CalendarQuery,
    EventChanged,
    EventDetail,
    EventDetailResponse,
    EventList,
    LaneVehicles,
    LocationSummary,
    RemoveVehicles,
    Results,
    ResultsRecorded,
    RunQuery,
    Schedule,
    SchedulePreview,
    TransferVehicles,
    lane_letter,
)
from gavel.auctions.service import auction_service
from gavel.auctions.status import status_service
from gavel.auctions.verdict import buyer_verdict
from gavel.core.bulk import plural
from gavel.core.clock import ClockDep, day_start
from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import NotFound, error_responses
from gavel.members import repository as members
from gavel.members.search import search_terms
from gavel.vehicles import repository as vehicles

router = APIRouter(tags=["auctions"])

Errors = error_responses(403, 404, 409, 422)


async def _counts_message(session: SessionDep, message: str) -> AuctionCountsMessage:
    return AuctionCountsMessage(message=message, **(await listing.counts(session)).model_dump())


@router.post("/auctions/preview", response_model=SchedulePreview, responses=Errors)
async def preview_schedule(body: Schedule, _: CanAdd) -> SchedulePreview:
    """The events a schedule would create, for the 'Add auction' dialog."""
    return SchedulePreview(events=planned_events(body))


@router.post("/auctions/create", response_model=AuctionCreated, status_code=201, responses=Errors)
async def create_auction(
    body: AuctionCreate, session: SessionDep, clock: ClockDep, principal: CanAdd
) -> AuctionCreated:
    """Create a draft auction and generate its events."""
    now = clock.now()
    auction, planned = await auction_service.create(session, body, principal.actor, now)
    (out,) = auction_answers(await listing.answer_rows(session, [auction.id], now))
    return AuctionCreated(data=out, events=planned, **(await listing.counts(session)).model_dump())


@router.post("/auctions/get", response_model=AuctionList, responses=Errors)
async def list_auctions(body: AuctionQuery, session: SessionDep, clock: ClockDep, _: CanView) -> AuctionList:
    """A page of auctions with filters and every count."""
    count_rows = await listing.count_rows(session)
    rows, matching = await listing.page(
        session, body, clock.now(), listing.total_from_counts(body, count_rows)
    )
    return AuctionList(
        data=auction_answers(rows),
        total_pages=total_pages(matching, body.limit),
        current_page=body.page_no,
        total_matching=matching,
        **listing.counts_of(count_rows).model_dump(),
    )


@router.put("/auctions/status", response_model=AuctionCountsMessage, responses=Errors)
async def change_auction_status(
    body: AuctionStatusChange, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> AuctionCountsMessage:
    """Publish, unpublish or complete auctions; all or nothing."""
    changed = await status_service.change_status(
        session, body.auction_ids, body.status, principal.actor, clock.now()
    )
    words = {"publish": "published", "unpublished": "unpublished", "completed": "completed"}
    state = words.get(body.status.value, body.status.value)
    return await _counts_message(session, f"{plural(len(changed), 'auction')} {state}.")


@router.delete("/auctions/delete", response_model=AuctionCountsMessage, responses=Errors)
async def delete_auctions(
    body: AuctionIds, session: SessionDep, principal: CanDelete
) -> AuctionCountsMessage:
    """Delete auctions never published and without results; their vehicles return to the unassigned."""
    deleted = await auction_service.delete(session, body.auction_ids, principal.actor)
    return await _counts_message(session, f"{plural(deleted, 'auction')} deleted.")


@router.get("/auction-event/all-auction-events/{auctionId}", response_model=EventList, responses=Errors)
async def list_auction_events(auctionId: str, session: SessionDep, clock: ClockDep, _: CanView) -> EventList:
    """Every event of an auction with its lanes and counts."""
    auction = await auction_service.get(session, auctionId)
    events = await repository.events_of(session, [auction.id])
    return EventList(data=await events_out(session, events, clock.now()))


@router.post("/auction-event/getById/{eventId}", response_model=EventDetailResponse, responses=Errors)
async def get_event(
    eventId: str, body: RunQuery, session: SessionDep, clock: ClockDep, _: CanView
) -> EventDetailResponse:
    """An event, its lanes and a page of its vehicles in lane and run order."""
    event = await auction_service.event(session, eventId)
    runs, matching = await repository.runs_page(
        session, event.id, search=body.search_term, offset=body.offset, limit=body.limit
    )
    return EventDetailResponse(
        data=EventDetail(
            event=await one_event_out(session, event, clock.now()),
            vehicles=[run_out(r) for r in runs],
            total_pages=total_pages(matching, body.limit),
            current_page=body.page_no,
            total_matching=matching,
        )
    )


@router.post(
    "/auction-event/get-lane-vehicle/{eventId}/lane/{laneId}", response_model=LaneVehicles, responses=Errors
)
async def get_lane_vehicles(
    eventId: str,
    laneId: str,
    body: RunQuery,
    session: SessionDep,
    clock: ClockDep,
    _: CanView,
) -> LaneVehicles:
    """One lane's vehicles in run order. The lane is its _id or its letter (A, B, ...)."""
    event = await auction_service.event(session, eventId)
    lane = next(
        (k for k in event.lanes if laneId in (k.id, lane_letter(k.lane_number), str(k.lane_number))), None
    )
    if lane is None:
        raise NotFound("This lane does not exist in the event.")
    runs, matching = await repository.runs_page(
        session, event.id, lane_id=lane.id, search=body.search_term, offset=body.offset, limit=body.limit
    )
    out = await one_event_out(session, event, clock.now())
    return LaneVehicles(
        data=[run_out(r) for r in runs],
        lane=next(k for k in out.lanes if k.id == lane.id),
        total_pages=total_pages(matching, body.limit),
        current_page=body.page_no,
        total_matching=matching,
    )


@router.post("/auction-event/add-vehicle/{auctionEventId}", response_model=EventChanged, responses=Errors)
async def add_vehicles(
    auctionEventId: str,
    body: AddVehicles,
    session: SessionDep,
    clock: ClockDep,
    principal: CanEdit,
) -> EventChanged:
    """Place approved, unassigned vehicles at the end of the event's lanes."""
    added = await placement_service.add_vehicles(
        session, auctionEventId, body.vehicles, principal.actor, clock.now()
    )
    event = await auction_service.event(session, auctionEventId)
    return EventChanged(
        message=f"{plural(added, 'vehicle')} added to the event.",
        event=await one_event_out(session, event, clock.now()),
    )


@router.post("/auction-event/remove-vehicle/{auctionEventId}", response_model=EventChanged, responses=Errors)
async def remove_vehicles(
    auctionEventId: str,
    body: RemoveVehicles,
    session: SessionDep,
    clock: ClockDep,
    principal: CanEdit,
) -> EventChanged:
    """Take vehicles without a result out of the event; they return to the unassigned vehicles."""
    removed = await placement_service.remove_vehicles(
        session, auctionEventId, [v.vehicle_id for v in body.vehicles], principal.actor
    )
    event = await auction_service.event(session, auctionEventId)
    return EventChanged(
        message=f"{plural(removed, 'vehicle')} removed from the event.",
        event=await one_event_out(session, event, clock.now()),
    )


@router.put("/auction-event/transfer-vehicle", response_model=EventChanged, responses=Errors)
async def transfer_vehicles(
    body: TransferVehicles, session: SessionDep, clock: ClockDep, principal: CanEdit
) -> EventChanged:
    """Move vehicles without a result to another open event, at the end of its lanes: the lane each names (or
    the emptiest), or with `placement: keep` the lanes of the same letters, in the order they ran here."""
    target, moved = await placement_service.transfer_vehicles(
        session,
        body.source_event_id,
        body.target_event_id,
        body.vehicles,
        principal.actor,
        clock.now(),
        body.placement,
    )
    return EventChanged(
        message=f"{plural(moved, 'vehicle')} moved to the event of {target.sale_date.strftime('%d/%m/%Y')}.",
        event=await one_event_out(session, target, clock.now()),
    )


@router.put("/auction-event/results/{eventId}", response_model=ResultsRecorded, responses=Errors)
async def record_results(
    eventId: str,
    body: Results,
    session: SessionDep,
    clock: ClockDep,
    principal: CanUpdateStatus,
) -> ResultsRecorded:
    """Record, correct or clear sale results (sold to a buyer at a price, or not sold)."""
    event, runs = await results_service.record_results(
        session, eventId, body.results, principal.actor, clock.now()
    )
    return ResultsRecorded(
        message=f"{plural(len(runs), 'result')} saved.",
        event=await one_event_out(session, event, clock.now()),
        runs=[run_out(r) for r in runs],
    )


@router.put("/auction-event/complete/{eventId}", response_model=EventChanged, responses=Errors)
async def complete_event(
    eventId: str,
    session: SessionDep,
    clock: ClockDep,
    principal: CanUpdateStatus,
) -> EventChanged:
    """Close an event once every vehicle has a result; the last one closes its auction."""
    event = await status_service.complete_event(session, eventId, principal.actor, clock.now())
    return EventChanged(
        message="The event is completed.", event=await one_event_out(session, event, clock.now())
    )


@router.post("/auction-event/buyers", response_model=BuyerOptions, responses=Errors)
async def find_buyers(body: BuyerQuery, session: SessionDep, _: CanUpdateStatus) -> BuyerOptions:
    """Approved buyers by name, phone or member number, with what they may buy for now: the verdict a sale
    to them is checked with (auction_service.buyer_verdict)."""
    # The docstring is the operation's description in the API contract (frontend/src/api/schema.d.ts), so it
    # keeps the name the rule had; the rule is verdict.buyer_verdict.
    terms = search_terms(body.search.strip()) if body.search and body.search.strip() else []
    found = await repository.buyers(session, terms, body.limit)
    verdicts = [await buyer_verdict(session, m) for m in found]
    return BuyerOptions(
        data=[
            BuyerOption(
                id=m.id,
                name=member_name(m),
                phone=m.phone,
                member_identity_no=m.member_identity_no,
                buying_power=m.buying_power,
                available=verdict.available,
                overdue_invoice=verdict.overdue_invoice,
                blocked_reason=verdict.blocked_reason,
            )
            for m, verdict in zip(found, verdicts, strict=True)
        ]
    )


@router.post("/auction-event/calendar", response_model=CalendarEvents, responses=Errors)
async def calendar(body: CalendarQuery, session: SessionDep, _: CanViewCalendar) -> CalendarEvents:
    """Every event between two Dubai days, for the calendar."""
    events = await repository.calendar(
        session,
        day_start(body.date_from),
        day_start(body.date_to + timedelta(days=1)),
        body.location,
        body.auction_type.value if body.auction_type else None,
    )
    stats = await repository.event_stats(session, [e.id for e in events])
    return CalendarEvents(
        data=[
            CalendarEvent(
                id=e.id,
                auction_id=e.auction_id,
                auction_title=e.auction.auction_title,
                auction_type=e.auction.auction_type,
                location=LocationSummary.model_validate(e.auction.location),
                start_date=e.start_at,
                end_date=e.end_at,
                auction_event_status=e.status,
                vehicle_count=stats[e.id].vehicles if e.id in stats else 0,
            )
            for e in events
        ]
    )


@router.get("/members/{id}/auction-history", response_model=AuctionHistory, responses=Errors)
async def member_auction_history(id: str, session: SessionDep, _: CanViewMembers) -> AuctionHistory:
    """Each run of the member's vehicles and each of their purchases, newest first."""
    if not await members.exists(session, id):
        raise NotFound("This member does not exist.")
    return history_out(await member_history(session, id))


@router.get("/auction-event/vehicle-history/{vehicleId}", response_model=AuctionHistory, responses=Errors)
async def vehicle_auction_history(vehicleId: str, session: SessionDep, _: CanViewVehicles) -> AuctionHistory:
    """Every run of a vehicle, its current one first, with auction, event, date, lane, run and result."""
    if await vehicles.by_id(session, vehicleId) is None:
        raise NotFound("This vehicle does not exist.")
    runs = await vehicle_runs(session, vehicleId)
    return history_out([("seller", run, event) for run, event in runs])
