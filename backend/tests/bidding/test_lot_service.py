"""Lots through the service, on a database whose transactions commit: lots made from an event's runs, floor
and absentee bids with the proxy's answers, refusals logged with their reason, lot events numbered without
gaps, closing (sold through the clerk's path, on approval, no sale) idempotent, and the resync."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.auctions.models import Run
from gavel.audit.repository import Actor
from gavel.bidding import repository, service
from gavel.bidding.bids import FloorBid, MaximumBid, Refusal
from gavel.bidding.lot import LotState, Source
from gavel.bidding.models import LotBid, LotEvent, LotRow
from gavel.bidding.replay import replay
from gavel.config import Settings
from gavel.errors import Conflict, Invalid, NotFound
from gavel.invoices.models import Invoice
from gavel.members.models import Member
from tests.auctions.factory import SALE_START
from tests.bidding.seeded_sale import seeded_sale
from tests.conftest import ADMIN_EMAIL

AED = 100
NOW = SALE_START + timedelta(hours=1)


@dataclass
class Sale:
    """An event of a published Live auction (AED 500 steps, 10 s counter-bid time) with vehicles placed in
    its first lane (opening AED 15,000, reserve AED 20,000) and approved buyers; the service's sessions."""

    sessions: async_sessionmaker[AsyncSession]
    event_id: str
    vehicles: list[str]
    buyers: list[str]
    staff: str

    @property
    def actor(self) -> Actor:
        return Actor(id=self.staff, email=ADMIN_EMAIL, ip=None)

    async def lots(self) -> list[LotRow]:
        async with self.sessions() as session:
            made = await service.ensure_lots(session, self.event_id)
            await session.commit()
            return made

    async def opened(self, lot_id: str, at: datetime = NOW) -> LotRow:
        async with self.sessions() as session:
            row = await service.open_lot(session, lot_id, at)
            await session.commit()
            return row

    async def bid(self, lot_id: str, bid: FloorBid | MaximumBid, at: datetime = NOW) -> Any:
        async with self.sessions() as session:
            outcome = await service.place_bid(session, lot_id, bid, at)
            await session.commit()
            return outcome

    async def closed(self, lot_id: str, at: datetime = NOW, *, when_due: bool = False) -> LotRow:
        async with self.sessions() as session:
            row = await service.close_lot(session, lot_id, at, self.actor, when_due=when_due)
            await session.commit()
            return row

    def floor(self, amount: int) -> FloorBid:
        return FloorBid(entered_by=self.staff, amount=amount * AED, at=NOW)

    def absentee(self, bidder: str, maximum: int) -> MaximumBid:
        return MaximumBid(Source.ABSENTEE, self.staff, bidder, maximum * AED, NOW)


@asynccontextmanager
async def sale(
    settings: Settings, folder: Path, *, cars: int = 1, buying_powers: tuple[int, ...] = (100000, 100000)
) -> AsyncIterator[Sale]:
    """A sale on a committing app (tests/bidding/seeded_sale.py: built through the API, once per kind)."""
    async with seeded_sale(settings, folder, cars=cars, buying_powers=buying_powers) as (app, _, made):
        yield Sale(app.state.sessionmaker, made.event_id, made.vehicles, made.buyers, made.staff)


async def stored(sessions: async_sessionmaker[AsyncSession], lot_id: str) -> tuple[LotRow, Any, list[Any]]:
    """The lot's row, the lot the engine sees in it, and its log."""
    async with sessions() as session:
        row = await repository.lot_by_id(session, lot_id)
        assert row is not None
        lot = repository.engine_lot(row, await repository.maxima_of(session, lot_id))
        return row, lot, await repository.log_of(session, lot_id)


async def replays_into_the_stored_lot(sessions: async_sessionmaker[AsyncSession], lot_id: str) -> None:
    row, lot, log = await stored(sessions, lot_id)
    assert replay(lot.opening_price, lot.increments, log, state=lot.state) == lot
    async with sessions() as session:
        numbers = [e.sequence for e in await repository.events_after(session, lot_id, 0)]
    assert numbers == list(range(1, row.last_event_sequence + 1))
    assert [r.sequence for r in log] == list(range(1, row.last_bid_sequence + 1))


async def test_lots_are_made_once_per_run_with_the_prices_and_steps_of_the_sale(
    settings: Settings, tmp_path: Path
) -> None:
    async with sale(settings, tmp_path, cars=2, buying_powers=()) as s:
        first = await s.lots()
        again = await s.lots()
        assert [lot.id for lot in again] == [lot.id for lot in first]
        async with s.sessions() as session:
            runs = {r.id: r for r in (await session.execute(select(Run))).scalars()}
        assert sorted(lot.vehicle_id for lot in first) == sorted(s.vehicles)
        assert all(
            (runs[lot.run_id].vehicle_id, runs[lot.run_id].lane_id, runs[lot.run_id].run_number)
            == (lot.vehicle_id, lot.lane_id, lot.run_number)
            for lot in first
        )
        lot = first[0]
        assert (lot.state, lot.opening_price, lot.reserve_price) == (
            "waiting",
            Decimal("15000.00"),
            Decimal("20000.00"),
        )
        assert (lot.increments, lot.counter_bid_seconds) == ([[0, 500 * AED]], 10)
        assert (lot.price, lot.leader_member_id, lot.last_bid_sequence, lot.last_event_sequence) == (
            None,
            None,
            0,
            0,
        )
        async with s.sessions() as session:
            with pytest.raises(NotFound):
                await service.ensure_lots(session, "no-such-event")


async def test_floor_and_absentee_bids_and_the_proxy_answering_them(
    settings: Settings, tmp_path: Path
) -> None:
    async with sale(settings, tmp_path) as s:
        (lot,) = await s.lots()
        khalid, sara = s.buyers
        # A maximum taken before the sale: the lot waits, the leader at the opening price.
        early = await s.bid(lot.id, s.absentee(khalid, 18000), NOW - timedelta(minutes=5))
        assert early.accepted and early.lot.price == 15000 * AED and early.lot.leader == khalid
        opened = await s.opened(lot.id)
        assert opened.clock_ends_at == NOW + timedelta(seconds=10)

        answered = await s.bid(lot.id, s.floor(16000))
        assert [(r.source, r.amount, r.automatic) for r in answered.rows] == [
            (Source.FLOOR, 16000 * AED, False),
            (Source.ABSENTEE, 16500 * AED, True),
        ]
        later = NOW + timedelta(seconds=4)
        taken = await s.bid(lot.id, s.absentee(sara, 20000), later)
        assert (taken.lot.price, taken.lot.leader) == (18500 * AED, sara)

        row, _, log = await stored(s.sessions, lot.id)
        assert (row.price, row.leader_member_id, row.leader_source) == (Decimal("18500.00"), sara, "absentee")
        assert row.clock_ends_at == later + timedelta(seconds=10)
        assert [(r.sequence, r.bidder, r.amount, r.maximum) for r in log] == [
            (1, khalid, 15000 * AED, 18000 * AED),
            (2, None, 16000 * AED, None),
            (3, khalid, 16500 * AED, 18000 * AED),
            (4, sara, 18500 * AED, 20000 * AED),
        ]
        async with s.sessions() as session:
            kinds = [(e.sequence, e.kind) for e in await service.events_after(session, lot.id, 0)]
            assert kinds == [(1, "bid"), (2, "opened"), (3, "bid"), (4, "bid")]
            last = (await service.events_after(session, lot.id, 3))[0]
            assert last.payload["price"] == "18500.00" and last.payload["leaderId"] == sara
            assert "maximum" not in str(last.payload)
            assert await service.events_after(session, lot.id, 4) == []
            with pytest.raises(NotFound):
                await service.events_after(session, "no-such-lot", 0)
        await replays_into_the_stored_lot(s.sessions, lot.id)


async def test_refused_bids_are_logged_with_their_reason_and_answered_with_a_sentence(
    settings: Settings, tmp_path: Path
) -> None:
    async with sale(settings, tmp_path, buying_powers=(100000, 20000, 100000)) as s:
        (lot,) = await s.lots()
        khalid, modest, pending = s.buyers
        waiting = await s.bid(lot.id, s.floor(15000))
        assert waiting.refusal is Refusal.LOT_WAITING
        assert isinstance(service.refusal_error(waiting), Conflict)
        await s.opened(lot.id)

        low = await s.bid(lot.id, s.floor(14000))
        assert low.refusal is Refusal.BELOW_ASKING
        error = service.refusal_error(low)
        assert isinstance(error, Invalid) and error.errors[0].field == "amount"
        assert error.message == "The asking price is AED 15,000.00: a bid of AED 14,000.00 is below it."

        short = await s.bid(lot.id, s.absentee(modest, 25000))
        assert short.refusal is Refusal.BUYING_POWER
        assert short.message == (
            "Khalid Buyer2's buying power does not cover this bid: a maximum of AED 25,000.00 and the lots "
            "they lead come to AED 25,000.00, and AED 20,000.00 is available."
        )
        assert isinstance(service.refusal_error(short), Conflict)

        async with s.sessions() as session:
            member = await session.get(Member, pending)
            assert member is not None
            member.status = "pending"
            await session.commit()
        barred = await s.bid(lot.id, s.absentee(pending, 30000))
        assert barred.refusal is Refusal.BIDDER_NOT_ALLOWED
        assert barred.message == "Khalid Buyer3 is not an approved member who buys."

        taken = await s.bid(lot.id, s.absentee(khalid, 30000))
        assert taken.accepted and taken.lot.price == 15000 * AED
        not_raised = await s.bid(lot.id, s.absentee(khalid, 30000))
        error = service.refusal_error(not_raised)
        assert isinstance(error, Invalid) and error.errors[0].field == "maximum"
        with pytest.raises(ValueError):
            service.refusal_error(taken)

        async with s.sessions() as session:
            with pytest.raises(Invalid):
                await service.place_bid(session, lot.id, s.absentee("no-such-member", 30000), NOW)
            with pytest.raises(NotFound):
                await service.place_bid(session, "no-such-lot", s.floor(15000), NOW)
            rows = (await session.execute(select(LotBid).order_by(LotBid.sequence))).scalars().all()
            assert [(r.sequence, r.accepted, r.reason) for r in rows] == [
                (1, False, "lot_waiting"),
                (2, False, "below_asking"),
                (3, False, "buying_power"),
                (4, False, "bidder_not_allowed"),
                (5, True, None),
                (6, False, "maximum_not_raised"),
            ]
            refused = [
                e.payload["reason"]
                for e in await service.events_after(session, lot.id, 0)
                if e.kind == "bid_refused"
            ]
            assert refused == [
                "lot_waiting",
                "below_asking",
                "buying_power",
                "bidder_not_allowed",
                "maximum_not_raised",
            ]
        await replays_into_the_stored_lot(s.sessions, lot.id)


async def test_closing_sells_through_the_clerks_path_and_a_second_close_changes_nothing(
    settings: Settings, tmp_path: Path
) -> None:
    async with sale(settings, tmp_path) as s:
        (lot,) = await s.lots()
        khalid, sara = s.buyers
        await s.opened(lot.id)
        await s.bid(lot.id, s.absentee(khalid, 30000))
        await s.bid(lot.id, s.absentee(sara, 20000))
        closed = await s.closed(lot.id, NOW + timedelta(seconds=30))
        assert (closed.state, closed.result, closed.price) == ("closed", "sold", Decimal("20500.00"))
        again = await s.closed(lot.id, NOW + timedelta(minutes=5))
        assert (again.closed_at, again.last_event_sequence) == (closed.closed_at, closed.last_event_sequence)

        async with s.sessions() as session:
            run = (await session.execute(select(Run).where(Run.id == lot.run_id))).scalar_one()
            assert (run.outcome, run.buyer_id, run.sold_for) == ("sold", khalid, Decimal("20500.00"))
            invoices = (
                await session.execute(select(Invoice).where(Invoice.vehicle_id == lot.vehicle_id))
            ).scalars()
            assert len(list(invoices)) == 1
            (last,) = await service.events_after(session, lot.id, closed.last_event_sequence - 1)
            assert (last.kind, last.payload["result"], last.payload["price"]) == (
                "closed",
                "sold",
                "20500.00",
            )
        late = await s.bid(lot.id, s.floor(30000))
        assert late.refusal is Refusal.LOT_CLOSED
        await replays_into_the_stored_lot(s.sessions, lot.id)


async def test_below_reserve_goes_on_approval_and_no_bid_is_a_no_sale(
    settings: Settings, tmp_path: Path
) -> None:
    async with sale(settings, tmp_path, cars=2, buying_powers=(100000,)) as s:
        approval, unsold = await s.lots()
        (khalid,) = s.buyers
        await s.opened(approval.id)
        await s.bid(approval.id, s.absentee(khalid, 19000))
        closed = await s.closed(approval.id)
        assert (closed.result, closed.price, closed.leader_member_id) == (
            "on_approval",
            Decimal("15000.00"),
            khalid,
        )

        await s.opened(unsold.id)
        assert (await s.closed(unsold.id)).result == "no_sale"
        async with s.sessions() as session:
            runs = {r.id: r for r in (await session.execute(select(Run))).scalars()}
            assert (runs[approval.run_id].outcome, runs[approval.run_id].is_current) == (None, True)
            assert (runs[unsold.run_id].outcome, runs[unsold.run_id].is_current) == ("notSold", False)
            lots = await service.ensure_lots(session, s.event_id)
            assert [lot.id for lot in lots] == [approval.id, unsold.id]


async def test_the_lane_clock_closes_a_lot_only_once_it_has_run_out(
    settings: Settings, tmp_path: Path
) -> None:
    async with sale(settings, tmp_path, buying_powers=(100000,)) as s:
        (lot,) = await s.lots()
        (khalid,) = s.buyers
        assert (await s.closed(lot.id, when_due=True)).state == "waiting"
        await s.opened(lot.id)
        bid_at = NOW + timedelta(seconds=8)
        await s.bid(lot.id, s.absentee(khalid, 25000), bid_at)
        early = await s.closed(lot.id, bid_at + timedelta(seconds=9, milliseconds=999), when_due=True)
        assert (early.state, early.clock_ends_at) == ("open", bid_at + timedelta(seconds=10))
        due = await s.closed(lot.id, bid_at + timedelta(seconds=10), when_due=True)
        assert (due.state, due.result, due.clock_ends_at) == ("closed", "on_approval", None)


async def test_moves_the_state_does_not_allow_are_conflicts(settings: Settings, tmp_path: Path) -> None:
    async with sale(settings, tmp_path, cars=2, buying_powers=(100000,)) as s:
        first, second = await s.lots()
        (khalid,) = s.buyers
        async with s.sessions() as session:
            with pytest.raises(Conflict, match="Only an open lot closes: this one has not opened yet"):
                await service.close_lot(session, first.id, NOW, s.actor)
        await s.opened(first.id)
        async with s.sessions() as session:
            with pytest.raises(Conflict, match="Only a waiting lot opens: this one is open"):
                await service.open_lot(session, first.id, NOW)
        await s.bid(second.id, s.absentee(khalid, 25000))
        async with s.sessions() as session:
            withdrawn = await service.withdraw_lot(session, second.id, NOW)
            await session.commit()
        assert (withdrawn.state, withdrawn.last_event_sequence) == (LotState.WITHDRAWN.value, 2)
        refused = await s.bid(second.id, s.absentee(khalid, 26000))
        assert refused.refusal is Refusal.LOT_WITHDRAWN
        async with s.sessions() as session:
            with pytest.raises(
                Conflict, match="Only a waiting or open lot is withdrawn: this one was withdrawn"
            ):
                await service.withdraw_lot(session, second.id, NOW)
            kinds = [e.kind for e in await service.events_after(session, second.id, 0)]
            assert kinds == ["bid", "withdrawn", "bid_refused"]
            assert (
                (await session.execute(select(LotEvent).where(LotEvent.lot_id == first.id))).scalars().one()
            )
        await replays_into_the_stored_lot(s.sessions, second.id)


async def test_a_seller_cannot_bid_on_their_own_vehicle(settings: Settings, tmp_path: Path) -> None:
    async with sale(settings, tmp_path, buying_powers=()) as s:
        (lot,) = await s.lots()
        async with s.sessions() as session:
            seller = await session.get(Member, await repository.seller_of(session, lot.vehicle_id))
            assert seller is not None
            seller.is_buyer = True
            await session.commit()
            name = (
                f"{seller.first_name} {seller.last_name}" if not seller.company_name else seller.company_name
            )
        refused = await s.bid(lot.id, s.absentee(seller.id, 30000))
        assert refused.refusal is Refusal.BIDDER_NOT_ALLOWED
        assert refused.message == f"{name} sells this vehicle and cannot bid on it."
        await replays_into_the_stored_lot(s.sessions, lot.id)


async def test_a_maximum_withdrawn_before_the_sale_leaves_the_lot_as_if_never_entered(
    settings: Settings, tmp_path: Path
) -> None:
    async with sale(settings, tmp_path) as s:
        (lot,) = await s.lots()
        khalid, sara = s.buyers
        await s.bid(lot.id, s.absentee(khalid, 18000))
        await s.bid(lot.id, s.absentee(sara, 17000))
        async with s.sessions() as session:
            with pytest.raises(Invalid) as blank:
                await service.withdraw_maximum(session, lot.id, khalid, s.staff, "  ", NOW)
            assert blank.value.errors[0].field == "reason"
            with pytest.raises(Conflict, match="This bidder has no maximum on this lot"):
                await service.withdraw_maximum(session, lot.id, s.staff, s.staff, "Asked by phone", NOW)
            outcome = await service.withdraw_maximum(
                session, lot.id, khalid, s.staff, " Asked by phone ", NOW
            )
            await session.commit()
        assert (outcome.lot.price, outcome.lot.leader, outcome.lot.state) == (
            15000 * AED,
            sara,
            LotState.WAITING,
        )
        row, engine_lot, log = await stored(s.sessions, lot.id)
        assert engine_lot == outcome.lot and engine_lot.maximum_of(khalid) is None
        assert (row.price, row.leader_member_id) == (Decimal("15000.00"), sara)
        async with s.sessions() as session:
            bid = (
                await session.execute(select(LotBid).where(LotBid.sequence == log[-1].sequence))
            ).scalar_one()
            assert (bid.withdrawal, bid.bidder_id, bid.note) == (True, khalid, "Asked by phone")
            (event,) = await service.events_after(session, lot.id, row.last_event_sequence - 1)
            assert (event.kind, event.payload["reason"], event.payload["leaderId"]) == (
                "maximum_withdrawn",
                "Asked by phone",
                sara,
            )
        await replays_into_the_stored_lot(s.sessions, lot.id)
        await s.opened(lot.id)
        async with s.sessions() as session:
            with pytest.raises(Conflict, match="A maximum is withdrawn only before the lot opens"):
                await service.withdraw_maximum(session, lot.id, sara, s.staff, "Asked by phone", NOW)


async def test_a_sale_led_by_the_floor_is_recorded_on_the_lot_for_the_clerk_to_name_the_buyer(
    settings: Settings, tmp_path: Path
) -> None:
    async with sale(settings, tmp_path, buying_powers=(100000,)) as s:
        (lot,) = await s.lots()
        (khalid,) = s.buyers
        await s.opened(lot.id)
        await s.bid(lot.id, s.absentee(khalid, 19000))
        await s.bid(lot.id, s.floor(21000))
        closed = await s.closed(lot.id)
        assert (closed.result, closed.price, closed.leader_member_id, closed.leader_source) == (
            "sold",
            Decimal("21000.00"),
            None,
            "floor",
        )
        async with s.sessions() as session:
            run = (await session.execute(select(Run).where(Run.id == lot.run_id))).scalar_one()
            assert (run.outcome, run.buyer_id, run.is_current) == (None, None, True)
        await replays_into_the_stored_lot(s.sessions, lot.id)


async def test_a_sale_the_clerks_path_refuses_leaves_the_lot_open(settings: Settings, tmp_path: Path) -> None:
    async with sale(settings, tmp_path, buying_powers=(100000,)) as s:
        (lot,) = await s.lots()
        (khalid,) = s.buyers
        await s.opened(lot.id)
        await s.bid(lot.id, s.absentee(khalid, 25000))
        await s.bid(lot.id, s.floor(24000))
        async with s.sessions() as session:
            member = await session.get(Member, khalid)
            assert member is not None
            member.status = "pending"
            await session.commit()
        async with s.sessions() as session:
            with pytest.raises(Invalid, match="is not an approved member who buys"):
                await service.close_lot(session, lot.id, NOW, s.actor)
        row, _, _ = await stored(s.sessions, lot.id)
        assert (row.state, row.result, row.price) == ("open", None, Decimal("24500.00"))
