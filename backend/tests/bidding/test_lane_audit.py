"""Who paused a lane and who resumed it is kept in the audit log: each move recorded once, against the lane's
auction event (the Auctions module's filter finds it), with the lane, its open lot and the seconds its clock
had left, and worded as people read it. A refused pause or resume records nothing."""

from pathlib import Path
from typing import Any

from sqlalchemy import select

from gavel.audit.models import AuditEvent
from gavel.config import Settings
from gavel.trail.modules import MODULE_OF, AuditModule
from gavel.trail.words import action_label, sentence
from tests.auctions.factory import SALE_START
from tests.bidding.lane_sale import LaneSale, lane_sale
from tests.conftest import ADMIN_EMAIL

EVENT = "Spring sale (2031-05-01)"


async def lane_records(s: LaneSale) -> list[AuditEvent]:
    async with s.sessions() as session:
        stmt = (
            select(AuditEvent)
            .where(AuditEvent.action.like("lane.%"))
            .order_by(AuditEvent.created_at, AuditEvent.id)
        )
        return list((await session.execute(stmt)).scalars())


async def move(s: LaneSale, verb: str) -> Any:
    return await s.client.post(f"/api/lanes/{s.lane_id}/{verb}", headers=s.admin)


async def test_pausing_and_resuming_a_lane_is_audited_with_who_and_which_lane(
    settings: Settings, tmp_path: Path
) -> None:
    async with lane_sale(settings, tmp_path, cars=2) as s:
        first, _ = await s.lots()
        s.clock.at = SALE_START
        await s.tick()
        s.clock.move(4)
        assert (await move(s, "pause")).status_code == 200
        assert (await move(s, "pause")).status_code == 409  # refused: nothing recorded
        s.clock.move(30)
        assert (await move(s, "resume")).status_code == 200
        assert (await move(s, "resume")).status_code == 409

        paused, resumed = await lane_records(s)
        assert [paused.action, resumed.action] == ["lane.paused", "lane.resumed"]
        for record in (paused, resumed):
            assert (record.entity, record.entity_id) == ("auction_event", s.event_id)
            assert record.actor_email == ADMIN_EMAIL
            assert record.actor_id == s.staff
        assert MODULE_OF[paused.entity] is AuditModule.AUCTIONS
        assert paused.old_values == {"state": "running"}
        assert paused.new_values == {
            "laneId": s.lane_id,
            "laneNumber": 1,
            "state": "paused",
            "lotId": first.id,
            "secondsLeft": 6.0,
        }
        assert resumed.old_values == {"state": "paused"}
        assert resumed.new_values is not None
        assert (resumed.new_values["state"], resumed.new_values["secondsLeft"]) == ("running", None)

        words = [
            sentence(r.action, "auction_event", EVENT, r.old_values, r.new_values) for r in (paused, resumed)
        ]
        assert words == [
            f"Paused lane 1 of event {EVENT} (its clock stopped with 6 s left)",
            f"Resumed lane 1 of event {EVENT}",
        ]
        assert (action_label("lane.paused"), action_label("lane.resumed")) == (
            "Lane: paused",
            "Lane: resumed",
        )


def test_a_pause_between_lots_or_of_an_unknown_lane_still_reads() -> None:
    between = {"laneNumber": 2, "state": "paused", "lotId": None, "secondsLeft": None}
    assert sentence("lane.paused", "auction_event", EVENT, {"state": "waiting"}, between) == (
        f"Paused lane 2 of event {EVENT}"
    )
    assert sentence("lane.resumed", "auction_event", EVENT, None, None) == f"Resumed a lane of event {EVENT}"
