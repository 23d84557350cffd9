"""The gate tests' setup: a sale paid in full and verified, a pass issued, the driver at the gate."""

from typing import Any

from httpx import AsyncClient

from tests.money.test_payments import payment, record

DRIVER = {"driverName": "Rashid Driver", "driverEmiratesId": "784-1990-1234567-6"}


async def pay(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> Any:
    """The sale's invoice paid in full by the admin and verified by the cashier."""
    paid = await record(client, admin, payment(sale["invoice"], 25472.5))
    verified = await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)
    assert verified.status_code == 200, verified.text
    return sale


async def issue(
    client: AsyncClient, headers: dict[str, str], vehicle_id: str, replaces: str | None = None
) -> Any:
    body = {"vehicleId": vehicle_id, "replaces": replaces}
    return await client.post("/api/gate-passes/issue", json=body, headers=headers)
