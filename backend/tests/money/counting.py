"""The unfiltered invoice and payment lists take their totals from document_total rather than counting a
million rows: after any flow, those totals must be the rows the tables hold."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.invoices.models import Invoice
from gavel.payments.models import Payment


async def assert_the_lists_count_every_row(
    client: AsyncClient, headers: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    async with db() as session:
        invoices = await session.scalar(select(func.count()).select_from(Invoice))
        directions = dict(
            (await session.execute(select(Payment.direction, func.count()).group_by(Payment.direction))).all()
        )
    listed: dict[str, Any] = {}
    for name, path, body in (
        ("invoices", "/api/invoices/get", {}),
        ("inbound", "/api/payment/get-payments", {"direction": "inbound"}),
        ("outbound", "/api/payment/get-payments", {"direction": "outbound"}),
    ):
        answer = await client.post(path, json=body, headers=headers)
        assert answer.status_code == 200, answer.text
        listed[name] = answer.json()["totalMatching"]
    assert listed == {
        "invoices": invoices,
        "inbound": directions.get("inbound", 0),
        "outbound": directions.get("outbound", 0),
    }
