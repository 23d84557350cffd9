"""The staff's answers on a lot on approval refused with a sentence (issue 25): an amount that is no amount,
a counter-offer not above the price, an amount or a buyer where none belongs, a lot not on approval; the
access matrix of the routes (Auctions VIEW lists, UPDATE_STATUS records); two staff answering at once: one
wins, the other is told (409), and two clock jobs expire a lot once."""

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.bidding.approval import repository
from gavel.bidding.approval.expiry import expire_due
from gavel.bidding.approval.models import LotApprovalStep
from gavel.config import Settings
from gavel.invoices.models import Invoice
from gavel.permissions import Module, Privilege
from tests.access import Call, check_access
from tests.bidding.approval_sale import NOW, approval_sale

LATER = NOW + timedelta(hours=1)


def _field_error(response: Any) -> tuple[str, str]:
    assert response.status_code == 422, response.text
    error = response.json()["errors"][0]
    return error["field"], error["message"]


async def test_bad_answers_are_refused_with_a_sentence_and_change_nothing(
    settings: Settings, tmp_path: Path
) -> None:
    async with approval_sale(settings, tmp_path, cars=2) as a:
        lot, unopened = await a.sale.lots()
        khalid, sara = a.sale.buyers
        await a.on_approval(lot, khalid, 19000)

        assert _field_error(await a.decide(lot.id, LATER, decision="counter", amount="15000")) == (
            "amount",
            "A counter-offer is above the price of AED 15,000.00: AED 15,000.00 is not.",
        )
        assert (
            _field_error(await a.decide(lot.id, LATER, decision="counter", amount="14000.99"))[0] == "amount"
        )
        assert _field_error(await a.decide(lot.id, LATER, decision="counter", amount="17,5OO")) == (
            "amount",
            "Type the amount with digits only, for example 90000.",
        )
        assert _field_error(await a.decide(lot.id, LATER, decision="counter", amount="17000.001")) == (
            "amount",
            "An amount has at most two decimals (fils).",
        )
        assert _field_error(await a.decide(lot.id, LATER, decision="counter")) == (
            "amount",
            "Enter the seller's counter-offer in AED.",
        )
        assert _field_error(await a.decide(lot.id, LATER, decision="accept", amount="16000")) == (
            "amount",
            "Only a counter-offer has an amount: leave it out to accept or decline.",
        )
        assert _field_error(await a.decide(lot.id, LATER, decision="accept", buyerId=sara)) == (
            "buyerId",
            "A member led this lot and buys it: leave the buyer out.",
        )
        assert _field_error(await a.decide(lot.id, LATER, decision="decline", buyerId=khalid)) == (
            "buyerId",
            "A buyer is named only when the sale is accepted.",
        )
        assert _field_error(await a.decide(lot.id, LATER, decision="maybe"))[0] == "decision"
        assert _field_error(await a.decide(lot.id, LATER, decision="decline", note="x" * 501))[0] == "note"
        assert _field_error(await a.answer(lot.id, LATER, accepted="perhaps"))[0] == "accepted"

        missing = await a.decide("no-such-lot", LATER, decision="accept")
        assert (missing.status_code, missing.json()["message"]) == (404, "This lot does not exist.")
        not_on_approval = await a.decide(unopened.id, LATER, decision="accept")
        assert not_on_approval.status_code == 409
        assert not_on_approval.json()["message"] == (
            "This lot was not sold below its reserve: it has no seller's approval to record."
        )
        listed = await a.client.get("/api/lots/on-approval?status=later", headers=a.admin)
        assert _field_error(listed)[0] == "status"

        approval = await a.approval(lot.id)
        assert (approval.status, approval.counter_amount, approval.steps) == ("waiting", None, 1)


CALLS = [
    Call("GET", "/api/lots/on-approval", None, Module.AUCTIONS, Privilege.VIEW),
    Call(
        "POST",
        "/api/lots/no-such-lot/approval",
        {"decision": "decline"},
        Module.AUCTIONS,
        Privilege.UPDATE_STATUS,
    ),
    Call(
        "POST",
        "/api/lots/no-such-lot/approval/counter-answer",
        {"accepted": False},
        Module.AUCTIONS,
        Privilege.UPDATE_STATUS,
    ),
]


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_the_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)


@pytest.fixture
def slow_approval_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Holds each answer a moment after it read the approval, before it writes: without the lot's row lock
    both answers would read 'waiting' and both be recorded."""
    read = repository.of_lot

    async def read_then_held(*args: Any, **kwargs: Any) -> Any:
        found = await read(*args, **kwargs)
        await asyncio.sleep(0.1)
        return found

    monkeypatch.setattr(repository, "of_lot", read_then_held)


@pytest.mark.usefixtures("slow_approval_read")
async def test_two_staff_answering_at_once_one_wins_the_other_is_told(
    settings: Settings, tmp_path: Path
) -> None:
    async with approval_sale(settings, tmp_path) as a:
        (lot,) = await a.sale.lots()
        await a.on_approval(lot, a.sale.buyers[0], 19000)
        a.clock.move_to(LATER)
        url = f"/api/lots/{lot.id}/approval"
        answers = await asyncio.gather(
            a.client.post(url, json={"decision": "accept"}, headers=a.admin),
            a.client.post(url, json={"decision": "decline"}, headers=a.admin),
        )
        assert sorted(r.status_code for r in answers) == [200, 409], [r.text for r in answers]
        (won,) = [r for r in answers if r.status_code == 200]
        (lost,) = [r for r in answers if r.status_code == 409]
        sold = won.json()["status"] == "accepted"
        assert lost.json()["message"] == (
            "This lot is already sold: the seller's answer was recorded."
            if sold
            else "This lot is already a no-sale: the answer was recorded as declined."
        )
        async with a.sale.sessions() as session:
            steps = await session.scalar(select(func.count()).select_from(LotApprovalStep))
            invoices = await session.scalar(
                select(func.count()).select_from(Invoice).where(Invoice.vehicle_id == lot.vehicle_id)
            )
        assert (steps, invoices) == (2, 1 if sold else 0)


class FixedClock:
    def __init__(self, moment: Any) -> None:
        self.moment = moment

    def now(self) -> Any:
        return self.moment


@pytest.mark.usefixtures("slow_approval_read")
async def test_two_clock_jobs_at_once_expire_a_lot_once(settings: Settings, tmp_path: Path) -> None:
    async with approval_sale(settings, tmp_path) as a:
        (lot,) = await a.sale.lots()
        await a.on_approval(lot, a.sale.buyers[0], 19000)
        deadline = (await a.approval(lot.id)).deadline
        clock = FixedClock(deadline + timedelta(minutes=1))
        done = await asyncio.gather(expire_due(a.sale.sessions, clock), expire_due(a.sale.sessions, clock))
        assert sorted(done) == [0, 1]
        approval = await a.approval(lot.id)
        assert (approval.status, approval.steps) == ("expired", 2)
