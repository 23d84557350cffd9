"""The lots' staff API: an event's lots made and listed, a lot with its log and maxima, its events after a
number, floor and absentee bids with the proxy's answers, and every bad input refused with a sentence."""

from datetime import UTC, timedelta
from typing import Any

from httpx import AsyncClient

from gavel.core.money import DECIMALS, NEGATIVE, NOT_AN_AMOUNT
from tests.bidding.lots_api import NOW, api_sale

ADMIN_NAME = "Administrator"


def _iso(seconds: float = 0) -> str:
    return (NOW + timedelta(seconds=seconds)).astimezone(UTC).isoformat().replace("+00:00", "Z")


def _utc(text: str) -> str:
    assert text.endswith("Z"), text  # every time is answered in UTC
    return text


async def test_an_events_lots_are_made_once_and_listed_in_lane_and_run_order(
    client: AsyncClient, app: Any
) -> None:
    s = await api_sale(client, app, cars=2, buyers=0)
    listed = await client.get(f"/api/auction-events/{s.event_id}/lots", headers=s.admin)
    assert listed.status_code == 200, listed.text
    body = listed.json()
    assert _utc(body["serverTime"]) == _iso()
    first, second = body["data"]
    assert [(lot["laneNumber"], lot["runNumber"]) for lot in (first, second)] == [(1, 1), (2, 1)]
    assert {first["vehicleId"], second["vehicleId"]} == set(s.vehicles)
    assert first["vehicle"]["id"] == first["vehicleId"]
    assert set(first["vehicle"]) == {"id", "title", "vin", "lotNumber", "mileage", "photoUrl"}
    assert first["vehicle"]["photoUrl"] is None and isinstance(first["vehicle"]["lotNumber"], int)
    assert {k: first[k] for k in ("eventId", "laneNumber", "state", "result", "counterBidSeconds")} == {
        "eventId": s.event_id,
        "laneNumber": 1,
        "state": "waiting",
        "result": None,
        "counterBidSeconds": 10,
    }
    assert (first["openingPrice"], first["reservePrice"], first["price"], first["asking"]) == (
        "15000.00",
        "20000.00",
        None,
        "15000.00",
    )
    assert (first["leader"], first["leaderSource"], first["clockEndsAt"], first["clockPausedSeconds"]) == (
        None,
        None,
        None,
        None,
    )
    assert (first["lastEventSequence"], first["bidCount"], first["maximaCount"]) == (0, 0, 0)

    again = await s.lots()
    assert [lot["id"] for lot in again] == [first["id"], second["id"]]
    missing = await client.get("/api/auction-events/no-such-event/lots", headers=s.admin)
    assert missing.status_code == 404
    assert missing.json()["message"] == "This auction event does not exist."


async def test_floor_and_absentee_bids_and_what_the_lot_shows_of_them(client: AsyncClient, app: Any) -> None:
    s = await api_sale(client, app, cars=1)
    (lot,) = await s.lots()
    khalid, sara = s.buyers
    early = await s.ok(f"{lot['id']}/absentee-bids", {"memberId": khalid, "maximum": "18000"})
    assert (early["state"], early["price"], early["asking"]) == ("waiting", "15000.00", "15500.00")
    assert early["leader"] == {"id": khalid, "name": "Khalid Buyer1"}
    assert (early["leaderSource"], early["maximaCount"], early["bidCount"]) == ("absentee", 1, 1)

    opened = await s.ok(f"{lot['id']}/open")
    assert (opened["state"], _utc(opened["clockEndsAt"])) == ("open", _iso(10))
    s.clock.move(3)
    # The clerk keys the asking price (no amount): the proxy answers for Khalid at once.
    floor = await s.ok(f"{lot['id']}/floor-bids", {})
    assert (floor["price"], floor["asking"], floor["leader"]["id"]) == ("16000.00", "16500.00", khalid)
    assert _utc(floor["clockEndsAt"]) == _iso(13)
    typed = await s.ok(f"{lot['id']}/floor-bids", {"amount": "17000.50"})
    assert (typed["price"], typed["leaderSource"]) == ("17500.50", "absentee")
    taken = await s.ok(f"{lot['id']}/absentee-bids", {"memberId": sara, "maximum": 20000})
    assert (taken["price"], taken["leader"]["name"], taken["maximaCount"]) == ("18500.00", "Khalid Buyer2", 2)

    detail = await s.get(f"lots/{lot['id']}")
    assert detail["lastEventSequence"] == 5 and detail["bidCount"] == len(detail["bids"]) == 6
    rows = [
        (b["sequence"], b["source"], (b["bidder"] or {}).get("name"), b["enteredBy"]["name"] if b["enteredBy"]
         else None, b["amount"], b["maximum"], b["automatic"], b["accepted"])
        for b in detail["bids"]
    ]  # fmt: skip
    assert rows == [
        (1, "absentee", "Khalid Buyer1", ADMIN_NAME, "15000.00", "18000.00", False, True),
        (2, "floor", None, ADMIN_NAME, "15500.00", None, False, True),
        (3, "absentee", "Khalid Buyer1", None, "16000.00", "18000.00", True, True),
        (4, "floor", None, ADMIN_NAME, "17000.50", None, False, True),
        (5, "absentee", "Khalid Buyer1", None, "17500.50", "18000.00", True, True),
        (6, "absentee", "Khalid Buyer2", ADMIN_NAME, "18500.00", "20000.00", False, True),
    ]
    assert [(m["bidder"]["id"], m["amount"], m["source"]) for m in detail["maxima"]] == [
        (sara, "20000.00", "absentee"),
        (khalid, "18000.00", "absentee"),
    ]
    events = await s.get(f"lots/{lot['id']}/events?after=3")
    assert [(e["sequence"], e["kind"]) for e in events["data"]] == [(4, "bid"), (5, "bid")]
    assert {(e["lotId"], e["eventId"], e["laneId"]) for e in events["data"]} == {
        (lot["id"], s.event_id, lot["laneId"])
    }
    assert all("maximum" not in str(e["payload"]) for e in events["data"])  # watchers never see a maximum
    everything = await s.get(f"lots/{lot['id']}/events")
    assert [e["kind"] for e in everything["data"]] == ["bid", "opened", "bid", "bid", "bid"]

    held = await s.get(f"members/{khalid}/absentee-bids")
    assert [(h["lot"]["id"], h["maximum"], h["source"], h["leading"]) for h in held["data"]] == [
        (lot["id"], "18000.00", "absentee", False)
    ]
    leading = await s.get(f"members/{sara}/absentee-bids")
    assert leading["data"][0]["leading"] is True and leading["data"][0]["lot"]["price"] == "18500.00"
    runs = await s.get(f"vehicles/{lot['vehicleId']}/lots")
    assert [(r["id"], len(r["bids"]), len(r["maxima"])) for r in runs["data"]] == [(lot["id"], 6, 2)]


async def test_a_refused_bid_is_kept_in_the_log_and_answered_with_its_sentence(
    client: AsyncClient, app: Any
) -> None:
    s = await api_sale(client, app, cars=1, buyers=1)
    (lot,) = await s.lots()
    waiting = await s.post(f"{lot['id']}/floor-bids", {"amount": "15000"})
    assert waiting.status_code == 409, waiting.text
    await s.ok(f"{lot['id']}/open")
    await s.ok(f"{lot['id']}/floor-bids", {})
    below = await s.post(f"{lot['id']}/floor-bids", {"amount": "15000.00"})
    assert below.status_code == 422, below.text
    assert below.json()["errors"][0]["field"] == "amount"
    assert "AED 15,500.00" in below.json()["message"]
    (khalid,) = s.buyers
    low = await s.post(f"{lot['id']}/absentee-bids", {"memberId": khalid, "maximum": "15100"})
    assert low.status_code == 422 and low.json()["errors"][0]["field"] == "maximum", low.text

    detail = await s.get(f"lots/{lot['id']}")
    assert [(b["accepted"], b["reason"]) for b in detail["bids"]] == [
        (False, "lot_waiting"),
        (True, None),
        (False, "below_asking"),
        (False, "below_asking"),
    ]
    assert [e["kind"] for e in (await s.get(f"lots/{lot['id']}/events"))["data"]] == [
        "bid_refused",
        "opened",
        "bid",
        "bid_refused",
        "bid_refused",
    ]
    assert (detail["price"], detail["bidCount"], detail["maximaCount"]) == ("15000.00", 1, 0)


BAD_AMOUNTS = [
    ("abc", NOT_AN_AMOUNT),
    ("12,500", NOT_AN_AMOUNT),
    (True, NOT_AN_AMOUNT),
    ("-5", NEGATIVE),
    ("100.123", DECIMALS),
    ("0", "A bid is an amount above AED 0.00."),
    ("1000000000000", "An amount is at most AED 999,999,999,999.99."),
]


async def test_a_bad_amount_is_refused_with_a_sentence_and_nothing_is_written(
    client: AsyncClient, app: Any
) -> None:
    s = await api_sale(client, app, cars=1, buyers=1)
    (lot,) = await s.lots()
    await s.ok(f"{lot['id']}/open")
    for amount, sentence in BAD_AMOUNTS:
        for path, body in (
            ("floor-bids", {"amount": amount}),
            ("absentee-bids", {"memberId": s.buyers[0], "maximum": amount}),
        ):
            refused = await s.post(f"{lot['id']}/{path}", body)
            assert refused.status_code == 422, refused.text
            assert refused.json()["message"] == sentence, (amount, refused.text)
            assert refused.json()["errors"][0]["field"] == ("amount" if path == "floor-bids" else "maximum")
    assert (await s.get(f"lots/{lot['id']}"))["bids"] == []


async def test_other_bad_inputs_and_unknown_records(client: AsyncClient, app: Any) -> None:
    s = await api_sale(client, app, cars=1, buyers=1)
    (lot,) = await s.lots()
    lot_id = lot["id"]
    no_member = await s.post(f"{lot_id}/absentee-bids", {"memberId": "no-such-member", "maximum": "18000"})
    assert no_member.status_code == 422
    assert no_member.json()["errors"] == [{"field": "memberId", "message": "No member has this id."}]
    missing = await s.post(f"{lot_id}/absentee-bids", {"maximum": "18000"})
    assert missing.status_code == 422 and missing.json()["message"] == "Member id is required."
    blank = await s.post(f"{lot_id}/absentee-bids/{s.buyers[0]}/withdraw", {"reason": "  "})
    assert blank.status_code == 422 and blank.json()["errors"][0]["field"] == "reason"
    nothing = await s.post(f"{lot_id}/absentee-bids/{s.buyers[0]}/withdraw", {"reason": "Called to cancel"})
    assert nothing.status_code == 409, nothing.text
    bogus = await s.post(f"{lot_id}/close", {"intent": "hammer"})
    assert bogus.status_code == 422 and bogus.json()["errors"][0]["field"] == "intent"
    for after in ("-1", "abc"):
        wrong = await client.get(f"/api/lots/{lot_id}/events?after={after}", headers=s.admin)
        assert wrong.status_code == 422 and wrong.json()["errors"][0]["field"] == "after"

    gone = "no-such-lot"
    for method, path, body in (
        ("GET", f"lots/{gone}", None),
        ("GET", f"lots/{gone}/events?after=0", None),
        ("POST", f"lots/{gone}/floor-bids", {}),
        ("POST", f"lots/{gone}/absentee-bids", {"memberId": s.buyers[0], "maximum": "18000"}),
        ("POST", f"lots/{gone}/absentee-bids/{s.buyers[0]}/withdraw", {"reason": "Called"}),
        ("POST", f"lots/{gone}/open", None),
        ("POST", f"lots/{gone}/withdraw", None),
        ("POST", f"lots/{gone}/close", {}),
    ):
        answered = await client.request(method, f"/api/{path}", json=body, headers=s.admin)
        assert answered.status_code == 404, (path, answered.text)
        assert answered.json()["message"] == "This lot does not exist."
    for path, sentence in (
        ("vehicles/none/lots", "This vehicle does not exist."),
        ("members/none/absentee-bids", "This member does not exist."),
    ):
        answered = await client.get(f"/api/{path}", headers=s.admin)
        assert answered.status_code == 404 and answered.json()["message"] == sentence
    withdraw_unknown = await s.post(f"{lot_id}/absentee-bids/none/withdraw", {"reason": "Called"})
    assert withdraw_unknown.status_code == 404
