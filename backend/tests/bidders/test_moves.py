"""A member's moves through the bid engine: a maximum set and raised, a bid now (an amount or the next step),
a maximum withdrawn while the lot waits; each refusal answered in the member's own words with its status and
field; the member's standing (leading, outbid, won, lost) and purchase once staff close the lot."""

from decimal import Decimal
from typing import Any

import pytest
from httpx import AsyncClient, Response
from sqlalchemy import update

from gavel.bidding import service as bidding
from gavel.members.models import Member
from tests.bidders.sale import bidder_sale


def refused(answered: Response, status: int, message: str, field: str | None = None) -> None:
    assert answered.status_code == status, answered.text
    body = answered.json()
    assert body["message"] == message
    if field is not None:
        assert body["errors"] == [{"field": field, "message": message}]


async def test_maxima_bids_and_standing_to_the_sale(client: AsyncClient, app: Any, db: Any) -> None:
    sale = await bidder_sale(client, app, db)
    a, b = sale.bidders
    lot = sale.lot_ids[0]

    led = await a.ok("put", f"lots/{lot}/maximum", {"maximum": "23700"})
    assert (led["myStatus"], led["leader"], led["price"], led["myMaximum"]) == (
        "leading",
        "you",
        "15000.00",
        "23700.00",
    )
    assert led["asking"] == "15500.00" and led["state"] == "waiting"

    refused(
        await b.bid(lot, "15000"),
        422,
        "The asking price is AED 15,500.00: your bid of AED 15,000.00 is below it.",
        "amount",
    )
    refused(
        await b.maximum(lot, "15200.50"),
        422,
        "The asking price is AED 15,500.00: your maximum of AED 15,200.50 is below it.",
        "maximum",
    )
    outbid = await b.ok("put", f"lots/{lot}/maximum", {"maximum": "18200"})
    assert (outbid["myStatus"], outbid["leader"], outbid["price"]) == ("outbid", "another_bidder", "18700.00")
    assert outbid["myMaximum"] == "18200.00"

    refused(
        await a.maximum(lot, "23700"),
        422,
        "You already lead with a maximum of AED 23,700.00: a new maximum must be higher.",
        "maximum",
    )
    refused(
        await a.bid(lot),
        409,
        "You already lead this lot at AED 18,700.00: your bid at the next step was not placed.",
    )
    step = await b.ok("post", f"lots/{lot}/bids", {"nextStep": True})  # the asking, 19,200: outbid again
    assert (step["myStatus"], step["price"], step["myMaximum"]) == ("outbid", "19700.00", "19200.00")
    taken = await b.ok("post", f"lots/{lot}/bids", {"amount": "30000"})
    assert (taken["myStatus"], taken["leader"], taken["price"]) == ("leading", "you", "24200.00")
    seen = await a.ok("get", f"lots/{lot}")
    assert (seen["myStatus"], seen["leader"], seen["price"], seen["myMaximum"]) == (
        "outbid",
        "another_bidder",
        "24200.00",
        "23700.00",
    )
    assert [(r["amount"], r["automatic"]) for r in seen["myBids"]] == [
        ("15000.00", False),
        ("18700.00", True),  # the engine's answer to B's 18,200 for my maximum
        ("23700.00", False),  # my maximum not raised: refused
        ("19700.00", True),
    ]
    assert seen["myBids"][2]["accepted"] is False and seen["myBids"][2]["reason"] == "maximum_not_raised"

    await sale.sale.ok(f"{lot}/open")
    await sale.sale.ok(f"{lot}/close", {"intent": "auto"})
    won = await b.ok("get", f"lots/{lot}")
    lost = await a.ok("get", f"lots/{lot}")
    assert (won["state"], won["result"], won["myStatus"]) == ("closed", "sold", "won")
    assert lost["myStatus"] == "lost"
    refused(await b.bid(lot, "40000"), 409, "The lot is closed: it takes no more bids.")

    bought = await b.ok("get", "purchases")
    [purchase] = bought["data"]
    assert purchase["vehicleId"] == sale.sale.vehicles[0] and purchase["soldFor"] == "24200.00"
    assert purchase["soldAt"] == "2031-05-01T13:00:00Z" and purchase["invoice"]["status"] == "unpaid"
    invoice = purchase["invoice"]
    assert (
        invoice["paid"] == "0.00"
        and invoice["due"] == invoice["total"]
        and bought["owed"] == invoice["total"]
    )
    assert (await a.ok("get", "purchases")) == {"data": [], "owed": "0.00"}
    power = await b.ok("get", "buying-power")
    assert power == {
        "available": "75800.00",
        "buyingPower": "100000.00",
        "committed": "0.00",
        "owed": "24200.00",
        "blockedReason": None,
    }


async def test_a_maximum_withdrawn_while_the_lot_waits(client: AsyncClient, app: Any, db: Any) -> None:
    sale = await bidder_sale(client, app, db)
    a, b = sale.bidders
    lot = sale.lot_ids[1]
    await a.ok("put", f"lots/{lot}/maximum", {"maximum": "16000"})
    assert (await b.ok("put", f"lots/{lot}/maximum", {"maximum": "17000"}))["price"] == "16500.00"

    gone = await a.ok("post", f"lots/{lot}/maximum/withdraw")
    assert (gone["myStatus"], gone["myMaximum"], gone["leader"]) == ("none", None, "another_bidder")
    assert gone["price"] == "15000.00"  # as if I had never bid
    mine = (await a.ok("get", f"lots/{lot}"))["myBids"]
    assert mine[-1]["reason"] == "withdrawn" and mine[-1]["maximum"] == "16000.00"
    refused(await a.post(f"lots/{lot}/maximum/withdraw"), 409, "You have no maximum on this lot.")

    await sale.sale.ok(f"{lot}/open")
    refused(
        await b.post(f"lots/{lot}/maximum/withdraw"),
        409,
        "A maximum can be withdrawn only before the lot opens: this lot is open.",
    )
    assert (await b.ok("get", f"lots/{lot}"))["myMaximum"] == "17000.00"


async def test_buying_power_answers_in_my_words(client: AsyncClient, app: Any, db: Any) -> None:
    sale = await bidder_sale(client, app, db, buying_power=20000)
    a, _ = sale.bidders
    first, second = sale.lot_ids
    refused(
        await a.maximum(first, "25000"),
        409,
        "Your buying power does not cover a maximum of AED 25,000.00: AED 20,000.00 is available for it "
        "beside the lots you lead.",
    )
    await a.ok("put", f"lots/{first}/maximum", {"maximum": "15000"})
    refused(
        await a.bid(second, "16000"),
        409,
        "Your buying power does not cover a maximum of AED 16,000.00: AED 5,000.00 is available for it "
        "beside the lots you lead.",
    )
    assert await a.ok("get", "buying-power") == {
        "available": "5000.00",
        "buyingPower": "20000.00",
        "committed": "15000.00",
        "owed": "0.00",
        "blockedReason": None,
    }


async def test_a_refusal_tells_the_buying_power_the_bid_was_decided_on(
    client: AsyncClient, app: Any, db: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Staff lower the member's buying power after the request's sign-in check read the member, before the
    bid takes the lot's lock: the engine decides on the locked row, and the answer gives that row's figure."""
    sale = await bidder_sale(client, app, db, buying_power=20000)
    a, _ = sale.bidders
    placed_bid = bidding.placed_bid

    async def lowered_first(session: Any, lot_id: str, bid: Any, now: Any) -> Any:
        lowered = update(Member).where(Member.id == bid.bidder).values(buying_power=Decimal("12000.00"))
        await session.execute(lowered.execution_options(synchronize_session=False))
        return await placed_bid(session, lot_id, bid, now)

    monkeypatch.setattr(bidding, "placed_bid", lowered_first)
    refused(
        await a.maximum(sale.lot_ids[0], "16000"),
        409,
        "Your buying power does not cover a maximum of AED 16,000.00: AED 12,000.00 is available for it "
        "beside the lots you lead.",
    )


async def test_bad_bodies(client: AsyncClient, app: Any, db: Any) -> None:
    sale = await bidder_sale(client, app, db, cars=1)
    a, _ = sale.bidders
    lot = sale.lot_ids[0]
    refused(
        await a.post(f"lots/{lot}/bids", {}),
        422,
        "Give the amount of your bid, or ask for the next step.",
        "amount",
    )
    refused(
        await a.post(f"lots/{lot}/bids", {"amount": "16000", "nextStep": True}),
        422,
        "Give either the amount of your bid or the next step, not both.",
        "amount",
    )
    for body in ({"maximum": "-5"}, {"maximum": "abc"}, {"maximum": "1.005"}, {}):
        answered = await a.put(f"lots/{lot}/maximum", body)
        assert answered.status_code == 422, answered.text
        assert answered.json()["errors"][0]["field"] == "maximum"
    refused(await a.maximum("no-such-lot", "16000"), 404, "This lot does not exist.")
