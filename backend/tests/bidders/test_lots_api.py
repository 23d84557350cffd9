"""The sale as a member reads it: upcoming events, an event's lots, one lot with its photos, specs and my own
bids; what members may not see answers 404, and a staff token is refused."""

from typing import Any

from httpx import AsyncClient

from tests.auctions.factory import approved_vehicles
from tests.bidders.sale import bidder_sale


async def test_events_lots_and_one_lot(client: AsyncClient, app: Any, db: Any) -> None:
    sale = await bidder_sale(client, app, db)
    a, _ = sale.bidders

    events = (await a.ok("get", "events"))["data"]
    # The later weeks' events hold no vehicles: publishing left them drafts, which members never see.
    assert [e["id"] for e in events] == [sale.event_id]
    first = events[0]
    assert first["state"] == "running" and first["auctionType"] == "Live" and first["lotCount"] == 2
    assert first["location"] == {"name": "Al Quoz Yard", "city": "Al Quoz"}

    listed = await a.lots(sale.event_id)
    assert [lot["id"] for lot in listed] == sale.lot_ids
    assert [(lot["laneNumber"], lot["runNumber"]) for lot in listed] == [(1, 1), (2, 1)]
    lot = listed[0]
    assert lot["state"] == "waiting" and lot["openingPrice"] == "15000.00" and lot["asking"] == "15000.00"
    assert lot["price"] is None and lot["leader"] is None and lot["myStatus"] == "none"
    assert lot["myMaximum"] is None and lot["watching"] is False and lot["bidCount"] == 0
    assert "reservePrice" not in lot and lot["vehicle"]["year"] == 2019
    assert (await a.get(f"events/{sale.sale.other_events[0]}/lots")).status_code == 404  # a draft

    detail = await a.ok("get", f"lots/{sale.lot_ids[0]}")
    assert detail["specs"]["make"] == "Toyota" and detail["specs"]["year"] == 2019
    assert "plate" not in str(detail["specs"]).lower() and "reservePrice" not in detail
    assert (
        detail["myBids"] == [] and detail["photos"] == [] and detail["serverTime"] == "2031-05-01T13:00:00Z"
    )


async def test_what_members_may_not_see(client: AsyncClient, app: Any, db: Any) -> None:
    sale = await bidder_sale(client, app, db)
    a, _ = sale.bidders
    missing = await a.get("lots/nothing-here")
    assert (missing.status_code, missing.json()["message"]) == (404, "This lot does not exist.")
    missing = await a.get("events/nothing-here/lots")
    assert (missing.status_code, missing.json()["message"]) == (404, "This event does not exist.")

    staff = await client.get(f"/api/bidder/lots/{sale.lot_ids[0]}", headers=sale.sale.admin)
    assert staff.status_code == 401
    assert staff.json()["message"] == "Please sign in with your member account to continue."
    nobody = await client.get("/api/bidder/events")
    assert nobody.status_code == 401

    auction_id = (await a.ok("get", "events"))["data"][0]["auctionId"]
    unpublished = await client.put(
        "/api/auctions/status",
        json={"auctionIds": [auction_id], "status": "unpublished"},
        headers=sale.sale.admin,
    )
    assert unpublished.status_code == 200, unpublished.text
    assert (await a.ok("get", "events"))["data"] == []
    assert (await a.get(f"lots/{sale.lot_ids[0]}")).status_code == 404
    assert (await a.get(f"events/{sale.event_id}/lots")).status_code == 404
    assert (await a.maximum(sale.lot_ids[0], "16000")).status_code == 404
    assert (await a.put(f"watchlist/{sale.lot_ids[0]}")).status_code == 404


async def test_lots_are_made_for_runs_placed_since(client: AsyncClient, app: Any, db: Any) -> None:
    """A member listing an event's lots before staff did gets them made (by the engine's ensure_lots)."""
    sale = await bidder_sale(client, app, db, made=False)
    a, _ = sale.bidders
    listed = await a.lots(sale.event_id)
    assert [lot["vehicle"]["id"] for lot in listed] == sale.sale.vehicles
    assert listed[0]["openingPrice"] == "15000.00"
    assert [lot["id"] for lot in await sale.sale.lots()] == [lot["id"] for lot in listed]  # the same lots


async def test_a_vehicle_placed_since_gets_its_lot(client: AsyncClient, app: Any, db: Any) -> None:
    """A vehicle placed in the event after its lots were made: a member's list makes its lot (the engine's
    ensure_lots), the lots already bid on unchanged."""
    sale = await bidder_sale(client, app, db)
    a, _ = sale.bidders
    first = sale.lot_ids[0]
    await a.ok("put", f"lots/{first}/maximum", {"maximum": "16000"})
    [late] = await approved_vehicles(client, sale.sale.admin, 1, first=5, openingPrice=17000)
    sale.sale.clock.move(-2 * 3600)  # vehicles are placed before the event starts
    await sale.sale.place(sale.event_id, [late["_id"]])
    listed = await a.lots(sale.event_id)
    assert len(listed) == 3 and listed[0]["id"] == first and listed[0]["myStatus"] == "leading"
    [made] = [lot for lot in listed if lot["vehicle"]["id"] == late["_id"]]
    assert (made["openingPrice"], made["asking"], made["state"]) == ("17000.00", "17000.00", "waiting")
