"""The clerk's moves through the API (open, close as the clerk names it, withdraw) and absentee bids withdrawn
with a reason, each audited once against the lot's vehicle, in words the audit log reads; a lot whose
lane's pause stopped its clock shows the seconds it had left."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from gavel.bidding.lanes import lot_clock
from gavel.trail.words import sentence
from tests.bidding.lots_api import api_sale


async def _audited(db: async_sessionmaker[AsyncSession], vehicle_id: str) -> list[tuple[str, Any]]:
    async with db() as session:
        stmt = (
            select(AuditEvent)
            .where(AuditEvent.entity == "vehicle", AuditEvent.entity_id == vehicle_id)
            .where(AuditEvent.action.like("lot.%"))
            .order_by(AuditEvent.created_at, AuditEvent.id)
        )
        return [(e.action, e) for e in (await session.execute(stmt)).scalars()]


async def test_the_clerk_opens_sells_and_passes_lots_and_each_move_is_audited_once(
    client: AsyncClient, app: Any, db: async_sessionmaker[AsyncSession]
) -> None:
    s = await api_sale(client, app, cars=2, buyers=0)
    sold, passed = await s.lots()
    await s.ok(f"{sold['id']}/open")
    again = await s.post(f"{sold['id']}/open")
    assert again.status_code == 409
    assert again.json()["message"] == "Only a waiting lot opens: this one is open."
    await s.ok(f"{sold['id']}/floor-bids", {"amount": "19000"})
    below = await s.post(f"{sold['id']}/close", {"intent": "sold"})
    assert below.status_code == 409 and "below the reserve" in below.json()["message"], below.text
    await s.ok(f"{sold['id']}/floor-bids", {"amount": "20000"})
    closed = await s.ok(f"{sold['id']}/close", {"intent": "sold"})
    assert (closed["state"], closed["result"], closed["price"], closed["clockEndsAt"]) == (
        "closed",
        "sold",
        "20000.00",
        None,
    )
    assert closed["leaderSource"] == "floor" and closed["leader"] is None
    twice = await s.ok(f"{sold['id']}/close", {})  # closing is idempotent: answered as it is
    assert (twice["result"], twice["lastEventSequence"]) == ("sold", closed["lastEventSequence"])
    late = await s.post(f"{sold['id']}/floor-bids", {})
    assert late.status_code == 409, late.text

    await s.ok(f"{passed['id']}/open")
    no_sale = await s.ok(f"{passed['id']}/close", {"intent": "no_sale"})
    assert (no_sale["state"], no_sale["result"], no_sale["price"]) == ("closed", "no_sale", None)

    audited = await _audited(db, sold["vehicleId"])
    assert [action for action, _ in audited] == ["lot.opened", "lot.closed"]
    closing = audited[1][1]
    assert closing.new_values["result"] == "sold" and closing.new_values["price"] == "20000.00"
    assert closing.actor_email == "admin@example.com"
    words = sentence(closing.action, "vehicle", "Toyota Camry, lot 1", closing.old_values, closing.new_values)
    assert words == "Closed the bidding on vehicle Toyota Camry, lot 1: sold at AED 20,000.00"
    passed_words = [
        sentence(action, "vehicle", "Nissan Patrol, lot 2", e.old_values, e.new_values)
        for action, e in await _audited(db, passed["vehicleId"])
    ]
    assert passed_words == [
        "Opened the bidding on vehicle Nissan Patrol, lot 2",
        "Closed the bidding on vehicle Nissan Patrol, lot 2: no sale",
    ]


async def test_a_lot_withdrawn_from_the_sale_takes_no_more_bids(
    client: AsyncClient, app: Any, db: async_sessionmaker[AsyncSession]
) -> None:
    s = await api_sale(client, app, cars=1, buyers=1)
    (lot,) = await s.lots()
    (khalid,) = s.buyers
    await s.ok(f"{lot['id']}/absentee-bids", {"memberId": khalid, "maximum": "17000"})
    withdrawn = await s.ok(f"{lot['id']}/withdraw")
    assert (withdrawn["state"], withdrawn["price"], withdrawn["result"]) == ("withdrawn", "15000.00", None)
    for path, body in (("withdraw", None), ("open", None), ("close", {})):
        refused = await s.post(f"{lot['id']}/{path}", body)
        assert refused.status_code == 409, (path, refused.text)
    late = await s.post(f"{lot['id']}/absentee-bids", {"memberId": khalid, "maximum": "18000"})
    assert late.status_code == 409, late.text
    detail = await s.get(f"lots/{lot['id']}")
    assert [(b["accepted"], b["reason"]) for b in detail["bids"]] == [(True, None), (False, "lot_withdrawn")]
    audited = await _audited(db, lot["vehicleId"])
    assert [action for action, _ in audited] == ["lot.absentee_bid_entered", "lot.withdrawn"]
    entered = audited[0][1]
    assert entered.new_values["maximum"] == "17000.00" and entered.new_values["member"] == "Khalid Buyer1"
    assert sentence(entered.action, "vehicle", "Toyota Camry, lot 1", None, entered.new_values) == (
        "Entered an absentee bid of up to AED 17,000.00 for Khalid Buyer1 on vehicle Toyota Camry, lot 1"
    )
    assert sentence("lot.withdrawn", "vehicle", "Toyota Camry, lot 1") == (
        "Withdrew vehicle Toyota Camry, lot 1 from the sale"
    )


async def test_an_absentee_maximum_withdrawn_with_its_reason_before_the_lot_opens(
    client: AsyncClient, app: Any, db: async_sessionmaker[AsyncSession]
) -> None:
    s = await api_sale(client, app, cars=1, buyers=2)
    (lot,) = await s.lots()
    khalid, sara = s.buyers
    await s.ok(f"{lot['id']}/absentee-bids", {"memberId": khalid, "maximum": "18000"})
    led = await s.ok(f"{lot['id']}/absentee-bids", {"memberId": sara, "maximum": "17000"})
    assert (led["price"], led["leader"]["id"], led["maximaCount"]) == ("17500.00", khalid, 2)

    reason = "Khalid called: he bought elsewhere"
    after = await s.ok(f"{lot['id']}/absentee-bids/{khalid}/withdraw", {"reason": f"  {reason} "})
    assert (after["price"], after["leader"]["id"], after["maximaCount"]) == ("15000.00", sara, 1)
    detail = await s.get(f"lots/{lot['id']}")
    last = detail["bids"][-1]
    assert (last["withdrawal"], last["bidder"]["id"], last["maximum"], last["note"]) == (
        True,
        khalid,
        "18000.00",
        reason,
    )
    assert [m["bidder"]["id"] for m in detail["maxima"]] == [sara]
    assert (await s.get(f"members/{khalid}/absentee-bids"))["data"] == []
    (held,) = (await s.get(f"members/{sara}/absentee-bids"))["data"]
    assert (held["maximum"], held["leading"]) == ("17000.00", True)

    await s.ok(f"{lot['id']}/open")
    open_now = await s.post(f"{lot['id']}/absentee-bids/{sara}/withdraw", {"reason": "Called"})
    assert open_now.status_code == 409, open_now.text

    (_, withdrawal) = (await _audited(db, lot["vehicleId"]))[2]
    assert withdrawal.action == "lot.absentee_bid_withdrawn"
    assert withdrawal.old_values == {"maximum": "18000.00"}
    assert sentence(withdrawal.action, "vehicle", "Toyota Camry, lot 1", None, withdrawal.new_values) == (
        f"Withdrew the absentee bid of Khalid Buyer1 on vehicle Toyota Camry, lot 1 ({reason})"
    )


async def test_a_lot_whose_lane_paused_its_clock_shows_the_seconds_it_had_left(
    client: AsyncClient, app: Any, db: async_sessionmaker[AsyncSession]
) -> None:
    s = await api_sale(client, app, cars=1, buyers=0)
    (lot,) = await s.lots()
    await s.ok(f"{lot['id']}/open")
    paused_at = s.clock.move(3)
    async with db() as session:
        assert await lot_clock.stop(session, lot["id"], paused_at) == 7.0
        await session.commit()
    stopped = await s.get(f"lots/{lot['id']}")
    assert (stopped["state"], stopped["clockEndsAt"], stopped["clockPausedSeconds"]) == ("open", None, 7.0)
    (listed,) = await s.lots()
    assert listed["clockPausedSeconds"] == 7.0
    async with db() as session:
        await lot_clock.start(session, lot["id"], s.clock.move(60), 7.0)
        await session.commit()
    running = await s.get(f"lots/{lot['id']}")
    assert running["clockPausedSeconds"] is None and running["clockEndsAt"] is not None
