"""Migration 0030 turns the consent flags kept before into records 'Recorded before consent tracking', at the
member's newest audit event (else when the member was last updated), and drops the records on downgrade."""

from datetime import UTC, datetime
from typing import Any

from alembic import command
from sqlalchemy import Connection, create_engine, inspect, text

from gavel.migrate import alembic_config, sync_url

CREATED = datetime(2025, 1, 10, 8, 0, tzinfo=UTC)
UPDATED = datetime(2025, 6, 1, 9, 30, tzinfo=UTC)
NEWEST_AUDIT = datetime(2025, 9, 4, 12, 15, tzinfo=UTC)
# member: (sms, whatsapp, email, company, audit times)
MEMBERS: dict[str, tuple[bool, bool, bool, str | None, list[datetime]]] = {
    "all": (True, True, True, None, [datetime(2025, 3, 1, 7, 0, tzinfo=UTC), NEWEST_AUDIT]),
    "email": (False, False, True, "Desert Motors LLC", []),
    "none": (False, False, False, None, [datetime(2025, 4, 1, tzinfo=UTC)]),
}  # fmt: skip
SELECT = text(
    "SELECT member_id, sequence, channel, given, at, method, wording, recorded_by_id, recorded_by,"
    " member_name, address FROM member_consent ORDER BY member_id, sequence"
)


def _fill(conn: Connection) -> None:
    for n, (key, (sms, whatsapp, email, company, audits)) in enumerate(MEMBERS.items()):
        conn.execute(
            text(
                "INSERT INTO member (id, created_at, updated_at, first_name, last_name, email, phone,"
                " is_trusted_seller, member_identity_no, is_seller, is_buyer, member_entity, company_name,"
                " status, request_type, buying_power, must_change_password, search_text, preferred_language,"
                " promo_consent_sms, promo_consent_whatsapp, promo_consent_email, deposit_held) VALUES (:id,"
                " :created, :updated, 'Mariam', 'Haddad', :email, :phone, false, 'X', false, true,"
                " 'individual', :company, 'approved', 'New', 0, false, '', 'en', :sms, :whatsapp, :mail, 0)"
            ),
            {"id": key, "created": CREATED, "updated": UPDATED, "email": f"{key}@example.ae",
             "phone": f"+97150100000{n}", "company": company, "sms": sms, "whatsapp": whatsapp,
             "mail": email},
        )  # fmt: skip
        for m, at in enumerate(audits):
            conn.execute(
                text(
                    "INSERT INTO audit_event (id, action, entity, entity_id, created_at)"
                    " VALUES (:id, 'member.updated', 'member', :member, :at)"
                ),
                {"id": f"a-{key}-{m}", "member": key, "at": at},
            )
    # An event of another kind of record with the same id is not the member's.
    conn.execute(
        text(
            "INSERT INTO audit_event (id, action, entity, entity_id, created_at)"
            " VALUES ('other', 'vehicle.updated', 'vehicle', 'email', :at)"
        ),
        {"at": datetime(2026, 1, 1, tzinfo=UTC)},
    )


def _utc(value: Any) -> datetime:
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def test_the_old_flags_become_records_and_downgrade_drops_them(empty_database: str) -> None:
    config = alembic_config(empty_database)
    command.upgrade(config, "0029")
    engine = create_engine(sync_url(empty_database))
    try:
        with engine.begin() as conn:
            _fill(conn)
        command.upgrade(config, "0030")
        with engine.connect() as conn:
            rows = [tuple(row) for row in conn.execute(SELECT).all()]
            flags = conn.execute(text("SELECT id, promo_consent_sms FROM member ORDER BY id")).all()
        before = ("before_tracking", None, None, "Recorded before consent tracking")
        assert [(r[0], r[1], r[2], r[3], _utc(r[4]), *r[5:]) for r in rows] == [
            ("all", 1, "sms", True, NEWEST_AUDIT, *before, "Mariam Haddad", "+971501000000"),
            ("all", 2, "whatsapp", True, NEWEST_AUDIT, *before, "Mariam Haddad", "+971501000000"),
            ("all", 3, "email", True, NEWEST_AUDIT, *before, "Mariam Haddad", "all@example.ae"),
            ("email", 1, "email", True, UPDATED, *before, "Desert Motors LLC", "email@example.ae"),
        ]
        assert [tuple(f) for f in flags] == [("all", True), ("email", False), ("none", False)], "flags kept"

        command.downgrade(config, "0029")
        with engine.connect() as conn:
            assert "member_consent" not in inspect(conn).get_table_names()
            assert conn.execute(text("SELECT count(*) FROM member")).scalar() == len(MEMBERS)
        command.upgrade(config, "head")
    finally:
        engine.dispose()
