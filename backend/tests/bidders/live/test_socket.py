"""The bidder's WebSocket on one app: refused without a bidder session (a staff token included), every
message private to its member (no other member's id or name, no maximum), a reconnect's resync answers
exactly what was missed, and a member deactivated loses the socket at the next check (every 5 s)."""

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from gavel.bidders import service as bidder_rules
from gavel.bidders.live import sockets
from gavel.bidding.live.access import UNAUTHORIZED
from gavel.config import Settings
from tests.bidders.conftest import set_status
from tests.bidders.live.harness import bidder_socket, bidder_token, closed, online, refusal, watch
from tests.bidding.live_harness import live_sale, received, served


async def test_a_socket_without_a_bidder_session_is_refused_with_a_sentence(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path, buying_powers=()) as live, served(live.app) as base:
        auth = lambda token: json.dumps({"type": "auth", "token": token})  # noqa: E731
        assert await refusal(base, json.dumps({"type": "auth"})) == (UNAUTHORIZED, bidder_rules.SIGN_IN)
        assert await refusal(base, auth(live.token)) == (UNAUTHORIZED, bidder_rules.NOT_A_BIDDER_TOKEN)
        assert await refusal(base, auth("bid_not-a-session")) == (UNAUTHORIZED, bidder_rules.SESSION_ENDED)
        assert await refusal(base, json.dumps({"type": "watch", "eventId": live.sale.event_id})) == (
            UNAUTHORIZED,
            'Send {"type": "auth", "token": "..."} first, within 5 seconds.',
        )


async def test_every_message_keeps_the_other_bidders_and_every_maximum_private(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        a, b = s.buyers
        (lot,) = await s.lots()
        tokens = [await bidder_token(live, 1), await bidder_token(live, 2)]
        async with (
            served(live.app) as base,
            bidder_socket(base, tokens[0]) as ws_a,
            bidder_socket(base, tokens[1]) as ws_b,
        ):
            assert await watch(ws_a, {}, eventId=s.event_id) == []
            assert await watch(ws_b, {}, lots=[lot.id]) == []
            await s.opened(lot.id)  # 1
            await s.bid(lot.id, online(a, 21000))  # 2: A leads at 15,000
            await s.bid(lot.id, online(b, 16000))  # 3: A's maximum answers, 16,500
            await s.bid(lot.id, online(b, 25000))  # 4: B leads at 21,500
            await s.bid(lot.id, online(a, 20000))  # 5: refused, below the asking price
            await s.closed(lot.id)  # 6: sold to B
            seen_a = [await received(ws_a, kind="lot_event") for _ in range(6)]
            seen_b = [await received(ws_b, kind="lot_event") for _ in range(6)]
        for seen, other in ((seen_a, b), (seen_b, a)):
            assert [m["sequence"] for m in seen] == [1, 2, 3, 4, 5, 6]
            for message in seen:
                said = json.dumps(message)
                for secret in (other, "Buyer1", "Buyer2", "Khalid", "21000.00", "25000.00", "20000.00"):
                    assert secret not in said, (secret, message)
                for key in ("leaderId", "bidderId", "bids", "reason", "maximum"):
                    assert key not in message["payload"], (key, message)

        def views(seen: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
            return [(m["kind"], m["payload"].get("leader"), m["payload"].get("myStatus")) for m in seen]

        assert views(seen_a) == [
            ("opened", None, "none"),
            ("bid", "you", "leading"),
            ("bid", "you", "leading"),
            ("bid", "another_bidder", "outbid"),
            ("bid_refused", None, None),
            ("closed", "another_bidder", "lost"),
        ]
        assert views(seen_b) == [
            ("opened", None, "none"),
            ("bid", "another_bidder", "none"),
            ("bid", "another_bidder", "outbid"),
            ("bid", "you", "leading"),
            ("bid_refused", None, None),
            ("closed", "you", "won"),
        ]
        assert seen_b[3]["payload"] == {
            "price": "21500.00",
            "asking": "22000.00",
            "clockEndsAt": seen_b[3]["payload"]["clockEndsAt"],
            "leader": "you",
            "myStatus": "leading",
        }
        assert seen_a[4]["payload"] == {"asking": "22000.00"}
        assert seen_b[5]["payload"] == {
            "result": "sold",
            "price": "21500.00",
            "leader": "you",
            "myStatus": "won",
        }


async def test_a_reconnect_resyncs_exactly_what_it_missed_and_the_feed_goes_on(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path, cars=2) as live:
        s = live.sale
        a, b = s.buyers
        first, second = await s.lots()
        token = await bidder_token(live, 1)
        async with served(live.app) as base:
            async with bidder_socket(base, token) as ws:
                await watch(ws, {}, lots=[first.id])
                await s.opened(first.id)
                await s.bid(first.id, online(a, 17000))
                got = [await received(ws, kind="lot_event") for _ in range(2)]
                assert [m["sequence"] for m in got] == [1, 2]
            # Away: three events of the lot watched, one of a lot not watched.
            await s.bid(first.id, online(b, 16000))  # 3: A's maximum answers
            await s.bid(first.id, online(b, 18000))  # 4: B leads
            await s.opened(second.id)
            await s.bid(first.id, online(a, 19000))  # 5: A leads again
            async with bidder_socket(base, token) as ws:
                missed = await watch(ws, {first.id: 2}, lots=[first.id])
                assert [(m["lotId"], m["sequence"], m["payload"]["myStatus"]) for m in missed] == [
                    (first.id, 3, "leading"),
                    (first.id, 4, "outbid"),
                    (first.id, 5, "leading"),
                ]
                await s.bid(first.id, online(b, 20000))  # 6, live: nothing twice, nothing missing
                after = await received(ws, kind="lot_event")
                assert (after["sequence"], after["payload"]["leader"]) == (6, "another_bidder")
                await ws.send(json.dumps({"type": "watch", "lots": ["no-such-lot"]}))
                error = await received(ws, kind="error")
                assert error["message"] == "This lot does not exist: no-such-lot."


class Seconds:
    """A monotonic clock that stands still until the test moves it."""

    def __init__(self) -> None:
        self.at = 1000.0

    def monotonic(self) -> float:
        return self.at


async def test_a_member_deactivated_loses_the_socket_at_the_next_check(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seconds = Seconds()
    monkeypatch.setattr(sockets, "time", SimpleNamespace(monotonic=seconds.monotonic))
    assert sockets.RECHECK_SECONDS == 5.0
    async with live_sale(settings, tmp_path) as live:
        token = await bidder_token(live, 1)
        async with served(live.app) as base, bidder_socket(base, token) as ws:
            await watch(ws, {}, eventId=live.sale.event_id)
            await set_status(live.client, live.admin, live.sale.buyers[0], "deactivated")
            seconds.at += 4.9  # no check due yet: the socket still answers
            await ws.send(json.dumps({"type": "nonsense"}))
            assert (await received(ws))["type"] == "error"
            seconds.at += 0.1
            await ws.send(json.dumps({"type": "nonsense"}))  # wakes the sender: the check is due
            assert await closed(ws) == (
                UNAUTHORIZED,
                bidder_rules.REFUSALS[bidder_rules.MemberStatus.DEACTIVATED],
            )
