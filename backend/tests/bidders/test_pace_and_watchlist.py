"""Bids paced per member (a sentence and Retry-After, never a silent drop), and the watch list."""

from typing import Any

from httpx import AsyncClient

from tests.bidders.sale import bidder_sale


async def test_ten_bids_in_ten_seconds_then_a_sentence(client: AsyncClient, app: Any, db: Any) -> None:
    sale = await bidder_sale(client, app, db, cars=1)
    a, b = sale.bidders
    lot = sale.lot_ids[0]
    for n in range(10):  # refused bids count too (the first one is below the asking price)
        answered = await a.maximum(lot, str(14500 + 1000 * n))
        assert answered.status_code == (422 if n == 0 else 200), answered.text
    sale.sale.clock.move(3)
    fast = await a.maximum(lot, "30000")
    assert fast.status_code == 429, fast.text
    assert fast.json()["message"] == "You are bidding too fast: wait 7 seconds."
    assert fast.headers["Retry-After"] == "7" and fast.json()["retryAfter"] == 7
    assert (await a.bid(lot)).status_code == 429  # a bid now as well
    assert (await a.ok("get", f"lots/{lot}"))["myMaximum"] == "23500.00"  # nothing of the refused ones
    assert (await b.maximum(lot, "16000")).status_code == 200  # another member is not slowed
    sale.sale.clock.move(7)
    assert (await a.maximum(lot, "30000")).status_code == 200


async def test_the_watch_list(client: AsyncClient, app: Any, db: Any) -> None:
    sale = await bidder_sale(client, app, db)
    a, b = sale.bidders
    first, second = sale.lot_ids
    assert (await a.ok("get", "watchlist"))["data"] == []
    for lot in (second, first, first):  # a second tap changes nothing
        watched = await a.put(f"watchlist/{lot}")
        assert (watched.status_code, watched.content) == (204, b"")
    listed = (await a.ok("get", "watchlist"))["data"]
    assert [lot["id"] for lot in listed] == [first, second]  # lane by lane
    assert all(lot["watching"] for lot in listed)
    assert [lot["watching"] for lot in await a.lots(sale.event_id)] == [True, True]
    assert (await b.ok("get", "watchlist"))["data"] == []  # mine only
    assert [lot["watching"] for lot in await b.lots(sale.event_id)] == [False, False]

    for _ in "ab":
        assert (await a.delete(f"watchlist/{first}")).status_code == 204
    assert [lot["id"] for lot in (await a.ok("get", "watchlist"))["data"]] == [second]
    missing = await a.put("watchlist/no-such-lot")
    assert (missing.status_code, missing.json()["message"]) == (404, "This lot does not exist.")
