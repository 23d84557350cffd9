"""Two consents recorded at once for one member and channel (a double click, two staff at two counters):
the member's row lock lets one through and the other finds the member already agreed, 409. On PostgreSQL
and on SQLite (where transactions begin IMMEDIATE, so writers take turns from their first statement)."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

from gavel.config import Settings
from gavel.members.consents import repository
from tests.committing import committing_app
from tests.factories import admin_headers
from tests.members.consents import post_consent
from tests.members.test_members import create, person


@pytest.fixture
async def committing_client(settings: Settings, tmp_path: Path) -> AsyncIterator[AsyncClient]:
    async with committing_app(settings, tmp_path) as (_, client):
        yield client


@pytest.fixture(autouse=True)
def slow_numbering(monkeypatch: pytest.MonkeyPatch) -> None:
    """Holds each request for a moment after it read the member's state and before it writes, so that without
    the lock both racers would read 'not agreed' before either wrote: the race shows on every run."""
    numbered = repository.next_sequence

    async def numbered_then_held(*args: Any, **kwargs: Any) -> int:
        found = await numbered(*args, **kwargs)
        await asyncio.sleep(0.05)
        return found

    monkeypatch.setattr(repository, "next_sequence", numbered_then_held)


async def test_two_consents_at_once_record_one_and_refuse_the_other(committing_client: AsyncClient) -> None:
    admin = await admin_headers(committing_client)
    member = (await create(committing_client, admin, person()))["data"]

    answers = await asyncio.gather(
        *(post_consent(committing_client, admin, member["_id"], "sms") for _ in "ab")
    )
    assert sorted(a.status_code for a in answers) == [201, 409], [a.text for a in answers]
    refused = next(a for a in answers if a.status_code == 409)
    assert refused.json()["errors"][0]["field"] == "given"
    listed = await committing_client.get(f"/api/members/{member['_id']}/consents", headers=admin)
    assert [(r["channel"], r["given"]) for r in listed.json()["items"]] == [("sms", True)]


async def test_a_consent_and_a_withdrawal_at_once_leave_the_boolean_equal_to_the_newest_record(
    committing_client: AsyncClient,
) -> None:
    admin = await admin_headers(committing_client)
    member = (await create(committing_client, admin, person()))["data"]
    assert (await post_consent(committing_client, admin, member["_id"], "email")).status_code == 201

    racers = [
        post_consent(committing_client, admin, member["_id"], "email", False, "phone_request", None),
        post_consent(committing_client, admin, member["_id"], "sms"),
        post_consent(committing_client, admin, member["_id"], "email", False, "written_request", None),
    ]
    answers = await asyncio.gather(*racers)
    assert sorted(a.status_code for a in answers) == [201, 201, 409], [a.text for a in answers]
    listed = (await committing_client.get(f"/api/members/{member['_id']}/consents", headers=admin)).json()
    newest = {}
    for record in reversed(listed["items"]):
        newest[record["channel"]] = record["given"]
    assert newest == {"email": False, "sms": True}
    shown = (await committing_client.get(f"/api/members/{member['_id']}", headers=admin)).json()
    assert (shown["promoConsentEmail"], shown["promoConsentSms"]) == (False, True)
