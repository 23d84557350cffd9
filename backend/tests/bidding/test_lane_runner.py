"""The Online lanes' runner, its time moved by hand (`runner.tick` with a clock the test holds): lots opened
in run order with the wait between them, each closed once its clock has run out and never before, a bid moving
the clock on, withdrawn lots passed over, the lane finished; Live lanes and events not due never run."""

from datetime import timedelta
from pathlib import Path

import pytest

from gavel.audit.repository import Actor
from gavel.bidding import repository as lots
from gavel.bidding import service
from gavel.bidding.lanes import runner
from gavel.bidding.lanes.runner import BETWEEN_LOTS, RENEW_EVERY
from gavel.config import Settings
from gavel.errors import Conflict
from tests.auctions.factory import SALE_START
from tests.bidding.lane_sale import lane_sale
from tests.bidding.test_lot_service import replays_into_the_stored_lot

GAP = BETWEEN_LOTS.total_seconds()


async def test_the_lane_sells_three_lots_by_itself_sold_on_approval_and_no_sale(
    settings: Settings, tmp_path: Path
) -> None:
    async with lane_sale(settings, tmp_path) as s:
        first, second, third = await s.lots()
        khalid, sara = s.buyers
        # Absentee maxima taken before the sale: the first lot above reserve, the second below it.
        await s.absentee(first.id, khalid, 21000)
        await s.absentee(first.id, sara, 20000)
        await s.absentee(second.id, khalid, 18000)

        s.clock.at = SALE_START - timedelta(minutes=1)
        assert await s.tick() == RENEW_EVERY
        assert await s.run() is None and (await s.lot(first.id)).state == "waiting"

        s.clock.at = SALE_START
        assert await s.tick() == RENEW_EVERY
        run = await s.run()
        assert run is not None and (run.state, run.current_lot_id, run.lease_holder) == (
            "running",
            first.id,
            "A",
        )
        opened = await s.lot(first.id)
        assert (opened.state, opened.clock_ends_at) == ("open", SALE_START + timedelta(seconds=10))
        assert (await s.lot(second.id)).state == "waiting"

        # Never early: a millisecond before its clock runs out the lot is open, and the runner wakes then.
        s.clock.move(9.999)
        assert abs(await s.tick() - 0.001) < 1e-6
        assert (await s.lot(first.id)).state == "open"
        s.clock.move(0.001)
        assert await s.tick() == RENEW_EVERY
        sold = await s.lot(first.id)
        assert (sold.state, sold.result, str(sold.price), sold.leader_member_id) == (
            "closed",
            "sold",
            "20500.00",
            khalid,
        )
        assert sold.closed_at == SALE_START + timedelta(seconds=10)

        # The wait between lots, then the next lot in run order.
        s.clock.move(GAP - 0.1)
        await s.tick()
        assert (await s.lot(second.id)).state == "waiting"
        s.clock.move(0.1)
        await s.tick()
        second_open = s.clock.now()
        assert (await s.lot(second.id)).clock_ends_at == second_open + timedelta(seconds=10)

        # A bid moves the clock on: the runner wakes at the old end, reads the new one under the lock.
        s.clock.move(4)
        await s.absentee(second.id, sara, 16000)
        moved_on = (await s.lot(second.id)).clock_ends_at
        assert moved_on == second_open + timedelta(seconds=14)
        s.clock.at = second_open + timedelta(seconds=10)
        assert await s.tick() == RENEW_EVERY
        assert (await s.lot(second.id)).state == "open"
        s.clock.at = moved_on
        await s.tick()
        on_approval = await s.lot(second.id)
        assert (on_approval.state, on_approval.result, str(on_approval.price)) == (
            "closed",
            "on_approval",
            "16500.00",
        )

        s.clock.move(GAP)
        await s.tick()
        assert (await s.lot(third.id)).state == "open"
        s.clock.move(10)
        await s.tick()
        no_sale = await s.lot(third.id)
        assert (no_sale.state, no_sale.result, no_sale.price) == ("closed", "no_sale", None)
        run = await s.run()
        assert run is not None and run.state == "running"

        s.clock.move(GAP)
        await s.tick()
        run = await s.run()
        assert run is not None and (run.state, run.lease_holder, run.wake_at) == ("finished", None, None)
        s.clock.move(60)
        assert await s.tick() == RENEW_EVERY

        assert await s.kinds(first.id) == ["bid", "bid", "opened", "closed"]
        # (the on-approval flow may add its own events after the close)
        assert (await s.kinds(second.id))[:4] == ["bid", "opened", "bid", "closed"]
        assert await s.kinds(third.id) == ["opened", "closed"]
        for lot in (first, second, third):
            await replays_into_the_stored_lot(s.sessions, lot.id)


async def test_withdrawn_lots_are_passed_over_and_a_lot_closed_early_starts_the_wait(
    settings: Settings, tmp_path: Path
) -> None:
    async with lane_sale(settings, tmp_path) as s:
        first, second, third = await s.lots()
        async with s.sessions() as session:
            await service.withdraw_lot(session, second.id, SALE_START - timedelta(minutes=5))
            await session.commit()
        s.clock.at = SALE_START
        await s.tick()
        assert (await s.lot(first.id)).state == "open"
        # Staff close the first lot early (3 s in): the wait counts from that close.
        async with s.sessions() as session:
            staff = Actor(id=s.staff, email="admin", ip=None)
            await service.close_lot(session, first.id, SALE_START + timedelta(seconds=3), staff)
            await session.commit()
        s.clock.at = SALE_START + timedelta(seconds=3 + GAP) - timedelta(milliseconds=1)
        await s.tick()
        await s.tick()
        assert (await s.lot(third.id)).state == "waiting"
        s.clock.move(0.001)
        await s.tick()
        assert (await s.lot(second.id)).state == "withdrawn"
        assert (await s.lot(third.id)).state == "open"
        assert await s.kinds(second.id) == ["withdrawn"]


async def test_live_lanes_and_events_not_due_never_run(settings: Settings, tmp_path: Path) -> None:
    async with lane_sale(settings, tmp_path, cars=1, auction_type="Live") as s:
        (lot,) = await s.lots()
        s.clock.at = SALE_START + timedelta(minutes=5)
        assert await s.tick() == RENEW_EVERY
        assert await s.run() is None and (await s.lot(lot.id)).state == "waiting"

    (tmp_path / "completed").mkdir()
    async with lane_sale(settings, tmp_path / "completed", cars=1) as s:
        (lot,) = await s.lots()
        await s.set_event(status="completed")
        s.clock.at = SALE_START + timedelta(minutes=5)
        await s.tick()
        assert await s.run() is None and (await s.lot(lot.id)).state == "waiting"
        await s.set_event(status="publish", start_at=SALE_START + timedelta(minutes=10))
        await s.tick()
        assert await s.run() is None
        s.clock.at = SALE_START + timedelta(minutes=10)
        await s.tick()
        assert (await s.lot(lot.id)).state == "open"


async def test_a_close_the_clerks_path_refuses_pauses_the_lane_with_the_reason_and_is_not_retried(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async with lane_sale(settings, tmp_path, cars=1) as s:
        (lot,) = await s.lots()
        s.clock.at = SALE_START
        await s.tick()

        async def refused(*args: object, **kwargs: object) -> object:
            raise Conflict("The results of this auction event are closed.")

        monkeypatch.setattr(runner.service, "close_lot", refused)
        s.clock.move(10)
        assert await s.tick() == RENEW_EVERY
        assert (await s.lot(lot.id)).state == "open"
        assert "could not be closed; the lane is paused" in caplog.text
        assert "results of this auction event" not in caplog.text  # the sentence stays out of the log
        run = await s.run()
        assert run is not None and (run.state, run.wake_at) == ("paused", None)
        async with s.sessions() as session:
            (paused,) = [e for e in await lots.events_after(session, lot.id, 0) if e.kind == "paused"]
        number = (await s.client.get(f"/api/lots/{lot.id}", headers=s.admin)).json()["vehicle"]["lotNumber"]
        assert paused.payload["reason"] == (
            f"Lot {number} could not be closed: The results of this auction event are closed. Close or "
            "withdraw it by hand, then resume the lane."
        )
        kinds = await s.kinds(lot.id)
        s.clock.move(30)
        await s.tick()
        assert await s.kinds(lot.id) == kinds


async def test_lanes_due_together_move_in_one_tick(settings: Settings, tmp_path: Path) -> None:
    async with lane_sale(settings, tmp_path, cars=4, lanes="AB") as s:
        lots = await s.lots()
        async with s.sessions() as session:
            every = await service.ensure_lots(session, s.event_id)
        assert len({lot.lane_id for lot in every}) == 2
        s.clock.at = SALE_START
        await s.tick()
        firsts = [lot for lot in every if lot.run_number == 1]
        assert [(await s.lot(lot.id)).state for lot in firsts] == ["open", "open"]
        s.clock.move(10)
        await s.tick()
        assert [(await s.lot(lot.id)).result for lot in firsts] == ["no_sale", "no_sale"]
        assert [lot.run_number for lot in lots] == [1, 2]


async def test_a_lot_staff_opened_by_hand_during_the_wait_still_has_the_wait_after_its_close(
    settings: Settings, tmp_path: Path
) -> None:
    async with lane_sale(settings, tmp_path) as s:
        first, second, third = await s.lots()
        s.clock.at = SALE_START
        await s.tick()
        s.clock.move(10)
        await s.tick()
        assert (await s.lot(first.id)).result == "no_sale"
        # 2 s into the wait staff open the second lot themselves: the runner's old wait is spent.
        s.clock.move(2)
        opened = await s.client.post(f"/api/lots/{second.id}/open", headers=s.admin)
        assert opened.status_code == 200, opened.text
        s.clock.at = (await s.lot(second.id)).clock_ends_at or SALE_START
        await s.tick()
        closed = await s.lot(second.id)
        assert (closed.result, closed.closed_at) == ("no_sale", s.clock.now())
        run = await s.run()
        assert run is not None and run.next_open_at == s.clock.now() + BETWEEN_LOTS
        s.clock.move(GAP - 0.001)
        await s.tick()
        assert (await s.lot(third.id)).state == "waiting"
        s.clock.move(0.001)
        await s.tick()
        assert (await s.lot(third.id)).state == "open"
