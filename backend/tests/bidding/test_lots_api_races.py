"""Floor bids at the same moment through the API, on an app whose requests really commit (PostgreSQL with
TEST_DATABASE_URL, where the lot's row is held FOR UPDATE; else SQLite, whose writers take turns): two
clerks' bids at the same asking price, one taken and one refused at the new asking price; the refusal
committed before it is answered. Consoles listing a new event at once make its lots once."""

import asyncio
from decimal import Decimal
from pathlib import Path

from sqlalchemy import event

from gavel.bidding import turns
from gavel.bidding.turns import lot_turn
from gavel.config import Settings
from tests.bidding.lots_api import api_sale
from tests.committing import committing_app


async def test_two_floor_bids_at_the_same_asking_price_one_taken_one_refused(
    settings: Settings, tmp_path: Path
) -> None:
    async with committing_app(settings, tmp_path) as (app, client):
        s = await api_sale(client, app, cars=1, buyers=0)
        # Three consoles list the event at once: its lot is made once (the event's row is held while the
        # lots are made, in a transaction block even on a read's session), and each sees that one.
        listed = await asyncio.gather(*(s.lots() for _ in range(3)))
        assert len({lot["id"] for lots in listed for lot in lots}) == 1
        assert all(len(lots) == 1 for lots in listed)
        (lot,) = listed[0]
        await s.ok(f"{lot['id']}/open")
        for round_ in range(3):
            asking = (await s.get(f"lots/{lot['id']}"))["asking"]
            both = await asyncio.gather(
                *(s.post(f"{lot['id']}/floor-bids", {"amount": asking}) for _ in range(2))
            )
            assert sorted(answer.status_code for answer in both) == [200, 422], [a.text for a in both]
            (taken,) = [answer.json() for answer in both if answer.status_code == 200]
            (refused,) = [answer.json() for answer in both if answer.status_code == 422]
            assert taken["price"] == asking
            new_asking = f"{Decimal(taken['asking']):,.2f}"
            assert refused["errors"][0]["field"] == "amount"
            assert f"AED {new_asking}" in refused["message"], (round_, refused)

        detail = await s.get(f"lots/{lot['id']}")
        assert [(b["sequence"], b["accepted"]) for b in detail["bids"]] == [
            (n, n % 2 == 1) for n in range(1, 7)
        ]
        assert [b["reason"] for b in detail["bids"] if not b["accepted"]] == ["below_asking"] * 3
        kinds = [e["kind"] for e in (await s.get(f"lots/{lot['id']}/events"))["data"]]
        assert kinds == ["opened"] + ["bid", "bid_refused"] * 3
        assert (detail["price"], detail["bidCount"], detail["lastEventSequence"]) == ("16000.00", 3, 7)


async def test_moves_waiting_for_a_lots_turn_hold_no_connection(settings: Settings, tmp_path: Path) -> None:
    """Twelve floor bids on one lot at once, while the lot's turn is held: each request's access check is
    committed and its connection back in the pool before it waits (bidding/turns.py), so a queue of bids on
    one lot cannot take the pool from the other requests. Let go, every bid is answered, in turn."""
    async with committing_app(settings, tmp_path) as (app, client):
        s = await api_sale(client, app, cars=1, buyers=0)
        (lot,) = await s.lots()
        await s.ok(f"{lot['id']}/open")
        asking = (await s.get(f"lots/{lot['id']}"))["asking"]
        pool = app.state.engine.sync_engine.pool
        out = [0]
        event.listen(pool, "checkout", lambda *_: out.__setitem__(0, out[0] + 1))
        event.listen(pool, "checkin", lambda *_: out.__setitem__(0, out[0] - 1))
        async with app.state.sessionmaker() as holder, lot_turn(holder, lot["id"]):
            bids = [
                asyncio.create_task(s.post(f"{lot['id']}/floor-bids", {"amount": asking})) for _ in range(12)
            ]
            for _ in range(1000):  # at most 10 s for the twelve requests to reach the turn
                if turns.queued(lot["id"]) == 13:
                    break
                await asyncio.sleep(0.01)
            assert turns.queued(lot["id"]) == 13  # the twelve wait for the turn the test holds
            assert out[0] == 0  # and none of them holds a connection
        answered = await asyncio.gather(*bids)
        assert sorted(a.status_code for a in answered) == [200] + [422] * 11, [a.text for a in answered]
        assert turns.lots_queued() == 0
        detail = await s.get(f"lots/{lot['id']}")
        assert [b["accepted"] for b in detail["bids"]] == [True] + [False] * 11
