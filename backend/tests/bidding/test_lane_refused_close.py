"""An Online lane whose lot the results path refuses to sell stops for staff, not for good. Two buyers of
AED 100,000 buying power: Khalid's maximum of 60,000 on the first lot beats Sara's 59,000 and it sells to him
at 59,500; on the second he leads at 39,500 (his 40,000 against her 39,000, all he may still hold: the engine
counts his maxima against his buying power when it takes them), and while it runs the first lot's invoice
falls overdue (the clock jobs, at its due date). At its clock's end the sale to him is refused: the lane is
paused with the reason on the lot's 'paused' event (the console's and the live page's feed), the lot's clock
stopped, no retry; staff close the lot as no sale, resume, and the lane goes on."""

from datetime import timedelta
from pathlib import Path

from sqlalchemy import select

from gavel.audit.models import AuditEvent
from gavel.bidding.lanes.runner import BETWEEN_LOTS, RENEW_EVERY
from gavel.config import Settings
from gavel.invoices.models import Invoice
from gavel.jobs.clock_jobs import run_once
from tests.auctions.factory import SALE_START
from tests.bidding.lane_sale import HandClock, lane_sale

GAP = BETWEEN_LOTS.total_seconds()


async def test_a_refused_sale_pauses_the_lane_with_its_reason_until_staff_close_the_lot_and_resume(
    settings: Settings, tmp_path: Path
) -> None:
    async with lane_sale(settings, tmp_path, cars=3) as s:
        first, second, third = await s.lots()
        khalid, sara = s.buyers
        await s.absentee(first.id, khalid, 60000)
        await s.absentee(first.id, sara, 59000)
        await s.absentee(second.id, khalid, 40000)
        await s.absentee(second.id, sara, 39000)

        s.clock.at = SALE_START
        await s.tick()
        s.clock.move(10)
        await s.tick()
        sold = await s.lot(first.id)
        assert (sold.result, str(sold.price), sold.leader_member_id) == ("sold", "59500.00", khalid)

        s.clock.move(GAP)
        await s.tick()
        opened = await s.lot(second.id)
        assert (opened.state, str(opened.price), opened.leader_member_id) == ("open", "39500.00", khalid)
        async with s.sessions() as session:
            stmt = select(Invoice).where(Invoice.member_id == khalid, Invoice.kind != "deposit")
            (invoice,) = (await session.execute(stmt)).scalars()
        assert invoice.due_at is not None
        await run_once(s.sessions, HandClock(invoice.due_at + timedelta(minutes=1)))

        # The clock runs out: the sale to Khalid is refused, the lane paused with the reason.
        s.clock.move(10)
        assert await s.tick() == RENEW_EVERY
        run = await s.run()
        assert run is not None and (run.state, run.resume_state, run.wake_at) == ("paused", "running", None)
        stopped = await s.lot(second.id)
        assert (stopped.state, stopped.result, stopped.clock_ends_at) == ("open", None, None)
        events = await s.client.get(f"/api/lots/{second.id}/events?after=0", headers=s.admin)
        paused = events.json()["data"][-1]
        assert paused["kind"] == "paused"
        vehicle = (await s.client.get(f"/api/lots/{second.id}", headers=s.admin)).json()["vehicle"]
        assert paused["payload"] == {
            "remainingSeconds": 0.0,
            "reason": (
                f"The sale of Lot {vehicle['lotNumber']} to Khalid Buyer1 was refused: Khalid Buyer1 has an "
                f"overdue invoice ({invoice.number}): no buying power until it is paid. Close it as no sale, "
                "then resume the lane."
            ),
        }
        live = (await s.client.get(f"/api/auction-events/{s.event_id}/live", headers=s.admin)).json()
        (lane,) = [lane for lane in live["lanes"] if lane["laneId"] == s.lane_id]
        assert (lane["state"], lane["currentLot"]["id"]) == ("paused", second.id)
        assert lane["pauseReason"] == paused["payload"]["reason"]
        async with s.sessions() as session:
            stmt = select(AuditEvent.actor_email).where(AuditEvent.action == "lane.paused")
            assert list((await session.execute(stmt)).scalars()) == ["system (online lane)"]

        # No retry: later ticks leave the lot and its events as they are.
        kinds = await s.kinds(second.id)
        s.clock.move(60)
        assert await s.tick() == RENEW_EVERY
        assert await s.kinds(second.id) == kinds
        assert (await s.lot(second.id)).state == "open"

        # Staff close it as no sale and resume: the lane carries on with the wait, then the third lot.
        closed = await s.client.post(
            f"/api/lots/{second.id}/close", json={"intent": "no_sale"}, headers=s.admin
        )
        assert closed.status_code == 200, closed.text
        assert closed.json()["result"] == "no_sale"
        closed_at = s.clock.now()
        resumed = await s.client.post(f"/api/lanes/{s.lane_id}/resume", headers=s.admin)
        assert resumed.status_code == 200, resumed.text
        assert resumed.json()["state"] == "running"
        await s.tick()
        assert (await s.lot(third.id)).state == "waiting"  # the wait counts from the staff's close
        s.clock.at = closed_at + BETWEEN_LOTS
        await s.tick()
        assert (await s.lot(third.id)).state == "open"
        s.clock.move(10)
        await s.tick()
        assert (await s.lot(third.id)).result == "no_sale"
        s.clock.move(GAP)
        await s.tick()
        run = await s.run()
        assert run is not None and run.state == "finished"
