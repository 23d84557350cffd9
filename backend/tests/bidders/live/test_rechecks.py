"""The open bidder sockets' session checks of a process are read together (sockets.Rechecks): checks asked
while a read is on its way go in the next read, one statement for all of them; each socket gets its own
verdict, so a member deactivated loses their socket and the others keep theirs."""

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from gavel.bidders import repository
from gavel.bidders import service as bidder_rules
from gavel.bidders.live import access, sockets
from gavel.bidding.live.access import UNAUTHORIZED, Refused
from gavel.config import Settings
from gavel.members.schemas import MemberStatus
from tests.bidders.conftest import set_status
from tests.bidders.live.harness import bidder_socket, bidder_token, closed, watch
from tests.bidding.live_harness import live_sale, received, served


async def test_checks_asked_during_a_read_go_together_in_the_next_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads: list[list[str]] = []
    gate = asyncio.Event()

    async def check_many(state: object, tokens: list[str]) -> dict[str, tuple[Refused | None, str | None]]:
        reads.append(sorted(tokens))
        await gate.wait()
        return {
            t: (Refused(UNAUTHORIZED, "Your session has ended."), None) if t == "bid_b" else (None, f"m-{t}")
            for t in tokens
        }

    monkeypatch.setattr(access, "check_many", check_many)
    rechecks = sockets.Rechecks()
    state = SimpleNamespace()
    first = asyncio.create_task(rechecks.check(state, "bid_a"))
    await asyncio.sleep(0)  # the first read starts with bid_a alone
    others = [asyncio.create_task(rechecks.check(state, t)) for t in ("bid_b", "bid_c", "bid_c")]
    await asyncio.sleep(0)
    assert reads == [["bid_a"]]
    gate.set()
    assert await first == (None, "m-bid_a")
    verdicts = await asyncio.gather(*others)
    assert reads == [["bid_a"], ["bid_b", "bid_c"]]  # one read for the three waiting, bid_c once
    assert verdicts == [
        (Refused(UNAUTHORIZED, "Your session has ended."), None),
        (None, "m-bid_c"),
        (None, "m-bid_c"),
    ]


async def test_a_failed_read_fails_each_waiting_check_and_the_next_read_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[list[str]] = []

    async def check_many(state: object, tokens: list[str]) -> dict[str, tuple[Refused | None, str | None]]:
        calls.append(tokens)
        if len(calls) == 1:
            raise TimeoutError("no connection free in the pool")
        return {t: (None, "m") for t in tokens}

    monkeypatch.setattr(access, "check_many", check_many)
    rechecks = sockets.Rechecks()
    with pytest.raises(TimeoutError):
        await rechecks.check(SimpleNamespace(), "bid_a")
    assert await rechecks.check(SimpleNamespace(), "bid_a") == (None, "m")


async def test_one_read_answers_each_socket_and_only_the_deactivated_member_loses_theirs(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seconds = SimpleNamespace(at=1000.0)
    monkeypatch.setattr(sockets, "time", SimpleNamespace(monotonic=lambda: seconds.at))
    reads: list[int] = []
    reading = repository.standings

    async def counted(session: object, token_hashes: list[str]) -> object:
        reads.append(len(token_hashes))
        return await reading(session, token_hashes)  # type: ignore[arg-type]

    monkeypatch.setattr(repository, "standings", counted)
    async with live_sale(settings, tmp_path) as live:
        one, two = await bidder_token(live, 1), await bidder_token(live, 2)
        async with (
            served(live.app) as base,
            bidder_socket(base, one) as first,
            bidder_socket(base, two) as second,
        ):
            for ws in (first, second):
                await watch(ws, {}, eventId=live.sale.event_id)
            await set_status(live.client, live.admin, live.sale.buyers[0], "deactivated")
            seconds.at += 5.0
            for ws in (first, second):
                await ws.send(json.dumps({"type": "nonsense"}))  # wakes each sender: its check is due
            assert await closed(first) == (
                UNAUTHORIZED,
                bidder_rules.REFUSALS[MemberStatus.DEACTIVATED],
            )
            assert (await received(second))["type"] == "error"
            await second.send(json.dumps({"type": "nonsense"}))
            assert (await received(second))["type"] == "error"  # the second member keeps their socket
            assert sum(reads) == 2 and reads  # both checked, by the batched read


def test_the_checks_of_sockets_opened_apart_fall_on_one_tick_of_the_grid() -> None:
    assert sockets.CHECK_GRID == 0.5
    opened = [1000.01, 1000.2, 1000.49]  # three sockets, each due 5 s after it was opened
    assert {sockets.on_grid(at + sockets.RECHECK_SECONDS) for at in opened} == {1005.5}
    assert sockets.on_grid(1005.5) == 1005.5  # a check due on a tick waits for no other
