"""Settings → Bid increments: the one increment table of the business, read and replaced whole, every rule
refused with the row it is about, a save over someone else's refused, every change audited, and guarded as the
other settings (Settings view to read, Settings edit to change)."""

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from gavel.bidding.increment_tables.service import increments_for
from gavel.bidding.increments import Band
from gavel.permissions import Module, Privilege
from tests.access import Call, check_access
from tests.factories import STAFF_PASSWORD, admin_headers, bearer, login, make_staff

URL = "/api/increment-table"
NOW = datetime.now(UTC).replace(microsecond=0)
TABLE = [
    {"fromPrice": "0", "step": "250"},
    {"fromPrice": "10000", "step": "500.00"},
    {"fromPrice": 50000, "step": 1000},
]


class StoppedClock:
    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def now(self) -> datetime:
        return self.moment


@pytest.fixture
def clock(app: Any) -> StoppedClock:
    stopped = StoppedClock(NOW)
    app.state.clock = stopped
    return stopped


async def saved(client: AsyncClient, headers: dict[str, str], bands: list[Any], version: int) -> Any:
    response = await client.put(URL, json={"bands": bands, "version": version}, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


async def refused(client: AsyncClient, headers: dict[str, str], bands: list[Any], status: int = 422) -> Any:
    response = await client.put(URL, json={"bands": bands, "version": 0}, headers=headers)
    assert response.status_code == status, response.text
    after = (await client.get(URL, headers=headers)).json()
    assert after["bands"] == [] and after["version"] == 0, "a refused table writes nothing"
    return response.json()


async def test_no_table_until_one_is_saved(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    response = await client.get(URL, headers=admin)
    assert response.status_code == 200, response.text
    assert response.json() == {"bands": [], "version": 0, "updatedAt": None, "updatedBy": None}


@pytest.mark.usefixtures("clock")
async def test_a_save_replaces_the_whole_table_and_says_who_saved_it_when(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    first = await saved(client, admin, TABLE, 0)
    assert first["bands"] == [
        {"fromPrice": "0.00", "step": "250.00"},
        {"fromPrice": "10000.00", "step": "500.00"},
        {"fromPrice": "50000.00", "step": "1000.00"},
    ]
    assert first["version"] == 1
    assert first["updatedAt"] == NOW.isoformat().replace("+00:00", "Z")
    assert first["updatedBy"]["name"] == "Administrator" and first["updatedBy"]["id"]
    assert (await client.get(URL, headers=admin)).json() == first

    second = await saved(client, admin, [{"fromPrice": 0, "step": 100}, {"fromPrice": 5000, "step": 200}], 1)
    assert second["bands"] == [
        {"fromPrice": "0.00", "step": "100.00"},
        {"fromPrice": "5000.00", "step": "200.00"},
    ]
    assert second["version"] == 2

    off = await saved(client, admin, [], 2)
    assert off["bands"] == [] and off["version"] == 3 and off["updatedBy"]["name"] == "Administrator"


async def test_every_change_is_audited_with_the_bands_before_and_after(
    client: AsyncClient, session: AsyncSession
) -> None:
    admin = await admin_headers(client)
    await saved(client, admin, TABLE[:2], 0)
    await saved(client, admin, [], 1)
    events = (
        await session.scalars(
            select(AuditEvent).where(AuditEvent.entity == "increment_table").order_by(AuditEvent.created_at)
        )
    ).all()
    assert [e.action for e in events] == ["increment_table.updated", "increment_table.updated"]
    bands = [{"fromPrice": "0.00", "step": "250.00"}, {"fromPrice": "10000.00", "step": "500.00"}]
    assert (events[0].old_values, events[0].new_values) == ({"bands": []}, {"bands": bands})
    assert (events[1].old_values, events[1].new_values) == ({"bands": bands}, {"bands": []})
    assert events[0].actor_email == "admin@example.com" and events[0].entity_id == "business"


async def test_a_save_from_an_older_version_is_refused_and_changes_nothing(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    mine = await saved(client, admin, TABLE, 0)
    response = await client.put(
        URL, json={"bands": [{"fromPrice": 0, "step": 5}], "version": 0}, headers=admin
    )
    assert response.status_code == 409, response.text
    body = response.json()
    assert body["message"] == (
        "Someone else changed the table since you opened it (Administrator saved version 1). "
        "Reload it to see their bands, then make your change again."
    )
    assert body["version"] == 1
    assert (await client.get(URL, headers=admin)).json() == mine
    ahead = await client.put(URL, json={"bands": [], "version": 7}, headers=admin)
    assert ahead.status_code == 409, ahead.text


@pytest.mark.parametrize(
    ("bands", "message", "errors"),
    [
        (
            [{"fromPrice": 100, "step": 50}],
            "Band 1: the first band starts at AED 0.00, not AED 100.00.",
            {"bands.0.fromPrice": "The first band starts at AED 0.00, not AED 100.00."},
        ),
        (
            [
                {"fromPrice": 0, "step": 250},
                {"fromPrice": 10000, "step": 500},
                {"fromPrice": 10000, "step": 0},
            ],
            "Band 3 is not valid: see its amounts.",
            {
                "bands.2.fromPrice": "The band must start above AED 10,000.00, where the band before it "
                "starts.",
                "bands.2.step": "The step must be more than AED 0.00.",
            },
        ),
        (
            [{"fromPrice": 0, "step": 500}, {"fromPrice": 20000, "step": 250}],
            "Band 2: a step never shrinks as the price grows: AED 250.00 is less than the AED 500.00 of the "
            "band before it.",
            {
                "bands.1.step": "A step never shrinks as the price grows: AED 250.00 is less than the "
                "AED 500.00 of the band before it."
            },
        ),
        (
            [{"fromPrice": 0, "step": 0}, {"fromPrice": 5000, "step": 100}, {"fromPrice": 1000, "step": 100}],
            "Bands 1 and 3 are not valid: see their amounts.",
            {
                "bands.0.step": "The step must be more than AED 0.00.",
                "bands.2.fromPrice": "The band must start above AED 5,000.00, where the band before it "
                "starts.",
            },
        ),
    ],
)
async def test_a_rule_broken_is_refused_at_its_row(
    client: AsyncClient, bands: list[Any], message: str, errors: dict[str, str]
) -> None:
    body = await refused(client, await admin_headers(client), bands)
    assert body["message"] == message
    assert {e["field"]: e["message"] for e in body["errors"]} == errors


@pytest.mark.parametrize(
    ("value", "sentence"),
    [
        ("12a", "Type the amount with digits only, for example 90000."),
        ("-5", "An amount cannot be negative."),
        ("10.005", "An amount has at most two decimals (fils)."),
        (True, "Type the amount with digits only, for example 90000."),
    ],
)
async def test_an_amount_that_is_not_one_is_refused_with_its_sentence_never_changed(
    client: AsyncClient, value: Any, sentence: str
) -> None:
    bands = [
        {"fromPrice": 0, "step": 100},
        {"fromPrice": 1000, "step": 200},
        {"fromPrice": 5000, "step": value},
    ]
    body = await refused(client, await admin_headers(client), bands)
    assert body["errors"] == [{"field": "bands.2.step", "message": sentence}]
    assert body["message"] == sentence


async def test_a_table_has_at_most_twenty_bands_and_needs_its_version(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    twenty_one = [{"fromPrice": 1000 * n, "step": 100} for n in range(21)]
    body = await refused(client, admin, twenty_one)
    assert body == {
        "message": "An increment table has at most 20 bands; this one has 21.",
        "errors": [
            {"field": "bands", "message": "An increment table has at most 20 bands; this one has 21."}
        ],
    }
    assert (await saved(client, admin, twenty_one[:20], 0))["version"] == 1

    missing = await client.put(URL, json={"bands": []}, headers=admin)
    assert missing.status_code == 422, missing.text
    assert missing.json()["message"] == "Version is required."
    blank = await client.put(URL, json={"bands": [{"fromPrice": 0}], "version": 1}, headers=admin)
    assert blank.json()["errors"] == [{"field": "bands.0.step", "message": "This field is required."}]


@pytest.mark.parametrize(
    "call",
    [
        Call("GET", URL, None, Module.SETTINGS, Privilege.VIEW),
        Call("PUT", URL, {"bands": [], "version": 0}, Module.SETTINGS, Privilege.EDIT),
    ],
    ids=str,
)
async def test_access_matrix(client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call) -> None:
    await check_access(client, db, call)


async def test_settings_view_reads_the_table_but_may_not_change_it(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    await make_staff(db, "viewer@example.com", grants={Module.SETTINGS: {Privilege.VIEW}})
    viewer = bearer((await login(client, "viewer@example.com", STAFF_PASSWORD))["token"])
    assert (await client.get(URL, headers=viewer)).status_code == 200
    refused_put = await client.put(URL, json={"bands": [], "version": 0}, headers=viewer)
    assert refused_put.status_code == 403
    assert (await client.get(URL, headers=await admin_headers(client))).json()["version"] == 0


async def test_a_lot_steps_by_the_table_when_there_is_one_else_by_its_auctions_increment(
    client: AsyncClient, session: AsyncSession
) -> None:
    flat = await increments_for(session, Decimal("750.00"))
    assert flat.bands == (Band(0, 75000),)

    admin = await admin_headers(client)
    await saved(client, admin, TABLE, 0)
    table = await increments_for(session, Decimal("750.00"))
    assert table.bands == (Band(0, 25000), Band(1000000, 50000), Band(5000000, 100000))
    assert table.step_at(999999) == 25000 and table.step_at(1000000) == 50000

    await saved(client, admin, [], 1)
    assert (await increments_for(session, Decimal("1000"))).bands == (Band(0, 100000),)
