"""Transfers at the same moment, with requests that really commit, on SQLite and PostgreSQL alike: both events
of a transfer are locked in one order, so two transfers into one event append one after the other (each
keeping its own order), and one vehicle moved to two events at once lands in one."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

from gavel.config import Settings
from tests.auctions.factory import approved_vehicles, create_auction, events, yard
from tests.committing import committing_app
from tests.factories import admin_headers


@pytest.fixture
async def racing(settings: Settings, tmp_path: Path) -> AsyncIterator[tuple[AsyncClient, dict[str, str]]]:
    async with committing_app(settings, tmp_path) as (_, client):
        yield client, await admin_headers(client)


async def _add(client: AsyncClient, admin: dict[str, str], event_id: str, vehicle_ids: list[str]) -> None:
    added = await client.post(
        f"/api/auction-event/add-vehicle/{event_id}",
        json={"vehicles": [{"vehicleId": v} for v in vehicle_ids]},
        headers=admin,
    )
    assert added.status_code == 200, added.text


def _transfer(
    client: AsyncClient, admin: dict[str, str], source: str, target: str, vehicle_ids: list[str]
) -> Any:
    return client.put(
        "/api/auction-event/transfer-vehicle",
        json={
            "sourceEventId": source,
            "targetEventId": target,
            "vehicles": [{"vehicleId": v} for v in vehicle_ids],
            "placement": "keep",
        },
        headers=admin,
    )


async def _lane(client: AsyncClient, admin: dict[str, str], event_id: str, letter: str) -> list[Any]:
    shown = await client.post(
        f"/api/auction-event/get-lane-vehicle/{event_id}/lane/{letter}", json={}, headers=admin
    )
    assert shown.status_code == 200, shown.text
    return [(r["vehicleId"], r["runNumber"]) for r in shown.json()["data"]]


async def test_two_transfers_into_one_event_at_once_each_keep_their_lanes_and_order(
    racing: tuple[AsyncClient, dict[str, str]],
) -> None:
    client, admin = racing
    location = await yard(client, admin)
    auction = (await create_auction(client, admin, location))["data"]
    first, target, third = (e["_id"] for e in await events(client, admin, auction["_id"]))
    c = [car["_id"] for car in await approved_vehicles(client, admin, 6)]
    await _add(client, admin, first, c[:3])  # A: c0, c2; B: c1
    await _add(client, admin, third, c[3:])  # A: c3, c5; B: c4

    answers = await asyncio.gather(
        _transfer(client, admin, first, target, c[:3]), _transfer(client, admin, third, target, c[3:])
    )
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    lane_a, lane_b = await _lane(client, admin, target, "A"), await _lane(client, admin, target, "B")
    # Whichever came first, each transfer's vehicles follow one another in their own order.
    assert [v for v, _ in lane_a] in ([c[0], c[2], c[3], c[5]], [c[3], c[5], c[0], c[2]])
    assert [v for v, _ in lane_b] in ([c[1], c[4]], [c[4], c[1]])
    assert [n for _, n in lane_a] == [1, 2, 3, 4] and [n for _, n in lane_b] == [1, 2]
    assert [e["vehicleCount"] for e in await events(client, admin, auction["_id"])] == [0, 6, 0]


async def test_one_vehicle_transferred_to_two_events_at_once_lands_in_one(
    racing: tuple[AsyncClient, dict[str, str]],
) -> None:
    client, admin = racing
    location = await yard(client, admin)
    auction = (await create_auction(client, admin, location))["data"]
    source, second, third = (e["_id"] for e in await events(client, admin, auction["_id"]))
    c = [car["_id"] for car in await approved_vehicles(client, admin, 2)]
    await _add(client, admin, source, c)

    answers = await asyncio.gather(
        _transfer(client, admin, source, second, c), _transfer(client, admin, source, third, c)
    )
    assert sorted(a.status_code for a in answers) == [200, 404], [a.text for a in answers]
    refused = next(a for a in answers if a.status_code == 404).json()
    assert refused["message"] == "2 vehicles of the selection are not in this event."
    counts = [e["vehicleCount"] for e in await events(client, admin, auction["_id"])]
    assert sorted(counts) == [0, 0, 2] and counts[0] == 0
    landed = second if counts[1] == 2 else third
    assert await _lane(client, admin, landed, "A") == [(c[0], 1)]
    assert await _lane(client, admin, landed, "B") == [(c[1], 1)]
