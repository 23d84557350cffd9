"""A member's bank details, where payouts and refunds go: the IBAN checked by its check digits and kept
compact in capitals; a form that does not send them keeps them; every change audited."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from tests.money_out.conftest import BAD_IBAN, IBAN, member_body
from tests.vehicles.factory import approved_seller

IBAN_MESSAGE = "This IBAN is not valid: check its letters and digits (e.g. AE07 0331 2345 6789 0123 456)."


def seller_body(**changes: Any) -> dict[str, Any]:
    body = {
        "firstName": "Majid",
        "lastName": "Seller",
        "email": "majid.seller@example.com",
        "phone": "0502223344",
        "memberIdentityNo": "784-1980-1234544-1",
        "memberTypes": ["seller"],
        "memberEntity": "individual",
        "sellerType": "individual",
        "memberProfile": {"identityType": "nic", "identityExpiry": "2040-01-01"},
    }
    body.update(changes)
    return body


async def test_bank_details_are_taken_on_create_with_the_iban_compact_in_capitals(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    created = await client.post(
        "/api/members/create",
        json=seller_body(bankAccountName="Majid Seller", bankIban=IBAN.lower(), bankName="Emirates NBD"),
        headers=admin,
    )
    assert created.status_code == 201, created.text
    data = created.json()["data"]
    assert (data["bankAccountName"], data["bankIban"], data["bankName"]) == (
        "Majid Seller",
        "AE070331234567890123456",
        "Emirates NBD",
    )


async def test_an_iban_with_wrong_check_digits_is_refused(client: AsyncClient, admin: dict[str, str]) -> None:
    for iban in (BAD_IBAN, "AE07 0331", "not an iban"):
        refused = await client.post("/api/members/create", json=seller_body(bankIban=iban), headers=admin)
        assert refused.status_code == 422, iban
        assert refused.json() == {
            "message": IBAN_MESSAGE,
            "errors": [{"field": "bankIban", "message": IBAN_MESSAGE}],
        }
    blank = await client.post("/api/members/create", json=seller_body(bankIban="  "), headers=admin)
    assert blank.status_code == 201, blank.text
    assert blank.json()["data"]["bankIban"] is None


async def test_an_update_without_bank_details_keeps_them_and_every_change_is_audited(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    seller = await approved_seller(client, admin)
    url = f"/api/members/update-member/{seller['_id']}"
    current = (await client.get(f"/api/members/{seller['_id']}", headers=admin)).json()
    saved = await client.put(
        url,
        json=member_body(current, bankAccountName="Majid Seller", bankIban=IBAN, bankName="Emirates NBD"),
        headers=admin,
    )
    assert saved.status_code == 200, saved.text
    assert saved.json()["bankIban"] == "AE070331234567890123456"

    renamed = await client.put(url, json=member_body(current, firstName="Majed"), headers=admin)
    assert renamed.status_code == 200, renamed.text
    assert (renamed.json()["firstName"], renamed.json()["bankIban"]) == ("Majed", "AE070331234567890123456")

    bad = await client.put(url, json=member_body(current, bankIban=BAD_IBAN), headers=admin)
    assert bad.status_code == 422
    assert bad.json()["errors"] == [{"field": "bankIban", "message": IBAN_MESSAGE}]

    cleared = await client.put(url, json=member_body(current, bankIban=None), headers=admin)
    assert cleared.status_code == 200, cleared.text
    assert (cleared.json()["bankIban"], cleared.json()["bankName"]) == (None, "Emirates NBD")

    async with db() as session:
        events = list(
            await session.scalars(
                select(AuditEvent)
                .where(AuditEvent.action == "member.updated", AuditEvent.entity_id == seller["_id"])
                .order_by(AuditEvent.created_at)
            )
        )
    changes = [(e.old_values or {}).get("bankIban") for e in events] + [
        (events[-1].new_values or {}).get("bankIban")
    ]
    assert changes == [None, "AE070331234567890123456", "AE070331234567890123456", None]
