"""A staff user sees only the figures of the modules their role may view; the rest is null."""

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.factories import STAFF_PASSWORD, bearer, login, make_staff

MEMBERS = ["membersReview"]
VEHICLES = [
    "vehiclesReview",
    "vehiclesReceivedNotInspected",
    "gatePassesNotPickedUp",
    "vehiclesPastFreeDays",
]
AUCTIONS = ["eventsToday", "eventsThisWeek"]
PAYMENTS = ["invoicesDueToday", "invoicesOverdue", "paymentsToVerify", "payoutsWaiting", "refundsWaiting"]
ALERTS = ["failedMessages"]


async def summary_as(
    client: AsyncClient,
    db: async_sessionmaker[AsyncSession],
    email: str,
    grants: dict[Module, set[Privilege]],
) -> dict[str, dict[str, object]]:
    await make_staff(db, email, grants=grants)
    token = bearer((await login(client, email, STAFF_PASSWORD))["token"])
    answer = await client.get("/api/dashboard/summary", headers=token)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


async def test_payments_staff_see_the_money_alone(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    body = await summary_as(client, db, "cashier@example.com", {Module.PAYMENTS: {Privilege.VIEW}})
    today = body["today"]
    assert today["day"]
    assert all(today[name] is not None for name in PAYMENTS)
    assert all(today[name] is None for name in MEMBERS + VEHICLES + AUCTIONS + ALERTS)
    assert body["totals"] == {"vehicles": None, "members": None, "roles": None, "users": None}


async def test_each_module_opens_its_own_figures(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    grants = {module: {Privilege.VIEW} for module in (Module.MEMBERS, Module.VEHICLES, Module.AUCTIONS)}
    today = (await summary_as(client, db, "yard@example.com", grants))["today"]
    assert all(today[name] is not None for name in MEMBERS + VEHICLES + AUCTIONS)
    assert all(today[name] is None for name in PAYMENTS + ALERTS)
    alerts = (await summary_as(client, db, "alerts@example.com", {Module.ALERTS: {Privilege.VIEW}}))["today"]
    assert alerts["failedMessages"] == {"sms": 0, "whatsapp": 0, "email": 0, "total": 0}
    assert all(alerts[name] is None for name in MEMBERS + VEHICLES + AUCTIONS + PAYMENTS)


async def test_a_privilege_other_than_view_opens_nothing(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    grants = {Module.PAYMENTS: {Privilege.ADD}, Module.VEHICLES: {Privilege.EDIT}}
    today = (await summary_as(client, db, "clerk@example.com", grants))["today"]
    assert [name for name, value in today.items() if value is not None] == ["day"]


async def test_the_summary_needs_a_session(client: AsyncClient) -> None:
    answer = await client.get("/api/dashboard/summary")
    assert answer.status_code == 401
    assert answer.json()["message"]
