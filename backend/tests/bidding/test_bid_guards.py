"""Guards of a bid beyond the proxy rules: an online lot takes no bid once its clock has run out (the runner
closes it within moments, and a late bid must never win it), an online lane takes no floor bid, a member's
buying power holds their leads on waiting lots too (a waiting lot opens without asking again), and a refused
bid's event never carries its sentence (it may name a maximum or a member's buying power)."""

from datetime import timedelta
from pathlib import Path

import pytest

from gavel.bidding import repository, service
from gavel.bidding.bids import FloorBid, MaximumBid, Refusal
from gavel.bidding.lot import Source
from gavel.config import Settings
from gavel.core.clock import DUBAI
from gavel.errors import Conflict
from tests.bidding.lane_sale import AED, LaneSale, lane_sale


async def _bid(s: LaneSale, lot_id: str, bid: FloorBid | MaximumBid) -> service.Outcome:
    async with s.sessions() as session:
        outcome = await service.place_bid(session, lot_id, bid, s.clock.now())
        await session.commit()
    return outcome


def _maximum(s: LaneSale, bidder: str, aed: int) -> MaximumBid:
    return MaximumBid(Source.ABSENTEE, s.staff, bidder, aed * AED, s.clock.now())


async def test_an_online_lot_refuses_a_bid_once_its_clock_has_run_out(
    settings: Settings, tmp_path: Path
) -> None:
    async with lane_sale(settings, tmp_path, cars=1) as s:
        (lot,) = await s.lots()
        await s.tick()
        opened = await s.lot(lot.id)
        assert opened.state == "open" and opened.clock_ends_at is not None
        s.clock.at = opened.clock_ends_at + timedelta(milliseconds=200)

        late = await _bid(s, lot.id, _maximum(s, s.buyers[0], 16_000))
        assert not late.accepted and late.refusal is Refusal.LOT_CLOSED
        ended = opened.clock_ends_at.astimezone(DUBAI).strftime("%H:%M:%S")
        assert (
            late.message
            == f"The lot's time ran out at {ended} (Dubai): it is closing and takes no more bids."
        )
        after = await s.lot(lot.id)
        assert (after.leader_member_id, after.clock_ends_at) == (None, opened.clock_ends_at)

        await s.tick()
        assert (await s.lot(lot.id)).result == "no_sale"


async def test_an_online_lane_takes_no_floor_bid(settings: Settings, tmp_path: Path) -> None:
    async with lane_sale(settings, tmp_path, cars=1) as s:
        (lot,) = await s.lots()
        await s.tick()
        with pytest.raises(Conflict, match="takes no floor bids"):
            await _bid(s, lot.id, FloorBid(entered_by=s.staff, amount=15_000 * AED, at=s.clock.now()))
        assert (await s.lot(lot.id)).last_bid_sequence == 0


async def test_buying_power_holds_the_maxima_a_member_leads_on_waiting_lots(
    settings: Settings, tmp_path: Path
) -> None:
    async with lane_sale(settings, tmp_path, cars=2) as s:
        first, second = await s.lots()
        khalid, sara = s.buyers
        assert (await _bid(s, first.id, _maximum(s, khalid, 60_000))).accepted
        over = await _bid(s, second.id, _maximum(s, khalid, 60_000))
        assert not over.accepted and over.refusal is Refusal.BUYING_POWER
        assert over.message is not None and "AED 120,000.00" in over.message
        assert (await _bid(s, second.id, _maximum(s, khalid, 40_000))).accepted
        # Sara outbids Khalid on the first lot: his maximum there no longer holds his buying power.
        assert (await _bid(s, first.id, _maximum(s, sara, 70_000))).accepted
        assert (await _bid(s, second.id, _maximum(s, khalid, 100_000))).accepted


async def test_a_refused_bids_event_carries_its_reason_and_the_asking_price_only(
    settings: Settings, tmp_path: Path
) -> None:
    async with lane_sale(settings, tmp_path, cars=1, auction_type="Live") as s:
        (lot,) = await s.lots()
        khalid = s.buyers[0]
        assert (await _bid(s, lot.id, _maximum(s, khalid, 30_000))).accepted
        again = await _bid(s, lot.id, _maximum(s, khalid, 25_000))
        assert again.refusal is Refusal.MAXIMUM_NOT_RAISED and "30,000" in (again.message or "")
        async with s.sessions() as session:
            events = await repository.events_after(session, lot.id, 0)
        refused = [e for e in events if e.kind == "bid_refused"]
        assert [e.payload for e in refused] == [
            {"sequence": 2, "source": "absentee", "reason": "maximum_not_raised", "asking": "15500.00"}
        ]
