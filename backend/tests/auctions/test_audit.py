"""Every change of auctions and events writes an audit event in its transaction: who, what, which record, old
and new values, from which IP; a refused change writes none."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.models import AuditEvent
from tests.auctions.factory import SALE_START, approved_vehicles, buyer, create_auction, events, moved_clock
from tests.conftest import ADMIN_EMAIL


async def _audit(session: AsyncSession, entity: str, entity_id: str) -> list[AuditEvent]:
    """The record's audit rows written by auctions and events (a vehicle's own rows left out)."""
    rows = await session.scalars(
        select(AuditEvent)
        .where(
            AuditEvent.entity == entity,
            AuditEvent.entity_id == entity_id,
            AuditEvent.action.like("auction%"),
        )
        .order_by(AuditEvent.created_at)
    )
    return list(rows.all())


def _by_admin(rows: list[AuditEvent]) -> bool:
    return all(r.actor_email == ADMIN_EMAIL and r.actor_id and r.ip_address == "127.0.0.1" for r in rows)


async def test_every_change_of_an_auction_and_its_events_is_audited(
    client: AsyncClient, app: Any, admin: dict[str, str], location: str, session: AsyncSession
) -> None:
    auction = (await create_auction(client, admin, location, repeatUntil="2031-05-08"))["data"]
    first, second = await events(client, admin, auction["_id"])
    moving, removed, sold = await approved_vehicles(client, admin, 3)
    (created,) = await _audit(session, "auction", auction["_id"])
    assert created.action == "auction.created" and created.old_values is None
    assert created.new_values == {
        "auctionTitle": "Dubai Thursday Live Sale",
        "auctionType": "Live",
        "location": location,
        "lanes": 2,
        "bidIncrementAmount": "500.00",
        "counterBidTime": 10,
        "repeatType": "Weekly",
        "events": 2,
    }

    # Adding, removing and transferring vehicles: one row per vehicle.
    added = await client.post(
        f"/api/auction-event/add-vehicle/{first['_id']}",
        json={"vehicles": [{"vehicleId": c["_id"]} for c in (moving, removed, sold)]},
        headers=admin,
    )
    assert added.status_code == 200, added.text
    for car, lane in ((moving, "A"), (removed, "B"), (sold, "A")):
        (row,) = await _audit(session, "vehicle", car["_id"])
        assert (row.action, row.old_values) == ("auction_event.vehicle_added", None)
        assert row.new_values == {"event": first["_id"], "lane": lane, "run": 1 if car is not sold else 2}

    out = await client.post(
        f"/api/auction-event/remove-vehicle/{first['_id']}",
        json={"vehicles": [{"vehicleId": removed["_id"]}]},
        headers=admin,
    )
    assert out.status_code == 200, out.text
    rows = await _audit(session, "vehicle", removed["_id"])
    assert [r.action for r in rows] == ["auction_event.vehicle_added", "auction_event.vehicle_removed"]
    assert (rows[1].old_values, rows[1].new_values) == ({"event": first["_id"], "lane": "B", "run": 1}, None)

    moved = await client.put(
        "/api/auction-event/transfer-vehicle",
        json={
            "sourceEventId": first["_id"],
            "targetEventId": second["_id"],
            "vehicles": [{"vehicleId": moving["_id"], "lane": "B"}],
        },
        headers=admin,
    )
    assert moved.status_code == 200, moved.text
    rows = await _audit(session, "vehicle", moving["_id"])
    assert len(rows) == 3
    transferred = next(r for r in rows if r.action == "auction_event.vehicle_transferred")
    assert (transferred.old_values, transferred.new_values) == (
        {"event": first["_id"]},
        {"event": second["_id"]},
    )
    # The transfer also tells where the vehicle landed: its lane and run in the target event.
    landed = [r for r in rows[1:] if r.action == "auction_event.vehicle_added"]
    assert [r.new_values for r in landed] == [{"event": second["_id"], "lane": "B", "run": 1}]

    # Publishing: one row for the auction, with how many of its events followed.
    published = await client.put(
        "/api/auctions/status", json={"auctionIds": [auction["_id"]], "status": "publish"}, headers=admin
    )
    assert published.status_code == 200, published.text
    rows = await _audit(session, "auction", auction["_id"])
    assert [r.action for r in rows] == ["auction.created", "auction.status_changed"]
    assert (rows[1].old_values, rows[1].new_values) == (
        {"status": "draft"},
        {"status": "publish", "events": 2},
    )

    # Recording a result, then correcting it.
    moved_clock(app, SALE_START + timedelta(minutes=30))
    khalid = await buyer(client, admin)
    sale = {"vehicleId": sold["_id"], "outcome": "sold", "buyerId": khalid["_id"], "soldFor": 25000}
    recorded = await client.put(
        f"/api/auction-event/results/{first['_id']}", json={"results": [sale]}, headers=admin
    )
    assert recorded.status_code == 200, recorded.text
    results = [
        r
        for r in await _audit(session, "vehicle", sold["_id"])
        if r.action == "auction_event.result_recorded"
    ]
    assert len(results) == 1
    assert results[0].old_values == {
        "outcome": None,
        "buyer": None,
        "soldFor": None,
        "sellerApproved": False,
        "event": first["_id"],
    }
    assert results[0].new_values == {
        "outcome": "sold",
        "buyer": khalid["_id"],
        "soldFor": "25000.00",
        "sellerApproved": False,
        "event": first["_id"],
    }
    again = await client.put(
        f"/api/auction-event/results/{first['_id']}", json={"results": [sale]}, headers=admin
    )
    assert again.status_code == 200
    corrected = await client.put(
        f"/api/auction-event/results/{first['_id']}",
        json={"results": [{**sale, "soldFor": 26000}]},
        headers=admin,
    )
    assert corrected.status_code == 200, corrected.text
    results = [
        r
        for r in await _audit(session, "vehicle", sold["_id"])
        if r.action == "auction_event.result_recorded"
    ]
    assert len(results) == 2, "a repeated result changes nothing and writes nothing"
    old, new = results[1].old_values or {}, results[1].new_values or {}
    assert (old["soldFor"], new["soldFor"]) == ("25000.00", "26000.00")

    # Completing the events: one row each, and the last one completes the auction.
    done = await client.put(f"/api/auction-event/complete/{first['_id']}", headers=admin)
    assert done.status_code == 200, done.text
    (completed,) = await _audit(session, "auction_event", first["_id"])
    assert (completed.action, completed.new_values) == ("auction_event.completed", {"status": "completed"})
    moved_clock(app, SALE_START + timedelta(weeks=1, minutes=30))
    await client.put(
        f"/api/auction-event/results/{second['_id']}",
        json={"results": [{"vehicleId": moving["_id"], "outcome": "notSold"}]},
        headers=admin,
    )
    last = await client.put(f"/api/auction-event/complete/{second['_id']}", headers=admin)
    assert last.status_code == 200, last.text
    assert [r.action for r in await _audit(session, "auction_event", second["_id"])] == [
        "auction_event.completed"
    ]
    rows = await _audit(session, "auction", auction["_id"])
    assert [r.action for r in rows] == ["auction.created", "auction.status_changed", "auction.status_changed"]
    assert (rows[2].old_values, rows[2].new_values) == ({"status": "publish"}, {"status": "completed"})

    everything = list(
        await session.scalars(
            select(AuditEvent).where(
                AuditEvent.entity_id.in_(
                    [auction["_id"], first["_id"], second["_id"], moving["_id"], removed["_id"], sold["_id"]]
                ),
                AuditEvent.action.like("auction%"),
            )
        )
    )
    assert len(everything) == 14
    assert _by_admin(everything)


async def test_unpublishing_and_deleting_are_audited_and_a_refusal_writes_nothing(
    client: AsyncClient, admin: dict[str, str], location: str, session: AsyncSession
) -> None:
    auction = (await create_auction(client, admin, location))["data"]
    first = (await events(client, admin, auction["_id"]))[0]["_id"]
    (car,) = await approved_vehicles(client, admin, 1)
    await client.post(
        f"/api/auction-event/add-vehicle/{first}",
        json={"vehicles": [{"vehicleId": car["_id"]}]},
        headers=admin,
    )
    early = await client.put(
        "/api/auctions/status", json={"auctionIds": [auction["_id"]], "status": "completed"}, headers=admin
    )
    assert early.status_code == 409
    refused = await client.post(
        f"/api/auction-event/add-vehicle/{first}",
        json={"vehicles": [{"vehicleId": car["_id"]}]},
        headers=admin,
    )
    assert refused.status_code == 409
    assert [r.action for r in await _audit(session, "auction", auction["_id"])] == ["auction.created"]
    assert [r.action for r in await _audit(session, "vehicle", car["_id"])] == ["auction_event.vehicle_added"]

    for status in ("publish", "unpublished"):
        changed = await client.put(
            "/api/auctions/status", json={"auctionIds": [auction["_id"]], "status": status}, headers=admin
        )
        assert changed.status_code == 200, changed.text
    rows = await _audit(session, "auction", auction["_id"])
    assert [(r.old_values, r.new_values) for r in rows[1:]] == [
        ({"status": "draft"}, {"status": "publish", "events": 1}),
        ({"status": "publish"}, {"status": "unpublished", "events": 1}),
    ]

    draft = (await create_auction(client, admin, location, auctionTitle="Short-lived sale"))["data"]
    deleted = await client.request(
        "DELETE", "/api/auctions/delete", json={"auctionIds": [draft["_id"]]}, headers=admin
    )
    assert deleted.status_code == 200, deleted.text
    rows = await _audit(session, "auction", draft["_id"])
    assert [r.action for r in rows] == ["auction.created", "auction.deleted"]
    assert rows[1].old_values == {"auctionTitle": "Short-lived sale", "status": "draft"}
    assert _by_admin(rows)
