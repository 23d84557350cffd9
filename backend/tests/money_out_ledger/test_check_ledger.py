"""The ledger check: the demo's books and a full flow agree to the fils; a row changed behind the services'
back is found and named, and the command says so with its exit status."""

from datetime import timedelta
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import gavel.__main__ as cli
from gavel.config import Settings
from gavel.ledger.models import LedgerEntry
from gavel.members.models import Member
from gavel.statements.check import check_ledger
from gavel.vehicles.models import Vehicle
from tests.auctions.factory import SALE_START, moved_clock
from tests.money_out_ledger.conftest import DEPOSIT, pay, payouts


async def problems(db: async_sessionmaker[AsyncSession]) -> list[str]:
    async with db() as session:
        return await check_ledger(session)


async def full_flow(
    client: AsyncClient, app: Any, db: async_sessionmaker[AsyncSession], admin: dict[str, str],
    cashier: dict[str, str], sale: dict[str, Any],
) -> None:  # fmt: skip
    """The purchase paid, the seller paid out, and the buyer's deposit refund requested."""
    clock = moved_clock(app, SALE_START + timedelta(days=1))
    await pay(client, admin, cashier, sale["invoice"]["_id"], clock.now())
    async with db() as session:
        seller = (await session.get_one(Vehicle, sale["cars"][0]["_id"])).member_id
    (payout,) = await payouts(db, seller)
    clock = moved_clock(app, SALE_START + timedelta(days=2))
    completed = await client.put(
        f"/api/payments/{payout.id}/complete",
        json={
            "paymentMethod": "cash",
            "paymentDateAndTime": (clock.now() - timedelta(minutes=1)).isoformat(),
        },
        headers=admin,
    )
    assert completed.status_code == 200, completed.text
    refund = await client.post(
        "/api/payments/refunds",
        json={
            "memberId": sale["buyer"]["_id"],
            "refundKind": "deposit",
            "refundedAmount": DEPOSIT / 2,
            "refundMethod": "cheque",
            "refundReason": "Half of the deposit back",
        },
        headers=admin,
    )
    assert refund.status_code == 201, refund.text


async def test_a_full_flow_agrees_then_a_changed_amount_is_found_and_named(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    await full_flow(client, app, db, admin, cashier, sale)
    assert await problems(db) == []

    async with db() as session:
        purchase = await session.scalar(
            select(LedgerEntry).where(
                LedgerEntry.invoice_id == sale["invoice"]["_id"], LedgerEntry.kind == "invoice"
            )
        )
        assert purchase is not None
        await session.execute(
            update(LedgerEntry).where(LedgerEntry.id == purchase.id).values(owes_us=purchase.owes_us + 1)
        )
        await session.commit()
    found = await problems(db)
    assert found == [
        f"Ledger entry {purchase.id} (#{purchase.sequence} of member {purchase.member_id}, invoice): the "
        "owes us balance is AED 25,472.50, but AED 0.00 before it + AED 25,473.50 makes AED 25,473.50."
    ]


async def test_balances_and_deposits_that_differ_from_the_documents_are_found(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    await full_flow(client, app, db, admin, cashier, sale)
    buyer = sale["buyer"]["_id"]
    async with db() as session:
        last = await session.scalar(
            select(LedgerEntry).where(LedgerEntry.member_id == buyer).order_by(LedgerEntry.sequence.desc())
        )
        assert last is not None and last.kind == "refund"
        await session.execute(
            update(LedgerEntry)
            .where(LedgerEntry.id == last.id)
            .values(we_owe=last.we_owe - 1, we_owe_balance=last.we_owe_balance - 1)
        )
        await session.execute(update(Member).where(Member.id == buyer).values(deposit_held=DEPOSIT))
        await session.commit()
    found = await problems(db)
    assert len(found) == 2, found
    assert found[0].startswith("Member Khalid Buyer1 (784-1985-7654301-2) [")
    assert found[0].endswith(
        ": we owe is AED 49,999.00 in the ledger but AED 50,000.00 by the documents (settlements - completed "
        "payouts + refunds to send); difference AED -1.00."
    )
    assert found[1].endswith(
        ": the member's deposit held is AED 100,000.00 but the ledger says AED 50,000.00."
    )


async def test_a_vehicle_whose_documents_disagree_is_found(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    await full_flow(client, app, db, admin, cashier, sale)
    car = sale["cars"][0]
    async with db() as session:
        await session.execute(
            update(Vehicle).where(Vehicle.id == car["_id"]).values(sold_for=26000, is_paid=False)
        )
        await session.commit()
    found = await problems(db)
    lot = f"Vehicle lot {car['vehicleLotNumber']} [{car['_id']}]"
    assert found == [
        f"{lot} was sold for AED 26,000.00, but {sale['invoice']['invoiceNo']} bills AED 25,000.00.",
        f"{lot} is marked unpaid, but its invoice is paid.",
    ]


def test_the_command_prints_each_difference_and_fails(
    monkeypatch: pytest.MonkeyPatch, settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "get_settings", lambda: settings)
    monkeypatch.setattr("sys.argv", ["gavel", "check-ledger"])
    cli.main()
    assert capsys.readouterr().out == "The ledger and the documents agree.\n"

    async def broken(session: AsyncSession) -> list[str]:
        return ["Ledger entry x: one", "Vehicle lot 7: two"]

    monkeypatch.setattr("gavel.statements.check.check_ledger", broken)
    with pytest.raises(SystemExit) as exit_:
        cli.main()
    assert exit_.value.code == "The ledger and the documents differ: 2 difference(s)."
    assert capsys.readouterr().out == "Ledger entry x: one\nVehicle lot 7: two\n"
