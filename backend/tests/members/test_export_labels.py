"""The member CSV speaks the screens' words and quotes only what a spreadsheet could run as a formula."""

import csv
import io

import pytest
from httpx import AsyncClient

from gavel.members.export import cell
from tests.factories import admin_headers
from tests.members.test_members import company, create, move, person


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


async def export(client: AsyncClient, admin: dict[str, str], **query: object) -> list[dict[str, str]]:
    response = await client.post("/api/members/export", json=query, headers=admin)
    assert response.status_code == 200, response.text
    rows = list(csv.reader(io.StringIO(response.text)))
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


async def test_coded_values_are_exported_as_the_screens_show_them(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    firm = (await create(client, admin, company(isTrustedSeller=True)))["data"]
    buyer = (await create(client, admin, person()))["data"]
    seller = (
        await create(
            client,
            admin,
            person(
                email="seller@example.com",
                phone="0501112233",
                memberTypes=["seller"],
                sellerType="government",
                firstName="Hessa",
            ),
        )
    )["data"]
    for member in (firm, buyer, seller):
        assert (await move(client, admin, [member["_id"]], "approved")).status_code == 200
    assert (await move(client, admin, [firm["_id"]], "inActive", "Closed its showroom.")).status_code == 200
    [row] = await export(client, admin)  # the inActive list
    assert row["Company"] == "Desert Motors Trading LLC"
    assert (row["Member types"], row["Entity"], row["Seller type"]) == ("Both", "Organization", "Dealer")
    assert (row["Trusted seller"], row["Status"], row["Status reason"]) == (
        "Yes",
        "Inactive",
        "Closed its showroom.",
    )
    assert row["Phone"] == "+97143217788"  # a phone, without a leading quote
    approved = {r["First name"]: r for r in await export(client, admin, status="approved")}
    assert (approved["Saeed"]["Member types"], approved["Saeed"]["Entity"]) == ("Buyer", "Individual")
    assert (approved["Saeed"]["Seller type"], approved["Saeed"]["Trusted seller"]) == ("", "No")
    assert approved["Saeed"]["Status"] == "Approved" and approved["Saeed"]["Status reason"] == ""
    assert (approved["Hessa"]["Member types"], approved["Hessa"]["Seller type"]) == ("Seller", "Government")
    assert approved["Hessa"]["Phone"] == "+971501112233"
    assert (
        await move(client, admin, [seller["_id"]], "deactivated", "Sold cars with hidden damage.")
    ).status_code == 200
    [gone] = await export(client, admin, status="deactivated")
    assert (gone["Status"], gone["Status reason"]) == ("Deactivated", "Sold cars with hidden damage.")


async def test_a_formula_in_a_name_is_quoted(client: AsyncClient, admin: dict[str, str]) -> None:
    await create(client, admin, company(firstName="=HYPERLINK(1)", lastName="+SUM(A1)"))
    [row] = await export(client, admin, status="pending")
    assert (row["First name"], row["Last name"]) == ("'=HYPERLINK(1)", "'+SUM(A1)")


@pytest.mark.parametrize(
    ("value", "exported"),
    [
        ("+971558884321", "+971558884321"),
        ("+971 (55) 888 4321", "+971 (55) 888 4321"),
        ("-12.50", "-12.50"),
        ("-(12.50)", "-(12.50)"),
        ("=1+1", "'=1+1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\r=1", "'\r=1"),
        ("+SUM(A1)", "'+SUM(A1)"),
        ("-1+2", "'-1+2"),
        ("+971-55-888", "'+971-55-888"),
        ("-", "'-"),
        ("+ ", "'+ "),
        ("Al Falasi", "Al Falasi"),
        ("", ""),
        (12, "12"),
    ],
)
def test_the_formula_guard(value: object, exported: str) -> None:
    assert cell(value) == exported
