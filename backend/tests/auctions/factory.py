"""Yards, approved vehicles, buyers and auctions for the auction tests, built through the API."""

from datetime import UTC, datetime, timedelta
from typing import Any

from httpx import AsyncClient

from gavel.core.clock import DUBAI, ShiftedClock
from tests.factories import sign_in_new_staff
from tests.vehicles.factory import approved_seller, vehicle

# A Thursday at 16:00 in Dubai, comfortably in the future of any test run's real clock: tests move the
# app's clock to it instead of waiting.
SALE_START = datetime(2031, 5, 1, 16, 0, tzinfo=DUBAI)


def moved_clock(app: Any, moment: datetime) -> ShiftedClock:
    """Gives the app a clock that reads `moment` now (and runs on from there)."""
    clock = ShiftedClock()
    clock.move_to(moment)
    app.state.clock = clock
    return clock


async def yard(client: AsyncClient, admin: dict[str, str], title: str = "Al Quoz Yard") -> str:
    created = await client.post(
        "/api/locations/create",
        json={
            "title": title,
            "physical_address": "Street 18, Al Quoz Industrial Area 3",
            "phone_number": "04 321 5555",
            "country": "United Arab Emirates",
            "state": "Dubai",
            "city": "Al Quoz",
        },
        headers=admin,
    )
    assert created.status_code == 201, created.text
    return str(created.json()["_id"])


def auction_body(location: str, **overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "auctionTitle": "Dubai Thursday Live Sale",
        "auctionType": "Live",
        "location": location,
        "lanes": 2,
        "bidIncrementAmount": 500,
        "counterBidTime": 10,
        "repeatType": "Weekly",
        "startDate": SALE_START.isoformat(),
        "endDate": (SALE_START + timedelta(hours=4)).isoformat(),
        "repeatUntil": (SALE_START + timedelta(weeks=2)).date().isoformat(),
    }
    body.update(overrides)
    return body


async def create_auction(client: AsyncClient, admin: dict[str, str], location: str, **overrides: Any) -> Any:
    created = await client.post(
        "/api/auctions/create", json=auction_body(location, **overrides), headers=admin
    )
    assert created.status_code == 201, created.text
    return created.json()


async def events(client: AsyncClient, admin: dict[str, str], auction_id: str) -> list[dict[str, Any]]:
    listed = await client.get(f"/api/auction-event/all-auction-events/{auction_id}", headers=admin)
    assert listed.status_code == 200, listed.text
    return list(listed.json()["data"])


async def approved_vehicles(
    client: AsyncClient,
    admin: dict[str, str],
    count: int,
    *,
    seller: dict[str, Any] | None = None,
    first: int = 1,
    **fields: Any,
) -> list[dict[str, Any]]:
    """Vehicles received, inspected and approved, ready for an event (serials from `first`; `fields`
    override the vehicle's body, such as its title)."""
    seller = seller or await approved_seller(client, admin, 90 + first % 10)
    made = []
    for serial in range(first, first + count):
        created = await client.post(
            "/api/vehicles/create",
            json=vehicle(seller["_id"], serial, **{"openingPrice": 15000, "reservePrice": 20000, **fields}),
            headers=admin,
        )
        assert created.status_code == 201, created.text
        vehicle_id = created.json()["data"]["_id"]
        for step in ({"isReceived": True}, {"isInspection": "completed"}):
            moved = await client.put(
                f"/api/vehicles/update-vehicle-status/{vehicle_id}", json=step, headers=admin
            )
            assert moved.status_code == 200, moved.text
        approved = await client.put(
            "/api/vehicles/update-status", json={"ids": [vehicle_id], "status": "approved"}, headers=admin
        )
        assert approved.status_code == 200, approved.text
        made.append(created.json()["data"])
    return made


async def buyer(
    client: AsyncClient, admin: dict[str, str], n: int = 1, buying_power: int = 100000
) -> dict[str, Any]:
    """An approved buyer on a security plan giving `buying_power` AED."""
    plan = await client.post(
        "/api/plan/create",
        json={"name": f"Plan {n}", "planAmount": buying_power // 10, "buyingPower": buying_power},
        headers=admin,
    )
    assert plan.status_code == 201, plan.text
    created = await client.post(
        "/api/members/create",
        json={
            "firstName": "Khalid",
            "lastName": f"Buyer{n}",
            "email": f"buyer{n}@example.com",
            "phone": f"05544433{n:02d}",
            "memberIdentityNo": f"784-1985-76543{n:02d}-2",
            "memberTypes": ["buyer"],
            "memberEntity": "individual",
            "securityPlan": plan.json()["_id"],
            "memberProfile": {
                "identityType": "passport",
                "identityExpiry": (datetime.now(UTC).date() + timedelta(days=900)).isoformat(),
            },
        },
        headers=admin,
    )
    assert created.status_code == 201, created.text
    member = created.json()["data"]
    moved = await client.put(
        "/api/members/update-status", json={"ids": [member["_id"]], "status": "approved"}, headers=admin
    )
    assert moved.status_code == 200, moved.text
    await pay_deposit(client, admin, member["_id"])
    return dict(member)


async def deposit_desk(client: AsyncClient, admin: dict[str, str]) -> dict[str, str]:
    """A second staff user who verifies payments (whoever records one never verifies it); one a client."""
    made: dict[str, str] | None = getattr(client, "_deposit_desk", None)
    if made is not None:
        return made
    role = await client.post(
        "/api/role/create",
        json={
            "name": "Deposit desk",
            "permissions": [
                {"module": "Payments", "view": True, "add": True, "edit": True, "updateStatus": True}
            ],
        },
        headers=admin,
    )
    assert role.status_code == 201, role.text
    password = "Deposit-Desk-2026"
    user = await client.post(
        "/api/users/create",
        json={
            "fullName": "Noura Deposit Desk",
            "email": "deposit.desk@example.com",
            "phone": "050 777 1234",
            "dob": "1990-03-15",
            "gender": "F",
            "emiratesId": "784-1990-1234567-6",
            "rolePermission": role.json()["_id"],
            "password": password,
        },
        headers=admin,
    )
    assert user.status_code == 201, user.text
    made = await sign_in_new_staff(client, "deposit.desk@example.com", password)
    client._deposit_desk = made  # type: ignore[attr-defined]
    return made


async def pay_deposit(client: AsyncClient, admin: dict[str, str], member_id: str) -> None:
    """Pays the member's open deposit invoices: recorded by the admin, verified by a second person."""
    listed = await client.post(
        "/api/invoices/get", json={"memberId": member_id, "kind": "deposit"}, headers=admin
    )
    for invoice in listed.json()["data"]:
        if invoice["status"] == "paid" or invoice["dueAmount"] <= 0:
            continue
        paid = await client.post(
            "/api/payments/inbound",
            json={
                "invoiceId": invoice["_id"],
                "amount": invoice["dueAmount"],
                "paymentMethod": "cash",
                "paymentDateAndTime": invoice["invoiceCreatedDate"],
            },
            headers=admin,
        )
        assert paid.status_code == 201, paid.text
        verified = await client.put(
            f"/api/payments/{paid.json()['data']['_id']}/verify", headers=await deposit_desk(client, admin)
        )
        assert verified.status_code == 200, verified.text
