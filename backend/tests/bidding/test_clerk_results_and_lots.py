"""The clerk's results route beside the bid engine: a result typed by hand for a vehicle whose lot the engine
is selling (open, or waiting with a maximum on it) is refused with a sentence and changes nothing; for a lot
still waiting without a bid, the result is recorded and the lot is withdrawn from the engine (an online lane's
runner never opens it); a lot the engine closed still takes the naming of a floor sale's buyer, at its price
only."""

from typing import Any

from httpx import AsyncClient

from tests.bidding.lots_api import ApiSale, api_sale


async def _result(s: ApiSale, vehicle_id: str, **result: Any) -> Any:
    return await s.client.put(
        f"/api/auction-event/results/{s.event_id}",
        json={"results": [{"vehicleId": vehicle_id, **result}]},
        headers=s.admin,
    )


async def test_a_lot_on_the_block_or_holding_a_maximum_refuses_a_result_typed_by_hand(
    client: AsyncClient, app: Any
) -> None:
    s = await api_sale(client, app, cars=2, buyers=1)
    on_block, with_maximum = await s.lots()
    await s.ok(f"{on_block['id']}/open")
    await s.ok(f"{with_maximum['id']}/absentee-bids", {"memberId": s.buyers[0], "maximum": "21000"})

    for lot in (on_block, with_maximum):
        refused = await _result(s, lot["vehicleId"], outcome="sold", buyerId=s.buyers[0], soldFor=21000)
        assert refused.status_code == 409, refused.text
        lane = "AB"[lot["laneNumber"] - 1]
        assert refused.json()["message"].endswith(
            f"is being sold by the bid engine in lane {lane}: record its result on the lane's live console."
        )
        passed = await _result(s, lot["vehicleId"], outcome="notSold")
        assert passed.status_code == 409, passed.text

    after = {lot["id"]: lot for lot in await s.lots()}
    assert after[on_block["id"]]["state"] == "open"
    assert after[with_maximum["id"]]["state"] == "waiting"
    assert after[with_maximum["id"]]["maximaCount"] == 1


async def test_a_waiting_lot_without_a_bid_steps_aside_for_a_result_typed_by_hand(
    client: AsyncClient, app: Any
) -> None:
    s = await api_sale(client, app, cars=2, buyers=1)
    first, _ = await s.lots()
    sold = await _result(s, first["vehicleId"], outcome="sold", buyerId=s.buyers[0], soldFor=21000)
    assert sold.status_code == 200, sold.text

    lot = await s.get(f"lots/{first['id']}")
    assert lot["state"] == "withdrawn"
    events = (await s.get(f"lots/{first['id']}/events?after=0"))["data"]
    withdrawn = ("withdrawn", {"reason": "result_recorded_by_hand"})
    assert [(e["kind"], e["payload"]) for e in events] == [withdrawn]
    refused = await s.post(f"{first['id']}/open")
    assert refused.status_code == 409, refused.text


async def test_a_floor_sale_closed_by_the_engine_takes_its_buyer_through_the_results_route(
    client: AsyncClient, app: Any
) -> None:
    s = await api_sale(client, app, cars=1, buyers=1)
    (lot,) = await s.lots()
    await s.ok(f"{lot['id']}/open")
    await s.ok(f"{lot['id']}/floor-bids", {"amount": "20000"})
    closed = await s.ok(f"{lot['id']}/close", {"intent": "sold"})
    assert (closed["state"], closed["result"], closed["leaderSource"]) == ("closed", "sold", "floor")

    other_price = await _result(s, lot["vehicleId"], outcome="sold", buyerId=s.buyers[0], soldFor=21000)
    assert other_price.status_code == 422, other_price.text
    won = f"Lot {lot['vehicle']['lotNumber']} was sold on the floor at AED 20,000.00"
    sentence = f"{won}: record its buyer at that price."
    assert other_price.json()["errors"] == [{"field": "soldFor", "message": sentence}]
    named = await _result(s, lot["vehicleId"], outcome="sold", buyerId=s.buyers[0], soldFor=20000)
    assert named.status_code == 200, named.text
