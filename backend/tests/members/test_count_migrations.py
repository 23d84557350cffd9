"""Migrations 0006 and 0007 fill the counts tables from the rows already there, and downgrade cleanly."""

import os
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import Engine, create_engine, inspect, text

from gavel.config import normalise_database_url
from gavel.migrate import alembic_config, sync_url

MEMBERS = [("pending", True), ("pending", True), ("approved", False), ("approved", True)]
VEHICLES = [("pending", None), ("approved", "event-1"), ("approved", None), ("sold", None)]


@pytest.fixture
def database(tmp_path: Path) -> Iterator[str]:
    """An empty database of its own: a SQLite file, or a new PostgreSQL schema."""
    pg = os.environ.get("TEST_DATABASE_URL")
    if not pg:
        yield f"sqlite+aiosqlite:///{tmp_path / 'migrations.db'}"
        return
    schema = f"gavel_migr_{uuid.uuid4().hex[:10]}"
    base = normalise_database_url(pg)
    admin = create_engine(sync_url(base), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield f"{base}{'&' if '?' in base else '?'}options=-csearch_path%3D{schema}"
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def _fill(engine: Engine) -> None:
    now = datetime.now(UTC)
    with engine.begin() as conn:
        for n, (status, seller) in enumerate(MEMBERS):
            conn.execute(
                text(
                    "INSERT INTO member (id, created_at, updated_at, first_name, last_name, email, phone,"
                    " is_trusted_seller, member_identity_no, is_seller, is_buyer, member_entity, status,"
                    " request_type, buying_power, must_change_password, search_text) VALUES (:id, :now, :now,"
                    " 'A', 'B', :email, :phone, false, 'X', :seller, true, 'individual', :status, 'New', 0,"
                    " false, '')"
                ),
                {"id": f"m{n}", "now": now, "email": f"m{n}@example.com", "phone": f"+97150000000{n}",
                 "seller": seller, "status": status},
            )  # fmt: skip
        for n, (status, event) in enumerate(VEHICLES):
            conn.execute(
                text(
                    "INSERT INTO vehicle (id, created_at, updated_at, vehicle_lot_number, vin_number,"
                    " title, make, model, year, mileage, keys_available, run_and_drive, start_status,"
                    " unknown_status, opening_price, status, request_type, is_vehicle_delivered_by_seller,"
                    " is_received, is_inspection, is_returned, is_paid, gate_pass_status, is_released,"
                    " event_id, member_id, search_text) VALUES (:id, :now, :now, :lot, :vin, 'T', 'Toyota',"
                    " 'Camry', 2020, 0, false, false, false, false, 1000, :status, 'New', false, :received,"
                    " 'completed', false, false, 'Pending', false, :event, 'm0', '')"
                ),
                {"id": f"v{n}", "now": now, "lot": 1000 + n, "vin": f"VIN{n:014d}", "status": status,
                 "received": status != "pending", "event": event},
            )  # fmt: skip


def test_counts_tables_are_filled_from_existing_rows_and_dropped_on_downgrade(database: str) -> None:
    config = alembic_config(database)
    command.upgrade(config, "0005")
    engine = create_engine(sync_url(database))
    try:
        _fill(engine)
        command.upgrade(config, "head")
        with engine.connect() as conn:
            members = conn.execute(
                text("SELECT status, is_seller, members FROM member_list_count ORDER BY 1, 2")
            ).all()
            assert [(s, bool(seller), n) for s, seller, n in members] == [
                ("approved", False, 1),
                ("approved", True, 1),
                ("pending", True, 2),
            ]
            vehicles = conn.execute(
                text("SELECT status, assigned, vehicles FROM vehicle_list_count ORDER BY 1, 2")
            ).all()
            assert [(s, bool(a), n) for s, a, n in vehicles] == [
                ("approved", False, 1),
                ("approved", True, 1),
                ("pending", False, 1),
                ("sold", False, 1),
            ]
        with engine.begin() as conn:  # the triggers took over from the initial count
            conn.execute(text("UPDATE member SET status = 'approved' WHERE id = 'm0'"))
            conn.execute(text("DELETE FROM vehicle WHERE id = 'v0'"))
        with engine.connect() as conn:
            pending = conn.execute(
                text("SELECT sum(members) FROM member_list_count WHERE status = 'pending'")
            ).scalar()
            assert pending == 1
            left = conn.execute(text("SELECT sum(vehicles) FROM vehicle_list_count")).scalar()
            assert left == 3
        command.downgrade(config, "0005")
        tables = set(inspect(engine).get_table_names())
        assert "member_list_count" not in tables and "vehicle_list_count" not in tables
        with engine.begin() as conn:  # no trigger is left behind to write into a missing table
            conn.execute(text("UPDATE member SET status = 'rejected' WHERE id = 'm1'"))
            conn.execute(text("DELETE FROM vehicle WHERE id = 'v1'"))
        indexes = {i["name"] for i in inspect(engine).get_indexes("vehicle")}
        assert "ix_vehicle_status_lot_number" not in indexes and "ix_vehicle_status_year" in indexes
        command.upgrade(config, "head")  # and up again, counting the rows as they are now
        with engine.connect() as conn:
            rejected = conn.execute(
                text("SELECT sum(members) FROM member_list_count WHERE status = 'rejected'")
            ).scalar()
            assert rejected == 1
            assert conn.execute(text("SELECT sum(vehicles) FROM vehicle_list_count")).scalar() == 2
    finally:
        engine.dispose()
