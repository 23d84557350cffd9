"""The clock's expiry goes past a lot whose expiry fails, whatever the failure: that lot's transaction is
rolled back and logged by its id, and it is left out of the query (before its LIMIT), so the lots after it
still expire in the same run; the next run tries it again."""

import logging
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from gavel.bidding.approval import expiry
from gavel.config import Settings
from gavel.core.clock import DUBAI
from gavel.errors import Conflict
from tests.bidding.approval_sale import approval_sale
from tests.bidding.test_approval_deadline import FRIDAY, MONDAY_DEADLINE, FixedClock

THURSDAY = datetime(2031, 5, 1, 15, 0, tzinfo=DUBAI)  # its deadline is Friday's, before Monday's


@pytest.mark.parametrize("failure", [RuntimeError("the row could not be read"), Conflict("Refused.")])
async def test_a_lot_whose_expiry_fails_never_holds_up_the_ones_after_it(
    settings: Settings,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    failure: Exception,
) -> None:
    async with approval_sale(settings, tmp_path, cars=2) as a:
        failing, due = await a.sale.lots()
        khalid, sara = a.sale.buyers
        await a.on_approval(failing, khalid, 18000, THURSDAY)
        await a.on_approval(due, sara, 18000, FRIDAY)
        expire = expiry.service.expire

        async def fails_for_one(session: object, lot_id: str, now: datetime) -> bool:
            if lot_id == failing.id:
                await expire(session, lot_id, now)  # type: ignore[arg-type]  # (its changes rolled back)
                raise failure
            return await expire(session, lot_id, now)  # type: ignore[arg-type]

        monkeypatch.setattr(expiry.service, "expire", fails_for_one)
        monkeypatch.setattr(expiry, "BATCH", 1)  # the failing lot fills the first batch by itself
        clock = FixedClock(MONDAY_DEADLINE + timedelta(minutes=1))
        with caplog.at_level(logging.WARNING, logger="gavel.jobs"):
            assert await expiry.expire_due(a.sale.sessions, clock) == 1
        assert [(await a.approval(lot.id)).status for lot in (failing, due)] == ["waiting", "expired"]
        (record,) = [r for r in caplog.records if r.name == "gavel.jobs"]
        assert getattr(record, "lot", None) == failing.id
        assert str(failure) not in caplog.text

        # The next run tries it again; once it no longer fails, it expires.
        monkeypatch.setattr(expiry.service, "expire", expire)
        assert await expiry.expire_due(a.sale.sessions, clock) == 1
        assert (await a.approval(failing.id)).status == "expired"
