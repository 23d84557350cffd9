"""The unfiltered invoice and payment lists take their totals from document_total rather than counting a
million rows: after any flow, those totals must be the rows the tables hold."""

from decimal import Decimal
from typing import Any

from httpx import AsyncClient
from sqlalchemy import case, func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.invoices.models import DocumentTotal, Invoice
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


async def assert_document_totals_are_the_rows(db: async_sessionmaker[AsyncSession]) -> None:
    """Every document_total row (count and amount per kind and state) is what the invoice and payment rows
    say: deposit and penalty invoices count as `invoice`, inbound payments as `payment`, outbound ones by
    their kind."""
    invoice_kind = case((Invoice.kind.in_(("creditNote", "settlement")), Invoice.kind), else_="invoice")
    payment_kind = case((Payment.direction == "inbound", "payment"), else_=Payment.kind)
    async with db() as session:
        rows = {
            (kind, status): (int(count), Decimal(amount or 0))
            for query in (
                select(invoice_kind, Invoice.status, func.count(), func.sum(Invoice.total)).group_by(
                    invoice_kind, Invoice.status
                ),
                select(payment_kind, Payment.confirmation, func.count(), func.sum(Payment.amount)).group_by(
                    payment_kind, Payment.confirmation
                ),
            )
            for kind, status, count, amount in (await session.execute(query)).all()
        }
        kept = {
            (kind, status): (int(count), Decimal(amount))
            for kind, status, count, amount in (
                await session.execute(
                    select(
                        DocumentTotal.kind, DocumentTotal.status, DocumentTotal.count, DocumentTotal.amount
                    )
                )
            ).all()
            if count or amount
        }
    assert kept == rows
