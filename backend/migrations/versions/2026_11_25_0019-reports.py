"""reports: the indexes the reports read from

- invoice: ix_invoice_run_id (run_id, including kind, subtotal and VAT): an event's documents by run with their
  figures (sales by event); ix_invoice_kind_issued_at (kind, issued_at, id): the period's documents of the VAT
  kinds, counted and joined to their lines from the index (VAT).
- invoice_line: ix_invoice_line_invoice_vat (invoice_id, including kind, rate, amount and VAT): a document's VAT
  figures without reading the lines (the VAT report and its export).
- auction_run: ix_auction_run_event_id (event_id, including outcome, price and id): an event's results (sales
  by event).

The INCLUDE columns are PostgreSQL's; SQLite builds the same indexes on their keys. The events of a period of
sale days use ix_auction_event_sale_date (migration 0022, the charts).

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-25 12:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "ix_invoice_run_id", "invoice", ["run_id"], postgresql_include=["kind", "subtotal", "vat_total"]
    )
    op.create_index("ix_invoice_kind_issued_at", "invoice", ["kind", "issued_at", "id"])
    op.create_index(
        "ix_invoice_line_invoice_vat",
        "invoice_line",
        ["invoice_id"],
        postgresql_include=["kind", "vat_rate", "amount", "vat"],
    )
    op.create_index(
        "ix_auction_run_event_id",
        "auction_run",
        ["event_id"],
        postgresql_include=["outcome", "sold_for", "id"],
    )


def downgrade() -> None:
    op.drop_index("ix_auction_run_event_id", table_name="auction_run")
    op.drop_index("ix_invoice_line_invoice_vat", table_name="invoice_line")
    op.drop_index("ix_invoice_kind_issued_at", table_name="invoice")
    op.drop_index("ix_invoice_run_id", table_name="invoice")
