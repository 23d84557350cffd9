"""A member's standing in the cases the bidding tests leave out: a lot on its seller's approval, the seller
of the vehicle bidding on it (and a member who does not buy), and events as the day goes by."""

from typing import Any

from httpx import AsyncClient

from tests.bidders.conftest import signed_in
from tests.bidders.sale import Bidder, bidder_sale


async def test_a_lot_on_approval(client: AsyncClient, app: Any, db: Any) -> None:
    sale = await bidder_sale(client, app, db)
    a, b = sale.bidders
    lot = sale.lot_ids[0]
    await a.ok("put", f"lots/{lot}/maximum", {"maximum": "17000"})
    await b.ok("put", f"lots/{lot}/maximum", {"maximum": "16000"})  # A leads at 16,500, below the reserve
    await sale.sale.ok(f"{lot}/open")
    await sale.sale.ok(f"{lot}/close", {"intent": "auto"})
    mine = await a.ok("get", f"lots/{lot}")
    assert (mine["state"], mine["result"], mine["myStatus"], mine["price"]) == (
        "closed",
        "on_approval",
        "on_approval",
        "16500.00",
    )
    assert (await b.ok("get", f"lots/{lot}"))["myStatus"] == "lost"
    power = await a.ok("get", "buying-power")
    assert (power["committed"], power["available"]) == ("16500.00", "83500.00")  # the price it may take


async def test_the_seller_and_a_member_who_does_not_buy(client: AsyncClient, app: Any, db: Any) -> None:
    sale = await bidder_sale(client, app, db, cars=1)
    headers = await signed_in(client, db, "seller91@example.com")
    seller = Bidder(client, headers, "", "Majid Seller91")
    lot = sale.lot_ids[0]
    answered = await seller.maximum(lot, "16000")
    assert answered.status_code == 409, answered.text
    assert answered.json()["message"] == "You sell this vehicle: you cannot bid on it."
    power = await seller.ok("get", "buying-power")
    assert power["blockedReason"] == (
        "Your membership does not allow buying at the moment. Please contact us for help."
    )
    assert power["available"] == "0.00"
    assert (await seller.ok("get", f"lots/{lot}"))["myBids"][0]["reason"] == "bidder_not_allowed"


async def test_events_through_the_day(client: AsyncClient, app: Any, db: Any) -> None:
    sale = await bidder_sale(client, app, db, cars=1)
    a, _ = sale.bidders
    clock = sale.sale.clock
    clock.move(-2 * 3600)  # 15:00 in Dubai, an hour before the start
    assert [e["state"] for e in (await a.ok("get", "events"))["data"]] == ["upcoming"]
    clock.move(5 * 3600)  # 20:00, after its end at 20:00: ended, still listed today
    assert [e["state"] for e in (await a.ok("get", "events"))["data"]] == ["ended"]
    clock.move(4 * 3600)  # the next day in Dubai (00:00)
    assert (await a.ok("get", "events"))["data"] == []
    # Its lots stay readable (a member's lots and purchases outlive the listing of events).
    assert (await a.get(f"lots/{sale.lot_ids[0]}")).status_code == 200


async def test_the_room_leads_as_another_bidder(client: AsyncClient, app: Any, db: Any) -> None:
    sale = await bidder_sale(client, app, db, cars=1)
    a, b = sale.bidders
    lot = sale.lot_ids[0]
    await a.ok("put", f"lots/{lot}/maximum", {"maximum": "16000"})
    await sale.sale.ok(f"{lot}/open")
    await sale.sale.ok(f"{lot}/floor-bids", {"amount": "16500"})
    mine = await a.ok("get", f"lots/{lot}")
    assert (mine["leader"], mine["myStatus"], mine["price"]) == ("another_bidder", "outbid", "16500.00")
    theirs = await b.ok("get", f"lots/{lot}")
    assert (theirs["leader"], theirs["myStatus"], theirs["myMaximum"]) == ("another_bidder", "none", None)
    taken = await b.ok("post", f"lots/{lot}/bids", {"nextStep": True})
    assert (taken["leader"], taken["myStatus"], taken["price"]) == ("you", "leading", "17000.00")
    assert taken["clockEndsAt"] == "2031-05-01T13:00:10Z"  # the counter-bid time from my bid
