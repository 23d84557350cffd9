"""A phone is found in every form a person types it: local, spaced, dashed, international, or a part of it."""

from typing import Any

import pytest
from httpx import AsyncClient

from gavel.members.search import search_terms
from tests.factories import admin_headers
from tests.members.test_members import company, create, listing, person


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


@pytest.fixture
async def members(client: AsyncClient, admin: dict[str, str]) -> dict[str, Any]:
    """The member to find (+971558884321) and one whose numbers look alike but differ."""
    target = (await create(client, admin, person(phone="+971558884321")))["data"]
    other = (await create(client, admin, company(phone="+971 4 321 7788")))["data"]
    assert target["phone"] == "+971558884321"
    return {"target": target, "other": other}


@pytest.mark.parametrize(
    "term",
    [
        "0558884321",
        "055 888 4321",
        "055-888-4321",
        "(055) 888 4321",
        "055.888.4321",
        "+971 55 888 4321",
        "+971-55-888-4321",
        "+971558884321",
        "971558884321",
        "00971558884321",
        "00971 55 888 4321",
        "558884321",
        "8884321",
        "888 4321",
        "055 888",
        "+971 55 88",
        "٠٥٥٨٨٨٤٣٢١",  # Arabic-Indic digits, as an Arabic keyboard types them
    ],
)
async def test_a_phone_is_found_in_any_form(
    client: AsyncClient, admin: dict[str, str], members: dict[str, Any], term: str
) -> None:
    found = (await listing(client, admin, status="pending", search=term))["members"]
    assert [m["_id"] for m in found] == [members["target"]["_id"]], term


@pytest.mark.parametrize("term", ["050 888 4321", "+971 4 888 4321", "04 321 7789"])
async def test_another_number_finds_nobody(
    client: AsyncClient, admin: dict[str, str], members: dict[str, Any], term: str
) -> None:
    assert (await listing(client, admin, status="pending", search=term))["members"] == []


async def test_numbers_that_are_not_phones_are_still_matched_as_typed(
    client: AsyncClient, admin: dict[str, str], members: dict[str, Any]
) -> None:
    # A date of birth and an Emirates ID look like phone numbers too; they must still be found as they are.
    for term in ("1985-02-01", "784-1985-7654321-1"):
        found = (await listing(client, admin, status="pending", search=term))["members"]
        assert [m["_id"] for m in found] == [members["target"]["_id"]], term
    # The phone's own filter total follows the search (not the table of counts).
    page = await listing(client, admin, status="pending", search="055 888 4321")
    assert page["totalMatching"] == 1 and page["totalPending"] == 2


@pytest.mark.parametrize(
    ("term", "terms"),
    [
        ("055 888 4321", ["055 888 4321", "971558884321"]),
        ("+971 55 888 4321", ["+971 55 888 4321", "971558884321"]),
        ("971558884321", ["971558884321"]),
        ("8884321", ["8884321"]),
        ("888 4321", ["888 4321", "8884321"]),
        ("055 888", ["055 888", "97155888"]),
        ("00971 55", ["00971 55", "97155"]),
        ("12.5", ["12.5"]),  # too few digits for a phone: a price, matched as typed
        ("Saeed 0558884321", ["Saeed 0558884321"]),
        ("saeed", ["saeed"]),
    ],
)
def test_search_terms(term: str, terms: list[str]) -> None:
    assert search_terms(term) == terms
