"""Every runner alive takes its share of the Online lanes (issue 25): lanes whose clocks run out together are
closed by every process, not all by the first that ticked. A newcomer gets lanes let go by a runner over its
share (never one about to move), and a runner that died is no longer counted once its row has lapsed."""

from collections import Counter
from pathlib import Path

from sqlalchemy import select

from gavel.bidding.lanes.models import LaneRun, LaneRunner
from gavel.bidding.lanes.repository import HANDOVER
from gavel.bidding.lanes.runner import LEASE
from gavel.config import Settings
from tests.auctions.factory import SALE_START
from tests.bidding.lane_sale import LaneSale, lane_sale


async def holders(s: LaneSale) -> Counter[str | None]:
    async with s.sessions() as session:
        return Counter((await session.execute(select(LaneRun.lease_holder))).scalars())


async def test_two_runners_alive_take_half_of_the_lanes_each(settings: Settings, tmp_path: Path) -> None:
    async with lane_sale(settings, tmp_path, cars=4, lanes="AB") as s:
        s.clock.at = SALE_START - LEASE / 2  # both processes run before the event starts
        await s.tick("A")
        await s.tick("B")
        s.clock.at = SALE_START
        await s.tick("A")
        await s.tick("B")
        assert await holders(s) == Counter({"A": 1, "B": 1})
        async with s.sessions() as session:
            opened = (await session.execute(select(LaneRun.current_lot_id))).scalars().all()
        assert len(opened) == 2 and all(opened)  # every lane's first lot opened, by one runner or the other


async def test_a_newcomer_gets_the_lanes_let_go_beyond_the_share(settings: Settings, tmp_path: Path) -> None:
    async with lane_sale(settings, tmp_path, cars=4, lanes="AB") as s:
        s.clock.at = SALE_START
        await s.tick("A")
        assert await holders(s) == Counter({"A": 2})  # alone, it runs them all

        await s.tick("B")  # says it is alive; nothing is free yet
        assert await holders(s) == Counter({"A": 2})
        await s.tick("A")  # over its share now: lets go of one (its lot's clock run out in 10 s)
        assert await holders(s) == Counter({"A": 1, None: 1})
        await s.tick("B")
        assert await holders(s) == Counter({"A": 1, "B": 1})


async def test_a_lane_about_to_move_is_never_let_go(settings: Settings, tmp_path: Path) -> None:
    async with lane_sale(settings, tmp_path, cars=4, lanes="AB") as s:
        s.clock.at = SALE_START
        await s.tick("A")
        for _ in range(8):  # A renews its leases every second; the lots' clocks (10 s) end within HANDOVER
            s.clock.move(1)
            await s.tick("A")
        assert HANDOVER.total_seconds() > 10 - 8
        await s.tick("B")
        await s.tick("A")
        assert await holders(s) == Counter({"A": 2})


async def test_a_dead_runner_no_longer_counts(settings: Settings, tmp_path: Path) -> None:
    async with lane_sale(settings, tmp_path, cars=4, lanes="AB") as s:
        s.clock.at = SALE_START
        await s.tick("A")
        await s.tick("B")
        await s.tick("A")
        await s.tick("B")
        assert await holders(s) == Counter({"A": 1, "B": 1})

        s.clock.move(LEASE.total_seconds() + 0.1)  # A was killed: its leases and its row lapse
        await s.tick("B")
        assert await holders(s) == Counter({"B": 2})
        async with s.sessions() as session:
            rows = (await session.execute(select(LaneRunner.holder, LaneRunner.alive_until))).all()
        assert {holder for holder, until in rows if until > s.clock.now()} == {"B"}
