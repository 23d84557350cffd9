"""A sale paid by the buyer and verified by a second person, with a seller fee schedule: the seller's
settlement and its pending payout, for the money out tests."""

from datetime import datetime, timedelta
from typing import Any

import pytest
from httpx import AsyncClient

from tests.auctions.factory import SALE_START, moved_clock
from tests.money.conftest import admin, cashier, fees, sale, sell  # noqa: F401 (fixtures)
from tests.money.test_payments import payment, record

IBAN = "AE07 0331 2345 6789 0123 456"  # the UAE example IBAN: its check digits are right
BAD_IBAN = "AE07 0331 2345 6789 0123 457"  # one digit changed: the check digits no longer match

# Seller fees in two bands (bands of one kind never overlap): 500 AED on 25,000, with 5% VAT.
SELLER_FEES = [
    {"title": "Seller fee up to 30,000 AED", "charges": 500, "appliesTo": "seller", "minPrice": 0,
     "maxPrice": 30000},
    {"title": "Seller fee above 30,000 AED", "charges": 900, "appliesTo": "seller", "minPrice": 30000.01},
]  # fmt: skip
BUYER_TOTAL = 25472.5  # the buyer's invoice of the sale fixture (25,000 + fees and their VAT)
PAYOUT = 24475  # 25,000 - 500 - 5% VAT on 500 (25)
LATER = SALE_START + timedelta(days=1)  # when the tests complete payouts and refunds


async def seller_fees(client: AsyncClient, headers: dict[str, str]) -> None:
    for fee in SELLER_FEES:
        created = await client.post("/api/charge/create", json=fee, headers=headers)
        assert created.status_code == 201, created.text


async def outbound(client: AsyncClient, headers: dict[str, str], **filters: Any) -> Any:
    listed = await client.post(
        "/api/payment/get-payments", json={"direction": "outbound", **filters}, headers=headers
    )
    assert listed.status_code == 200, listed.text
    return listed.json()


def completion(method: str = "cheque", reference: str | None = "CHQ-000731", at: datetime = LATER) -> Any:
    return {
        "paymentMethod": method,
        "paymentReferenceId": reference,
        "paymentDateAndTime": (at - timedelta(hours=2)).isoformat(),
    }


def member_body(member: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """The update body of a member as the API answered it, with changes."""
    profile = {
        k: v
        for k, v in member["memberProfile"].items()
        if k in ("identityType", "identityExpiry", "emirate", "city", "nationality", "address")
    }
    body = {
        "firstName": member["firstName"],
        "lastName": member["lastName"],
        "memberIdentityNo": member["memberIdentityNo"],
        "memberTypes": member["memberTypes"],
        "memberEntity": member["memberEntity"],
        "sellerType": member["sellerType"],
        "companyName": member["companyName"],
        "securityPlan": member["securityPlan"]["_id"] if member["securityPlan"] else None,
        "memberProfile": profile,
    }
    body.update(changes)
    return body


async def update_member(client: AsyncClient, headers: dict[str, str], member_id: str, **changes: Any) -> Any:
    member = (await client.get(f"/api/members/{member_id}", headers=headers)).json()
    return await client.put(
        f"/api/members/update-member/{member_id}", json=member_body(member, **changes), headers=headers
    )


@pytest.fixture
async def paid_sale(
    client: AsyncClient,
    app: Any,
    admin: dict[str, str],  # noqa: F811 (the fixture imported above)
    cashier: dict[str, str],  # noqa: F811
) -> dict[str, Any]:
    """Sold for 25,000 AED; the admin records the buyer's payment, the cashier verifies it; the clock then
    moves on a day."""
    await fees(client, admin)
    await seller_fees(client, admin)
    sold = await sell(client, app, admin)
    paid = await record(client, admin, payment(sold["invoice"], BUYER_TOTAL))
    verified = await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)
    assert verified.status_code == 200, verified.text
    moved_clock(app, LATER)
    listed = await outbound(client, admin, kind="payout")
    assert len(listed["data"]) == 1, listed
    payout = listed["data"][0]
    return {**sold, "payment": paid, "payout": payout, "seller": payout["member"]["_id"]}
