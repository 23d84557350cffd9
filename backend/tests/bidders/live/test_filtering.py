"""Every kind of staff lot event as a bidder sees it: no maximum, no member's id, no staff note, no refusal
reason, a counter offer only to its buyer; the leader as "you" / "another_bidder"; myStatus; and each view's
text built once."""

import json
from typing import Any

import pytest

from gavel.bidders.live.filtering import parse

ME, OTHER = "m" * 32, "o" * 32
SECRETS = (OTHER, "99000.00", "Docs missing", "buying_power", "maximum", "bidderId", "leaderId", "buyerId")


def staff(kind: str, payload: dict[str, Any], sequence: int = 7) -> str:
    return json.dumps(
        {
            "type": "lot_event",
            "lotId": "lot1",
            "eventId": "ev1",
            "laneId": "lane1",
            "sequence": sequence,
            "at": "2031-05-01T07:00:00Z",
            "kind": kind,
            "payload": payload,
        }
    )


BID_BY_OTHER = {
    "price": "16000.00",
    "asking": "16500.00",
    "leaderId": OTHER,
    "leaderSource": "online",
    "clockEndsAt": "2031-05-01T07:00:10+00:00",
    "bids": [
        {"sequence": 3, "source": "online", "bidderId": ME, "amount": "15500.00", "automatic": False},
        {"sequence": 4, "source": "online", "bidderId": OTHER, "amount": "16000.00", "automatic": True},
    ],
}
EVERY_KIND = {
    "opened": {
        "asking": "15000.00",
        "price": None,
        "leaderId": OTHER,
        "leaderSource": "absentee",
        "clockEndsAt": "2031-05-01T07:00:10+00:00",
    },
    "bid": BID_BY_OTHER,
    "bid_refused": {"sequence": 5, "source": "online", "reason": "buying_power", "asking": "16500.00"},
    "maximum_withdrawn": {
        "bidderId": OTHER,
        "reason": "Docs missing",
        "price": "15000.00",
        "asking": "15500.00",
        "leaderId": OTHER,
        "leaderSource": "absentee",
    },
    "withdrawn": {"reason": "result_recorded_by_hand"},
    "paused": {"remainingSeconds": 4.5},
    "resumed": {"clockEndsAt": "2031-05-01T07:00:10+00:00"},
    "closed": {"result": "sold", "price": "16000.00", "leaderId": OTHER, "leaderSource": "online"},
    "approval": {
        "status": "countered",
        "action": "counter",
        "amount": "99000.00",
        "price": "16000.00",
        "counterAmount": "99000.00",
        "deadline": "2031-05-02T07:00:00+00:00",
        "buyerId": OTHER,
        "result": "on_approval",
    },
    "something_new": {"bidderId": OTHER, "maximum": "99000.00"},
}


@pytest.mark.parametrize("kind", sorted(EVERY_KIND))
def test_no_message_names_another_member_or_any_maximum(kind: str) -> None:
    event = parse(staff(kind, EVERY_KIND[kind]))
    assert event is not None
    for took_part in (False, True):
        message = json.loads(event.text_for(ME, took_part))
        said = json.dumps(message["payload"])
        for secret in SECRETS:
            assert secret not in said, (kind, secret, said)
        assert {k: message[k] for k in ("type", "lotId", "eventId", "laneId", "sequence", "at", "kind")} == {
            "type": "lot_event",
            "lotId": "lot1",
            "eventId": "ev1",
            "laneId": "lane1",
            "sequence": 7,
            "at": "2031-05-01T07:00:00Z",
            "kind": kind,
        }


def test_a_bid_says_the_leader_and_my_status() -> None:
    event = parse(staff("bid", BID_BY_OTHER))
    assert event is not None
    assert event.bidders() == {ME, OTHER}
    assert json.loads(event.text_for(ME, True))["payload"] == {
        "price": "16000.00",
        "asking": "16500.00",
        "clockEndsAt": "2031-05-01T07:00:10+00:00",
        "leader": "another_bidder",
        "myStatus": "outbid",
    }
    assert json.loads(event.text_for("watcher", False))["payload"]["myStatus"] == "none"
    mine = json.loads(event.text_for(OTHER, True))["payload"]
    assert (mine["leader"], mine["myStatus"]) == ("you", "leading")


def test_the_floor_leading_is_another_bidder_and_nobody_leading_is_null() -> None:
    floor = parse(staff("bid", {**BID_BY_OTHER, "leaderId": None, "leaderSource": "floor", "bids": []}))
    nobody = parse(
        staff(
            "opened",
            {
                "asking": "15000.00",
                "price": None,
                "leaderId": None,
                "leaderSource": None,
                "clockEndsAt": None,
            },
        )
    )
    assert floor is not None and nobody is not None
    assert json.loads(floor.text_for(ME, True))["payload"]["leader"] == "another_bidder"
    assert json.loads(nobody.text_for(ME, False))["payload"]["leader"] is None


def test_a_close_is_won_lost_or_on_approval() -> None:
    sold = parse(staff("closed", EVERY_KIND["closed"]))
    approval = parse(staff("closed", {**EVERY_KIND["closed"], "result": "on_approval"}))
    assert sold is not None and approval is not None
    assert json.loads(sold.text_for(OTHER, True))["payload"]["myStatus"] == "won"
    assert json.loads(sold.text_for(ME, True))["payload"]["myStatus"] == "lost"
    assert json.loads(sold.text_for(ME, False))["payload"]["myStatus"] == "none"
    assert json.loads(approval.text_for(OTHER, True))["payload"]["myStatus"] == "on_approval"


def test_a_counter_offer_is_told_to_its_buyer_only() -> None:
    event = parse(staff("approval", EVERY_KIND["approval"]))
    assert event is not None
    theirs = json.loads(event.text_for(OTHER, True))["payload"]
    assert theirs["counterAmount"] == "99000.00" and theirs["leader"] == "you"
    assert json.loads(event.text_for(ME, True))["payload"] == {
        "status": "countered",
        "result": "on_approval",
        "leader": "another_bidder",
        "myStatus": "lost",
    }


def test_each_view_is_built_once_and_shared() -> None:
    event = parse(staff("bid", BID_BY_OTHER))
    assert event is not None
    first = event.text_for("watcher-1", False)
    assert event.text_for("watcher-2", False) is first  # the same text object: built once


def test_other_messages_are_not_lot_events() -> None:
    assert parse('{"type": "lane", "laneId": "l", "state": "running"}') is None
    assert parse("not json") is None
