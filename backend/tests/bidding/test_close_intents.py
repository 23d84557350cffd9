"""The clerk's close with a named result (`intent`): sold only at or above the reserve, approval only below
it with a leader, no sale always (the clerk passes the lot); a refused close leaves the lot as it was."""

from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import select

from gavel.auctions.models import Run
from gavel.bidding import service
from gavel.bidding.closing import CloseIntent, LotStateError, Result, close
from gavel.bidding.models import LotRow
from gavel.config import Settings
from gavel.errors import Conflict, Invalid
from gavel.invoices.models import Invoice
from tests.bidding.helpers import AED, absentee, floor, open_at, run
from tests.bidding.test_lot_service import NOW, Sale, sale

RESERVE = 20_000 * AED


def test_auto_follows_the_rule() -> None:
    lot = open_at(15_000 * AED)
    assert close(lot, RESERVE).result is Result.NO_SALE
    below, _ = run(lot, absentee("khalid", 19_000 * AED))
    assert close(below, RESERVE, CloseIntent.AUTO).result is Result.ON_APPROVAL
    above, _ = run(lot, absentee("khalid", 25_000 * AED), absentee("sara", 20_000 * AED))
    closed = close(above, RESERVE)
    assert (closed.result, closed.price, closed.buyer) == (Result.SOLD, 20_500 * AED, "khalid")


def test_sold_needs_a_bid_at_or_above_the_reserve() -> None:
    lot = open_at(15_000 * AED)
    below, _ = run(lot, floor(15_000 * AED))
    with pytest.raises(LotStateError) as refused:
        close(below, RESERVE, CloseIntent.SOLD)
    assert str(refused.value) == (
        "The price AED 15,000.00 is below the reserve AED 20,000.00: send it to approval or close it as no "
        "sale."
    )
    with pytest.raises(LotStateError, match="No bid was taken on this lot: there is nothing to sell"):
        close(lot, RESERVE, CloseIntent.SOLD)
    at_reserve, _ = run(lot, floor(20_000 * AED))
    assert close(at_reserve, RESERVE, CloseIntent.SOLD).result is Result.SOLD
    assert close(below, None, CloseIntent.SOLD).result is Result.SOLD


def test_no_sale_passes_the_lot_even_with_bids() -> None:
    lot = open_at(15_000 * AED)
    led, _ = run(lot, absentee("khalid", 30_000 * AED), floor(21_000 * AED))
    closed = close(led, RESERVE, CloseIntent.NO_SALE)
    assert (closed.result, closed.price, closed.buyer, closed.buyer_source) == (
        Result.NO_SALE,
        None,
        None,
        None,
    )
    assert close(lot, RESERVE, CloseIntent.NO_SALE).result is Result.NO_SALE


def test_approval_needs_a_leader_below_the_reserve() -> None:
    lot = open_at(15_000 * AED)
    with pytest.raises(LotStateError, match="nothing to send to approval; close it as no sale"):
        close(lot, RESERVE, CloseIntent.APPROVAL)
    above, _ = run(lot, floor(20_500 * AED))
    with pytest.raises(LotStateError) as refused:
        close(above, RESERVE, CloseIntent.APPROVAL)
    assert str(refused.value) == (
        "The price AED 20,500.00 meets the reserve AED 20,000.00: sell it, there is nothing for the seller "
        "to approve."
    )
    with pytest.raises(LotStateError, match=r"This lot has no reserve: the price AED 20,500\.00 sells it"):
        close(above, None, CloseIntent.APPROVAL)
    below, _ = run(lot, absentee("khalid", 18_000 * AED))
    closed = close(below, RESERVE, CloseIntent.APPROVAL)
    assert (closed.result, closed.price, closed.buyer) == (Result.ON_APPROVAL, 15_000 * AED, "khalid")


async def _close(s: Sale, lot_id: str, intent: str) -> LotRow:
    async with s.sessions() as session:
        row = await service.close_lot(session, lot_id, NOW, s.actor, intent=intent)
        await session.commit()
        return row


async def test_the_service_refuses_a_result_the_price_does_not_allow_and_closes_nothing(
    settings: Settings, tmp_path: Path
) -> None:
    async with sale(settings, tmp_path, cars=2, buying_powers=(100000, 100000)) as s:
        first, second = await s.lots()
        khalid, sara = s.buyers
        await s.opened(first.id)
        await s.bid(first.id, s.absentee(khalid, 19000))
        for intent, sentence in (
            ("sold", r"The price AED 15,000\.00 is below the reserve AED 20,000\.00: send it to approval"),
            ("nonsense", None),
        ):
            async with s.sessions() as session:
                if sentence is None:
                    with pytest.raises(Invalid) as invalid:
                        await service.close_lot(session, first.id, NOW, s.actor, intent=intent)
                    assert invalid.value.errors[0].field == "intent"
                    assert invalid.value.errors[0].message == (
                        "A lot is closed as one of auto, sold, no_sale, approval: 'nonsense' is none."
                    )
                else:
                    with pytest.raises(Conflict, match=sentence):
                        await service.close_lot(session, first.id, NOW, s.actor, intent=intent)
        untouched = await _stored(s, first.id)
        assert (untouched.state, untouched.result, untouched.last_event_sequence) == ("open", None, 2)

        passed = await _close(s, first.id, "no_sale")
        assert (passed.state, passed.result) == ("closed", "no_sale")

        await s.opened(second.id)
        await s.bid(second.id, s.absentee(khalid, 30000))
        await s.bid(second.id, s.absentee(sara, 21000))
        async with s.sessions() as session:
            with pytest.raises(Conflict, match=r"meets the reserve AED 20,000\.00: sell it"):
                await service.close_lot(session, second.id, NOW, s.actor, intent=CloseIntent.APPROVAL)
        sold = await _close(s, second.id, "sold")
        assert (sold.result, sold.price) == ("sold", Decimal("21500.00"))

        async with s.sessions() as session:
            runs = {r.id: r for r in (await session.execute(select(Run))).scalars()}
            assert (runs[first.run_id].outcome, runs[first.run_id].is_current) == ("notSold", False)
            assert (runs[second.run_id].outcome, runs[second.run_id].buyer_id) == ("sold", khalid)
            vehicles = select(Invoice.vehicle_id).where(Invoice.vehicle_id.is_not(None))
            invoices = (await session.execute(vehicles)).scalars().all()
            assert invoices == [second.vehicle_id]
            closed = (await service.events_after(session, first.id, 2))[0]
            assert (closed.kind, closed.payload["result"], closed.payload["price"]) == (
                "closed",
                "no_sale",
                None,
            )


async def test_sending_to_approval_by_name(settings: Settings, tmp_path: Path) -> None:
    async with sale(settings, tmp_path, buying_powers=(100000,)) as s:
        (lot,) = await s.lots()
        (khalid,) = s.buyers
        await s.opened(lot.id)
        await s.bid(lot.id, s.absentee(khalid, 18000), NOW + timedelta(seconds=1))
        sent = await _close(s, lot.id, "approval")
        assert (sent.state, sent.result, sent.price, sent.leader_member_id) == (
            "closed",
            "on_approval",
            Decimal("15000.00"),
            khalid,
        )


async def _stored(s: Sale, lot_id: str) -> LotRow:
    async with s.sessions() as session:
        row = await session.get(LotRow, lot_id)
        assert row is not None
        return row
