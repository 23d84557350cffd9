"""Exactly one process runs an Online lane's clock: the lease. While A holds it B moves nothing; when A stops
renewing it (A died) B takes the lane over once the lease has run out, and A, back, cannot move it."""

import asyncio
import contextlib
from datetime import timedelta
from pathlib import Path

from gavel.bidding.lanes import runner
from gavel.bidding.lanes.background import lane_tasks
from gavel.bidding.lanes.runner import LEASE, RENEW_EVERY, step
from gavel.config import Settings
from tests.auctions.factory import SALE_START
from tests.bidding.lane_sale import lane_sale


async def test_the_lease_keeps_a_lane_to_one_holder_and_moves_when_the_holder_dies(
    settings: Settings, tmp_path: Path
) -> None:
    async with lane_sale(settings, tmp_path, cars=2) as s:
        first, second = await s.lots()
        s.clock.at = SALE_START
        await s.tick("A")
        run = await s.run()
        assert run is not None and (run.lease_holder, run.lease_expires_at) == ("A", SALE_START + LEASE)
        assert (await s.lot(first.id)).state == "open"

        # B ticks while A's lease runs: B holds nothing, and a step in B's name changes nothing.
        s.clock.move(1)
        assert await s.tick("B") == RENEW_EVERY
        async with s.sessions() as session:
            moved = await step(session, s.lane_id, "B", s.clock.now())
            assert moved == runner.Moved(None, None)
        run = await s.run()
        assert run is not None and run.lease_holder == "A"

        # A renews (each tick); then A dies. Its lease runs out 3 s after its last renewal.
        s.clock.move(1)
        await s.tick("A")
        s.clock.move(LEASE.total_seconds() - 0.001)
        await s.tick("B")
        run = await s.run()
        assert run is not None and run.lease_holder == "A"
        s.clock.move(0.001)
        await s.tick("B")
        run = await s.run()
        assert run is not None and (run.lease_holder, run.lease_expires_at) == ("B", s.clock.now() + LEASE)
        # Within 5 s of A's death B has the lane; B closes the lot when its clock runs out and goes on.
        assert s.clock.now() - (SALE_START + timedelta(seconds=2)) <= timedelta(seconds=5)
        s.clock.at = SALE_START + timedelta(seconds=9)
        await s.tick("B")
        s.clock.at = SALE_START + timedelta(seconds=10)
        await s.tick("A")  # A is back, B's lease runs: A moves nothing
        assert (await s.lot(first.id)).state == "open"
        await s.tick("B")
        assert (await s.lot(first.id)).state == "closed"
        s.clock.move(runner.BETWEEN_LOTS.total_seconds())
        await s.tick("B")
        assert (await s.lot(second.id)).state == "open"
        assert await s.kinds(first.id) == ["opened", "closed"]


async def test_a_lane_moved_twice_at_its_due_time_closes_its_lot_once(
    settings: Settings, tmp_path: Path
) -> None:
    async with lane_sale(settings, tmp_path, cars=1) as s:
        (lot,) = await s.lots()
        s.clock.at = SALE_START
        await s.tick("A")
        s.clock.move(9)
        await s.tick("A")  # the lease renewed
        s.clock.move(1)
        async with s.sessions() as session:
            await step(session, s.lane_id, "A", s.clock.now())
            await session.commit()
        async with s.sessions() as session:
            await step(session, s.lane_id, "A", s.clock.now())
            await session.commit()
        assert (await s.lot(lot.id)).result == "no_sale"
        assert await s.kinds(lot.id) == ["opened", "closed"]


async def test_two_processes_ticking_at_once_open_the_lot_once(settings: Settings, tmp_path: Path) -> None:
    async with lane_sale(settings, tmp_path, cars=1) as s:
        (lot,) = await s.lots()
        s.clock.at = SALE_START
        await asyncio.gather(s.tick("A"), s.tick("B"), s.tick("C"))
        run = await s.run()
        assert run is not None and run.lease_holder in {"A", "B", "C"}
        assert (await s.lot(lot.id)).state == "open"
        assert await s.kinds(lot.id) == ["opened"]
        s.clock.move(10)
        await asyncio.gather(s.tick("A"), s.tick("B"), s.tick("C"))
        assert await s.kinds(lot.id) == ["opened", "closed"]


async def test_the_app_runs_the_lanes_in_the_background(settings: Settings, tmp_path: Path) -> None:
    async with lane_sale(settings, tmp_path, cars=1) as s:
        (lot,) = await s.lots()
        s.clock.at = SALE_START
        (task,) = lane_tasks(s.app, settings)
        try:
            for _ in range(500):  # the task's first tick opens the lot; waiting for it, not for time
                if (await s.lot(lot.id)).state == "open":
                    break
                await asyncio.sleep(0.01)
            run = await s.run()
            assert run is not None and run.lease_holder is not None and run.lease_holder.count(":") == 2
            assert (await s.lot(lot.id)).state == "open"
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
