"""The live page (CONTRACT.md LaneView): each lane of an event with its state, the lot on the block, the next
lots, bids per minute, watchers (staff, and online bidders through lanes.online) and its counts, from the
event's lots, lane runs and one grouped bid count."""

from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import AuctionEvent
from gavel.auctions.schemas import AuctionType
from gavel.auctions.service import auction_service
from gavel.bidding import repository as lots
from gavel.bidding.lanes import repository
from gavel.bidding.lanes.models import LaneRun
from gavel.bidding.lanes.online import online_watchers
from gavel.bidding.lanes.schemas import LaneView, LiveLanes
from gavel.bidding.live.presence import watchers
from gavel.bidding.lot import LotState
from gavel.bidding.models import LotBid, LotEvent, LotRow
from gavel.bidding.presenter import lot_views

NEXT_LOTS = 5
BIDS_WINDOW = timedelta(seconds=60)
LEFT = (LotState.WAITING.value, LotState.OPEN.value)


async def live_lanes(session: AsyncSession, event_id: str, now: datetime) -> LiveLanes:
    event = await auction_service.event(session, event_id)
    lanes = await _lanes(session, event, now)
    online = online_watchers(session, event.id).get(None, 0)
    return LiveLanes(lanes=lanes, online_watchers=online, server_time=now)


async def lane_view(session: AsyncSession, lane_id: str, now: datetime) -> LaneView:
    lane = await repository.lane(session, lane_id)
    assert lane is not None  # the caller found it
    event = await auction_service.event(session, lane.event_id)
    return next(view for view in await _lanes(session, event, now) if view.lane_id == lane_id)


async def _lanes(session: AsyncSession, event: AuctionEvent, now: datetime) -> list[LaneView]:
    mode = "online" if event.auction.auction_type == AuctionType.ONLINE.value else "live"
    rows = await lots.lots_of_event(session, event.id)
    runs = await repository.runs_of_event(session, event.id)
    rates = await _bids_per_minute(session, event.id, now)
    watching = await watchers(session, event.id)
    online = online_watchers(session, event.id)
    by_lane: dict[str, list[LotRow]] = {lane.id: [] for lane in event.lanes}
    for row in rows:
        by_lane.setdefault(row.lane_id, []).append(row)
    shown: dict[str, tuple[LotRow | None, list[LotRow]]] = {}
    for lane_id, lane_lots in by_lane.items():
        shown[lane_id] = (_current(lane_lots, runs.get(lane_id)), _next(lane_lots))
    wanted = [row for current, nxt in shown.values() for row in ([current] if current else []) + nxt]
    views = {v.id: v for v in await lot_views(session, wanted, now)}
    states = {lane.id: _state(mode, by_lane[lane.id], runs.get(lane.id)) for lane in event.lanes}
    paused = [lot.id for lane_id, (lot, _) in shown.items() if lot and states[lane_id] == "paused"]
    reasons = await _pause_reasons(session, paused)
    out = []
    for lane in sorted(event.lanes, key=lambda k: k.lane_number):
        lane_lots = by_lane[lane.id]
        current, nxt = shown[lane.id]
        results = [row.result for row in lane_lots]
        out.append(
            LaneView(
                lane_id=lane.id,
                lane_number=lane.lane_number,
                mode=mode,
                state=states[lane.id],
                pause_reason=reasons.get(current.id) if current else None,
                current_lot=views[current.id] if current else None,
                next_lots=[views[row.id] for row in nxt],
                bids_per_minute=rates.get(lane.id, 0),
                watchers=watching.get(lane.id, 0),
                online_watchers=online.get(lane.id, 0),
                lots_left=sum(1 for row in lane_lots if row.state in LEFT),
                lots_sold=results.count("sold"),
                lots_on_approval=results.count("on_approval"),
                lots_no_sale=results.count("no_sale"),
            )
        )
    return out


async def _pause_reasons(session: AsyncSession, lot_ids: list[str]) -> dict[str, str]:
    """The reason of each lot's latest pause, for the lots given (those on the block of a paused lane)."""
    if not lot_ids:
        return {}
    stmt = (
        select(LotEvent.lot_id, LotEvent.payload)
        .where(LotEvent.lot_id.in_(lot_ids), LotEvent.kind == "paused")
        .order_by(LotEvent.lot_id, LotEvent.sequence)
    )
    latest = {lot_id: payload for lot_id, payload in (await session.execute(stmt)).all()}
    return {lot_id: str(p["reason"]) for lot_id, p in latest.items() if p.get("reason")}


def _current(lane_lots: list[LotRow], run: LaneRun | None) -> LotRow | None:
    """The open lot; an Online lane between lots shows the lot it just closed."""
    opened = next((row for row in lane_lots if row.state == LotState.OPEN.value), None)
    if opened is not None or run is None or run.current_lot_id is None or run.state == "finished":
        return opened
    return next((row for row in lane_lots if row.id == run.current_lot_id), None)


def _next(lane_lots: list[LotRow]) -> list[LotRow]:
    return [row for row in lane_lots if row.state == LotState.WAITING.value][:NEXT_LOTS]


def _state(mode: str, lane_lots: list[LotRow], run: LaneRun | None) -> str:
    """A paused lane is paused; an Online lane's runner says its state; a Live lane's follows its lots:
    finished when none waits or is open, running once one has opened, else waiting."""
    if run is not None and (run.state == "paused" or mode == "online"):
        return run.state
    if lane_lots and all(row.state not in LEFT for row in lane_lots):
        return "finished"
    if any(row.state != LotState.WAITING.value for row in lane_lots):
        return "running"
    return "waiting"


async def _bids_per_minute(session: AsyncSession, event_id: str, now: datetime) -> dict[str, int]:
    """Accepted bids of the last minute per lane, in one grouped query."""
    stmt = (
        select(LotRow.lane_id, func.count(LotBid.id))
        .join(LotBid, LotBid.lot_id == LotRow.id)
        .where(
            LotRow.event_id == event_id,
            LotBid.accepted.is_(True),
            LotBid.withdrawal.is_(False),
            LotBid.at > now - BIDS_WINDOW,
            LotBid.at <= now,
        )
        .group_by(LotRow.lane_id)
    )
    return {str(lane): int(count) for lane, count in (await session.execute(stmt)).all()}
