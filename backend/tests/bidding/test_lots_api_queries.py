"""The lots' lists read with a fixed number of statements, however many lots they show (no query per lot):
an event's lots, and a member's maxima."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from httpx import AsyncClient
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine

from tests.auctions.factory import approved_vehicles
from tests.bidding.lots_api import api_sale


@contextmanager
def counted(engine: AsyncEngine) -> Iterator[list[str]]:
    statements: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        statements.append(" ".join(statement.split())[:100])

    event.listen(engine.sync_engine, "before_cursor_execute", record)
    try:
        yield statements
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", record)


async def test_an_events_lots_and_a_members_maxima_take_as_many_statements_for_one_lot_as_for_four(
    client: AsyncClient, app: Any, engine: AsyncEngine
) -> None:
    s = await api_sale(client, app, cars=1, buyers=2)
    small, large = s.event_id, s.other_events[0]
    more = await approved_vehicles(client, s.admin, 4, first=12)
    await s.place(large, [car["_id"] for car in more])
    khalid, sara = s.buyers
    for event_id, bidder in ((small, khalid), (large, sara)):
        for lot in await s.lots(event_id):
            await s.ok(f"{lot['id']}/absentee-bids", {"memberId": bidder, "maximum": "16000"})

    reads = {}
    for name, path in (
        ("one lot", f"auction-events/{small}/lots"),
        ("four lots", f"auction-events/{large}/lots"),
        ("one maximum", f"members/{khalid}/absentee-bids"),
        ("four maxima", f"members/{sara}/absentee-bids"),
    ):
        with counted(engine) as statements:
            answered = await s.get(path)
        reads[name] = (len(answered["data"]), len(statements))
    assert [reads[k][0] for k in ("one lot", "four lots", "one maximum", "four maxima")] == [1, 4, 1, 4]
    assert reads["one lot"][1] == reads["four lots"][1], reads
    assert reads["one maximum"][1] == reads["four maxima"][1], reads


async def test_a_moves_answer_is_read_in_one_statement_after_its_commit(
    client: AsyncClient, app: Any, engine: AsyncEngine
) -> None:
    """The lot's figures, its vehicle's card and its leader's name and paddle: one round trip after the
    commit (views_repository.lot_cards), where it took three."""
    s = await api_sale(client, app, cars=1, buyers=2)
    (lot,) = await s.lots(s.event_id)
    khalid, _ = s.buyers
    with counted(engine) as statements:
        answered = await s.ok(f"{lot['id']}/absentee-bids", {"memberId": khalid, "maximum": "16000"})
    last_write = max(n for n, text in enumerate(statements) if text.startswith(("INSERT", "UPDATE")))
    # (The tests' savepoints are not the app's statements.)
    after = [text for text in statements[last_write + 1 :] if "SAVEPOINT" not in text]
    assert len(after) == 1 and after[0].startswith("SELECT lot.id, auction_lane.lane_number"), after
    assert answered["leader"]["id"] == khalid and answered["leader"]["name"] != "Unknown"
    assert answered["vehicle"]["title"] and answered["laneNumber"] >= 1 and answered["maximaCount"] == 1
