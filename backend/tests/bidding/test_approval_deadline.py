"""The seller's deadline (issue 25): 17:00 Dubai the next working day (Monday to Friday) by default, a
Business setting otherwise; at the deadline the clock job makes a still-open approval a no-sale, once,
whoever runs it; an answer recorded after the deadline is refused."""

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from gavel.auctions.models import Run
from gavel.bidding.approval.deadline import deadline_after, next_working_day
from gavel.bidding.approval.expiry import expire_due
from gavel.bidding.models import LotEvent
from gavel.config import Settings
from gavel.core.clock import DUBAI, ShiftedClock
from gavel.jobs.clock_jobs import run_once
from gavel.vehicles.models import Vehicle
from tests.bidding.approval_sale import approval_sale

FRIDAY = datetime(2031, 5, 2, 15, 0, tzinfo=DUBAI)
MONDAY_DEADLINE = datetime(2031, 5, 5, 17, 0, tzinfo=DUBAI)


class FixedClock:
    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def now(self) -> datetime:
        return self.moment


@pytest.mark.parametrize(
    ("closed", "due"),
    [
        (datetime(2031, 5, 1, 17, 0, tzinfo=DUBAI), datetime(2031, 5, 2, 17, 0, tzinfo=DUBAI)),  # Thu → Fri
        (datetime(2031, 5, 2, 23, 59, tzinfo=DUBAI), MONDAY_DEADLINE),  # Friday → Monday
        (datetime(2031, 5, 3, 10, 0, tzinfo=DUBAI), MONDAY_DEADLINE),  # Saturday → Monday
        (datetime(2031, 5, 4, 10, 0, tzinfo=DUBAI), MONDAY_DEADLINE),  # Sunday → Monday
        # 22:30 UTC on Sunday is already Monday 02:30 in Dubai: due on Tuesday.
        (datetime(2031, 5, 4, 22, 30, tzinfo=UTC), datetime(2031, 5, 6, 17, 0, tzinfo=DUBAI)),
    ],
)
def test_the_deadline_is_the_next_working_day_at_17_dubai(closed: datetime, due: datetime) -> None:
    deadline = deadline_after(closed, None)
    assert deadline == due and deadline.tzinfo == UTC


def test_the_settings_time_is_used_and_weekends_are_skipped() -> None:
    assert deadline_after(FRIDAY, "09:30") == datetime(2031, 5, 5, 9, 30, tzinfo=DUBAI)
    assert deadline_after(FRIDAY, "00:00") == datetime(2031, 5, 5, 0, 0, tzinfo=DUBAI)
    assert [next_working_day(FRIDAY.date() + timedelta(days=n)).weekday() for n in range(7)] == [
        0,
        0,
        0,
        1,
        2,
        3,
        4,
    ]


async def test_the_clock_job_expires_an_open_approval_at_its_deadline_once(
    settings: Settings, tmp_path: Path
) -> None:
    async with approval_sale(settings, tmp_path, cars=3) as a:
        waiting, countered, answered = await a.sale.lots()
        khalid, sara = a.sale.buyers
        for lot, bidder in ((waiting, khalid), (countered, sara), (answered, khalid)):
            await a.on_approval(lot, bidder, 18000, FRIDAY)
        for lot in (waiting, countered, answered):
            assert (await a.approval(lot.id)).deadline == MONDAY_DEADLINE
        assert (await a.decide(countered.id, FRIDAY, decision="counter", amount="19000")).status_code == 200
        assert (await a.decide(answered.id, FRIDAY, decision="accept")).status_code == 200

        maker = a.sale.sessions
        before = MONDAY_DEADLINE - timedelta(seconds=1)
        assert await expire_due(maker, FixedClock(before)) == 0
        assert [(await a.approval(lot.id)).status for lot in (waiting, countered)] == ["waiting", "countered"]

        # An answer at the deadline is refused, even before the job has run.
        late = await a.answer(countered.id, MONDAY_DEADLINE, accepted=True)
        assert late.status_code == 409
        assert late.json()["message"] == (
            "The deadline for the seller's answer, 17:00 on 05/05/2031 (Dubai time), has passed: the lot is "
            "a no-sale."
        )

        # The app's clock jobs run it; a second run, and a second process's, change nothing.
        clock = ShiftedClock()
        clock.move_to(MONDAY_DEADLINE)
        await run_once(maker, clock)
        assert [(await a.approval(lot.id)).status for lot in (waiting, countered, answered)] == [
            "expired",
            "expired",
            "accepted",
        ]
        assert await expire_due(maker, FixedClock(MONDAY_DEADLINE + timedelta(hours=1))) == 0
        async with maker() as session:
            runs = {r.id: r for r in (await session.execute(select(Run))).scalars()}
            for lot in (waiting, countered):
                assert (runs[lot.run_id].outcome, runs[lot.run_id].is_current) == ("notSold", False)
                vehicle = await session.get(Vehicle, lot.vehicle_id)
                assert vehicle is not None and (vehicle.status, vehicle.event_id) == ("approved", None)
            assert runs[answered.run_id].outcome == "sold"
            stmt = select(LotEvent).where(LotEvent.lot_id == waiting.id, LotEvent.kind == "approval")
            payloads = [
                e.payload for e in (await session.execute(stmt.order_by(LotEvent.sequence))).scalars()
            ]
        assert [(p["status"], p["action"], p["result"]) for p in payloads] == [
            ("waiting", "asked", "on_approval"),
            ("expired", "expired", "no_sale"),
        ]
        (expired,) = [v for v in await a.listed("answered") if v["lot"]["id"] == waiting.id]
        assert expired["history"][-1]["by"] == {"id": "system", "name": "Deadline"}
        assert await a.listed() == []


async def test_the_deadline_time_is_a_business_setting(settings: Settings, tmp_path: Path) -> None:
    async with approval_sale(settings, tmp_path) as a:
        found = await a.client.get("/api/business/settings", headers=a.admin)
        body = {k: v for k, v in found.json().items() if k != "updatedAt"}
        assert body["approvalDeadlineTime"] == "17:00"
        for wrong, sentence in (("25:00", "Enter a time from 00:00 to 23:59."), ("5pm", "Enter the time as")):
            refused = await a.client.put(
                "/api/business/settings", json={**body, "approvalDeadlineTime": wrong}, headers=a.admin
            )
            assert refused.status_code == 422
            (error,) = refused.json()["errors"]
            assert error["field"] == "approvalDeadlineTime" and sentence in error["message"]
        changed = await a.client.put(
            "/api/business/settings", json={**body, "approvalDeadlineTime": "12:00"}, headers=a.admin
        )
        assert changed.status_code == 200 and changed.json()["approvalDeadlineTime"] == "12:00"
        kept = {k: v for k, v in body.items() if k != "approvalDeadlineTime"}
        again = await a.client.put("/api/business/settings", json=kept, headers=a.admin)
        assert again.json()["approvalDeadlineTime"] == "12:00"

        (lot,) = await a.sale.lots()
        await a.on_approval(lot, a.sale.buyers[0], 18000, FRIDAY)
        assert (await a.approval(lot.id)).deadline == datetime(2031, 5, 5, 12, 0, tzinfo=DUBAI)
