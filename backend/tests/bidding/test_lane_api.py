"""The lanes' routes: the live page (LaneView per CONTRACT.md), pause and resume of Online and Live lanes
keeping the seconds left, the refusals with their sentences, and the access matrix."""

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from gavel.bidding import service
from gavel.config import Settings
from gavel.permissions import Module, Privilege
from tests.access import Call, check_access
from tests.auctions.factory import SALE_START
from tests.bidding.lane_sale import LaneSale, lane_sale


async def pause(s: LaneSale, verb: str = "pause", lane: str | None = None) -> Any:
    return await s.client.post(f"/api/lanes/{lane or s.lane_id}/{verb}", headers=s.admin)


def iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


async def live(s: LaneSale) -> dict[str, Any]:
    answer = await s.client.get(f"/api/auction-events/{s.event_id}/live", headers=s.admin)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


async def test_an_online_lane_paused_and_resumed_keeps_its_lots_seconds(
    settings: Settings, tmp_path: Path
) -> None:
    async with lane_sale(settings, tmp_path, cars=2) as s:
        first, second = await s.lots()
        s.clock.at = SALE_START
        await s.tick()
        s.clock.move(4)
        paused = await pause(s)
        assert paused.status_code == 200, paused.text
        view = paused.json()
        assert (view["state"], view["currentLot"]["id"], view["currentLot"]["clockEndsAt"]) == (
            "paused",
            first.id,
            None,
        )
        assert view["currentLot"]["clockPausedSeconds"] == 6.0
        again = await pause(s)
        assert (again.status_code, again.json()["message"]) == (409, "This lane is already paused.")

        s.clock.move(60)
        await s.tick()
        assert (await s.lot(first.id)).state == "open"

        resumed = await pause(s, "resume")
        assert resumed.status_code == 200, resumed.text
        ends = s.clock.now() + timedelta(seconds=6)
        assert resumed.json()["state"] == "running"
        assert resumed.json()["currentLot"]["clockEndsAt"] == iso(ends)
        not_paused = await pause(s, "resume")
        assert (not_paused.status_code, not_paused.json()["message"]) == (
            409,
            "This lane is not paused; only a paused lane can be resumed.",
        )
        s.clock.at = ends - timedelta(milliseconds=1)
        await s.tick()
        assert (await s.lot(first.id)).state == "open"
        s.clock.at = ends
        await s.tick()
        assert (await s.lot(first.id)).result == "no_sale"
        assert await s.kinds(first.id) == ["opened", "paused", "resumed", "closed"]

        # Paused between lots: the wait before the next lot keeps what was left of it.
        s.clock.move(2)
        assert (await pause(s)).json()["state"] == "paused"
        s.clock.move(100)
        await s.tick()
        assert (await s.lot(second.id)).state == "waiting"
        await pause(s, "resume")
        s.clock.move(2.999)
        await s.tick()
        assert (await s.lot(second.id)).state == "waiting"
        s.clock.move(0.001)
        await s.tick()
        assert (await s.lot(second.id)).state == "open"
        s.clock.move(10)
        await s.tick()
        s.clock.move(5)
        await s.tick()
        finished = await pause(s)
        assert (finished.status_code, finished.json()["message"]) == (
            409,
            "This lane has finished: every lot is closed or withdrawn, there is nothing to pause.",
        )
        assert (await live(s))["lanes"][0]["state"] == "finished"


async def test_a_live_lane_is_paused_by_staff_and_never_run(settings: Settings, tmp_path: Path) -> None:
    async with lane_sale(settings, tmp_path, cars=1, auction_type="Live") as s:
        (lot,) = await s.lots()
        s.clock.at = SALE_START
        async with s.sessions() as session:
            await service.open_lot(session, lot.id, s.clock.now())
            await session.commit()
        s.clock.move(7.5)
        view = (await pause(s)).json()
        assert (view["mode"], view["state"], view["currentLot"]["clockPausedSeconds"]) == (
            "live",
            "paused",
            2.5,
        )
        s.clock.move(30)
        await s.tick()
        assert (await s.lot(lot.id)).state == "open"
        view = (await pause(s, "resume")).json()
        assert view["state"] == "running"
        assert (await s.lot(lot.id)).clock_ends_at == s.clock.now() + timedelta(seconds=2.5)
        s.clock.move(60)
        await s.tick()
        assert (await s.lot(lot.id)).state == "open"  # the clerk closes a Live lane's lots


async def test_the_live_page_shows_every_lane(settings: Settings, tmp_path: Path) -> None:
    async with lane_sale(settings, tmp_path, cars=3) as s:
        first, second, third = await s.lots()
        khalid, sara = s.buyers
        s.clock.at = SALE_START - timedelta(minutes=2)
        await s.absentee(first.id, khalid, 21000)
        s.clock.at = SALE_START
        await s.tick()
        s.clock.move(2)
        await s.absentee(first.id, sara, 20000)
        async with s.sessions() as session:
            await service.withdraw_lot(session, third.id, s.clock.now())
            await session.commit()
        page = await live(s)
        assert page["serverTime"] == iso(s.clock.now())
        lane_a, lane_b = page["lanes"]
        current = lane_a.pop("currentLot")
        nxt = lane_a.pop("nextLots")
        assert lane_a == {
            "laneId": s.lane_id,
            "laneNumber": 1,
            "mode": "online",
            "state": "running",
            "bidsPerMinute": 2,  # Sara's maximum and Khalid's answer; Khalid's first, 2 minutes ago, is older
            "watchers": 0,
            "onlineWatchers": 0,
            "pauseReason": None,
            "lotsLeft": 2,
            "lotsSold": 0,
            "lotsOnApproval": 0,
            "lotsNoSale": 0,
        }
        assert (current["id"], current["state"], current["price"], current["leader"]["id"]) == (
            first.id,
            "open",
            "20500.00",
            khalid,
        )
        assert current["maximaCount"] == 2 and current["bidCount"] == 3
        assert [lot["id"] for lot in nxt] == [second.id]
        # The second lane holds no vehicle: the runner found nothing to sell on it.
        assert (lane_b["currentLot"], lane_b["nextLots"], lane_b["state"]) == (None, [], "finished")

        s.clock.move(70)
        await s.tick()
        page = await live(s)
        lane_a = page["lanes"][0]
        assert (lane_a["bidsPerMinute"], lane_a["lotsSold"], lane_a["lotsLeft"]) == (0, 1, 1)
        # Between lots the lane shows the lot it just sold.
        assert (lane_a["currentLot"]["id"], lane_a["currentLot"]["result"]) == (first.id, "sold")

        unknown = await s.client.get("/api/auction-events/no-such-event/live", headers=s.admin)
        assert unknown.status_code == 404
        no_lane = await pause(s, lane="no-such-lane")
        assert (no_lane.status_code, no_lane.json()["message"]) == (404, "This lane does not exist.")


@pytest.mark.parametrize(
    ("method", "path", "privilege"),
    [
        ("GET", "/api/auction-events/{event}/live", Privilege.VIEW),
        ("POST", "/api/lanes/{lane}/pause", Privilege.UPDATE_STATUS),
        ("POST", "/api/lanes/{lane}/resume", Privilege.UPDATE_STATUS),
    ],
)
async def test_access_matrix(
    settings: Settings, tmp_path: Path, method: str, path: str, privilege: Privilege
) -> None:
    async with lane_sale(settings, tmp_path, cars=1) as s:
        url = path.format(event=s.event_id, lane=s.lane_id)
        await check_access(s.client, s.sessions, Call(method, url, None, Module.AUCTIONS, privilege))
