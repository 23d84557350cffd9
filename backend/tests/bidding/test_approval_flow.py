"""A lot closed below its reserve waits for its seller (issue 25): the approval made with the close (deadline
17:00 Dubai the next working day, the seller asked in a message of its own), then the staff's record of the
seller's answer: accept (sold through the clerk's path, invoiced), decline (no sale, the vehicle back with the
unassigned ones), counter (which the buyer takes or declines); each step in the history, a lot event and the
audit log; the list and the dashboard's count follow."""

from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import select

from gavel.alerts.models import AlertMessage
from gavel.auctions.models import Run
from gavel.audit.models import AuditEvent
from gavel.bidding import service
from gavel.bidding.models import LotEvent, LotRow
from gavel.config import Settings
from gavel.core.clock import DUBAI
from gavel.invoices.models import Invoice
from gavel.vehicles.models import Vehicle
from tests.bidding.approval_sale import NOW, ApprovalSale, approval_sale

FRIDAY_DEADLINE = datetime(2031, 5, 2, 17, 0, tzinfo=DUBAI)  # NOW is Thursday 1 May 2031, 17:00 Dubai
LATER = NOW + timedelta(hours=2)


async def _run(a: ApprovalSale, lot: LotRow) -> Run:
    async with a.sale.sessions() as session:
        return (await session.execute(select(Run).where(Run.id == lot.run_id))).scalar_one()


async def _invoices(a: ApprovalSale, vehicle_id: str) -> list[Invoice]:
    async with a.sale.sessions() as session:
        stmt = select(Invoice).where(Invoice.vehicle_id == vehicle_id)
        return list((await session.execute(stmt)).scalars())


async def _approval_events(a: ApprovalSale, lot_id: str) -> list[dict[str, Any]]:
    async with a.sale.sessions() as session:
        stmt = select(LotEvent).where(LotEvent.lot_id == lot_id, LotEvent.kind == "approval")
        return [e.payload for e in (await session.execute(stmt.order_by(LotEvent.sequence))).scalars()]


async def _messages(a: ApprovalSale, event: str) -> list[AlertMessage]:
    async with a.sale.sessions() as session:
        stmt = select(AlertMessage).where(AlertMessage.event == event)
        return list((await session.execute(stmt)).scalars())


async def _audited(a: ApprovalSale) -> list[str]:
    async with a.sale.sessions() as session:
        stmt = select(AuditEvent.action).where(AuditEvent.action.like("lot.approval%"))
        return sorted((await session.execute(stmt)).scalars())


async def _waiting_count(a: ApprovalSale) -> Any:
    summary = await a.client.get("/api/dashboard/summary", headers=a.admin)
    assert summary.status_code == 200, summary.text
    return summary.json()["today"]["waitingForSellerApproval"]


async def test_a_lot_below_reserve_waits_for_its_seller_who_accepts_and_it_is_sold(
    settings: Settings, tmp_path: Path
) -> None:
    async with approval_sale(settings, tmp_path) as a:
        (lot,) = await a.sale.lots()
        khalid, _ = a.sale.buyers
        await a.on_approval(lot, khalid, 19000)

        approval = await a.approval(lot.id)
        assert (approval.status, approval.price, approval.reserve_price, approval.buyer_id) == (
            "waiting",
            Decimal("15000.00"),
            Decimal("20000.00"),
            khalid,
        )
        assert approval.deadline == FRIDAY_DEADLINE
        asked = await _messages(a, "sellerApprovalRequested")
        assert {m.member_id for m in asked} == {approval.seller_id}
        (asked,) = [m for m in asked if m.channel == "sms"]
        assert "AED 15,000.00" in asked.body and "17:00" in asked.body and "02/05/2031" in asked.body
        assert await _waiting_count(a) == 1

        (listed,) = await a.listed()
        assert listed["lot"]["id"] == lot.id and listed["lot"]["result"] == "on_approval"
        assert (listed["price"], listed["reservePrice"], listed["status"], listed["counterAmount"]) == (
            "15000.00",
            "20000.00",
            "waiting",
            None,
        )
        assert listed["buyer"]["id"] == khalid and listed["sellerId"] == approval.seller_id
        assert listed["sellerName"] and listed["deadline"] == "2031-05-02T13:00:00Z"
        assert [(h["action"], h["by"]["id"]) for h in listed["history"]] == [("asked", a.sale.staff)]

        accepted = await a.decide(lot.id, LATER, decision="accept", note="  Seller  agreed by phone ")
        assert accepted.status_code == 200, accepted.text
        body = accepted.json()
        assert (body["status"], body["lot"]["result"], body["lot"]["state"]) == ("accepted", "sold", "closed")
        assert [(h["action"], h["amount"], h["note"]) for h in body["history"]] == [
            ("asked", None, None),
            ("accepted", "15000.00", "Seller agreed by phone"),
        ]
        run = await _run(a, lot)
        assert (run.outcome, run.buyer_id, run.sold_for, run.seller_approved) == (
            "sold",
            khalid,
            Decimal("15000.00"),
            True,
        )
        (invoice,) = await _invoices(a, lot.vehicle_id)
        assert invoice.member_id == khalid
        assert [e["status"] for e in await _approval_events(a, lot.id)] == ["waiting", "accepted"]
        assert await _audited(a) == ["lot.approval_accepted"]

        again = await a.decide(lot.id, LATER, decision="decline")
        assert again.status_code == 409
        assert again.json()["message"] == "This lot is already sold: the seller's answer was recorded."
        assert await a.listed() == []
        assert [found["lot"]["id"] for found in await a.listed("answered")] == [lot.id]
        assert await _waiting_count(a) == 0


async def test_the_seller_declines_and_the_vehicle_goes_back_unsold(
    settings: Settings, tmp_path: Path
) -> None:
    async with approval_sale(settings, tmp_path) as a:
        (lot,) = await a.sale.lots()
        khalid, _ = a.sale.buyers
        await a.on_approval(lot, khalid, 19000)
        declined = await a.decide(lot.id, LATER, decision="decline", note="Wants the reserve")
        assert declined.status_code == 200, declined.text
        assert (declined.json()["status"], declined.json()["lot"]["result"]) == ("declined", "no_sale")
        run = await _run(a, lot)
        assert (run.outcome, run.is_current) == ("notSold", False)
        async with a.sale.sessions() as session:
            vehicle = await session.get(Vehicle, lot.vehicle_id)
            assert vehicle is not None
            assert (vehicle.status, vehicle.event_id) == ("approved", None)
        assert await _invoices(a, lot.vehicle_id) == []
        assert await _audited(a) == ["lot.approval_declined"]
        countered = await a.decide(lot.id, LATER, decision="counter", amount="17000")
        assert countered.status_code == 409
        assert (
            countered.json()["message"]
            == "This lot is already a no-sale: the answer was recorded as declined."
        )


async def test_a_counter_offer_the_buyer_takes_is_sold_at_the_counter_amount(
    settings: Settings, tmp_path: Path
) -> None:
    async with approval_sale(settings, tmp_path) as a:
        (lot,) = await a.sale.lots()
        khalid, _ = a.sale.buyers
        await a.on_approval(lot, khalid, 19000)
        countered = await a.decide(lot.id, LATER, decision="counter", amount="18000.50")
        assert countered.status_code == 200, countered.text
        assert (countered.json()["status"], countered.json()["counterAmount"]) == ("countered", "18000.50")
        assert countered.json()["lot"]["result"] == "on_approval"
        told = await _messages(a, "counterOffered")
        assert {m.member_id for m in told} == {khalid}
        (told,) = [m for m in told if m.channel == "sms"]
        assert "AED 18,000.50" in told.body
        assert await _waiting_count(a) == 1

        seller_again = await a.decide(lot.id, LATER, decision="accept")
        assert seller_again.status_code == 409
        assert seller_again.json()["message"] == (
            "The seller already countered with AED 18,000.50: record the buyer's answer."
        )
        taken = await a.answer(lot.id, LATER + timedelta(minutes=5), accepted=True, note="Buyer agrees")
        assert taken.status_code == 200, taken.text
        assert (taken.json()["status"], taken.json()["lot"]["result"]) == ("accepted", "sold")
        assert [(h["action"], h["amount"]) for h in taken.json()["history"]] == [
            ("asked", None),
            ("countered", "18000.50"),
            ("counter_accepted", "18000.50"),
        ]
        run = await _run(a, lot)
        assert (run.outcome, run.buyer_id, run.sold_for) == ("sold", khalid, Decimal("18000.50"))
        (invoice,) = await _invoices(a, lot.vehicle_id)
        assert invoice.member_id == khalid
        assert await _audited(a) == ["lot.approval_counter_accepted", "lot.approval_countered"]
        statuses = [e["status"] for e in await _approval_events(a, lot.id)]
        assert statuses == ["waiting", "countered", "accepted"]


async def test_a_counter_offer_the_buyer_declines_is_a_no_sale(settings: Settings, tmp_path: Path) -> None:
    async with approval_sale(settings, tmp_path) as a:
        (lot,) = await a.sale.lots()
        khalid, _ = a.sale.buyers
        await a.on_approval(lot, khalid, 19000)
        early = await a.answer(lot.id, LATER, accepted=True)
        assert early.status_code == 409
        assert early.json()["message"] == "The seller has not countered: record the seller's answer first."
        assert (await a.decide(lot.id, LATER, decision="counter", amount=19500)).status_code == 200
        declined = await a.answer(lot.id, LATER, accepted=False)
        assert declined.status_code == 200, declined.text
        assert (declined.json()["status"], declined.json()["lot"]["result"]) == ("declined", "no_sale")
        assert [h["action"] for h in declined.json()["history"]] == ["asked", "countered", "counter_declined"]
        run = await _run(a, lot)
        assert (run.outcome, run.is_current) == ("notSold", False)
        assert await _invoices(a, lot.vehicle_id) == []


async def test_a_lot_the_floor_led_is_sold_to_the_member_staff_name(
    settings: Settings, tmp_path: Path
) -> None:
    async with approval_sale(settings, tmp_path) as a:
        (lot,) = await a.sale.lots()
        khalid, sara = a.sale.buyers
        await a.sale.opened(lot.id)
        await a.sale.bid(lot.id, a.sale.floor(16000))
        async with a.sale.sessions() as session:
            closed = await service.close_lot(session, lot.id, NOW + timedelta(seconds=30), a.sale.actor)
            await session.commit()
        assert (closed.result, closed.leader_source) == ("on_approval", "floor")
        (listed,) = await a.listed()
        assert listed["buyer"] is None and listed["price"] == "16000.00"

        unnamed = await a.decide(lot.id, LATER, decision="accept")
        assert unnamed.status_code == 422
        assert unnamed.json()["errors"][0] == {
            "field": "buyerId",
            "message": "The floor led this lot: choose the member who buys it.",
        }
        unknown = await a.decide(lot.id, LATER, decision="accept", buyerId="no-such-member")
        assert unknown.status_code == 422
        assert unknown.json()["errors"][0]["field"] == "buyerId"
        sold = await a.decide(lot.id, LATER, decision="accept", buyerId=sara)
        assert sold.status_code == 200, sold.text
        assert sold.json()["buyer"]["id"] == sara
        run = await _run(a, lot)
        assert (run.outcome, run.buyer_id, run.sold_for) == ("sold", sara, Decimal("16000.00"))
        assert khalid != sara
