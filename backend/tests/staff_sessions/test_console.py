"""The staff session console: live sessions only; ending one signs that person out at once, audited; never
your own, never twice."""

from datetime import timedelta

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from gavel.auth.models import UserSession
from tests.factories import STAFF_PASSWORD, admin_headers
from tests.staff_sessions.helpers import age_session, live_sessions, signed_in_staff


async def test_the_list_shows_live_sessions_only_with_who_where_and_when(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    admin = await admin_headers(client)
    omar = await signed_in_staff(client, db, "omar@example.com", "Omar Al Suwaidi")
    gone = await signed_in_staff(client, db, "gone@example.com", "Signed Out")
    assert (await client.post("/api/auth/logout", headers=gone["headers"])).status_code == 200
    idle = await signed_in_staff(client, db, "idle@example.com", "Idle Person")
    await age_session(db, idle["id"], last_active_at=timedelta(minutes=31))
    old = await signed_in_staff(client, db, "old@example.com", "Twelve Hours")
    await age_session(db, old["id"], created_at=timedelta(hours=12, seconds=1))

    body = await live_sessions(client, admin)

    assert [row["email"] for row in body["data"]] == ["omar@example.com", "admin@example.com"]
    assert (body["totalMatching"], body["totalPages"], body["currentPage"]) == (2, 1, 1)
    row = body["data"][0]
    assert row["userId"] == omar["id"]
    assert row["fullName"] == "Omar Al Suwaidi"
    assert row["roleName"] == "Role of Omar Al Suwaidi"
    assert (row["deviceName"], row["operatingSystem"], row["browserName"]) == (
        "Desktop computer",
        "Windows 10",
        "Chrome 120.0",
    )
    assert row["ipAddress"] == "127.0.0.1"
    assert row["signedInAt"] and row["lastActiveAt"]
    assert row["isCurrent"] is False
    assert body["data"][1]["isCurrent"] is True


async def test_search_by_name_or_email_sort_and_paging(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    admin = await admin_headers(client)
    await signed_in_staff(client, db, "omar@example.com", "Omar Al Suwaidi")
    fatima = await signed_in_staff(client, db, "fatima@example.com", "Fatima Al Zaabi")
    await age_session(db, fatima["id"], last_active_at=timedelta(minutes=5))

    by_name = await live_sessions(client, admin, search="  al zaabi ")
    assert [row["fullName"] for row in by_name["data"]] == ["Fatima Al Zaabi"]
    by_email = await live_sessions(client, admin, search="OMAR@")
    assert [row["fullName"] for row in by_email["data"]] == ["Omar Al Suwaidi"]
    nothing = await live_sessions(client, admin, search="100%_")
    assert (nothing["data"], nothing["totalMatching"], nothing["totalPages"]) == ([], 0, 1)

    oldest_first = await live_sessions(client, admin, sortBy="lastActiveAt", sortOrder="asc")
    assert oldest_first["data"][0]["fullName"] == "Fatima Al Zaabi"
    newest_first = await live_sessions(client, admin, sortBy="lastActiveAt", sortOrder="desc")
    assert newest_first["data"][-1]["fullName"] == "Fatima Al Zaabi"

    second = await live_sessions(client, admin, pageNo=2, limit=2, sortBy="signedInAt", sortOrder="asc")
    assert (second["totalMatching"], second["totalPages"], second["currentPage"]) == (3, 2, 2)
    assert [row["fullName"] for row in second["data"]] == ["Fatima Al Zaabi"]


async def test_bad_list_requests_answer_422_with_a_sentence(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    for body, field in (
        ({"sortBy": "ipAddress"}, "sortBy"),
        ({"limit": 101}, "limit"),
        ({"pageNo": 0}, "pageNo"),
        ({"search": "x" * 201}, "search"),
    ):
        response = await client.post("/api/staff-sessions/get", json=body, headers=admin)
        assert response.status_code == 422, body
        errors = response.json()["errors"]
        assert [error["field"] for error in errors] == [field]
        assert errors[0]["message"]


async def test_ending_a_session_signs_that_person_out_at_once_and_is_audited(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    admin = await admin_headers(client)
    omar = await signed_in_staff(client, db, "omar@example.com", "Omar Al Suwaidi")
    assert (await client.get("/api/auth/me", headers=omar["headers"])).status_code == 200
    (row,) = (await live_sessions(client, admin, search="omar"))["data"]

    ended = await client.put(f"/api/staff-sessions/{row['_id']}/end", headers=admin)

    assert ended.status_code == 200, ended.text
    assert ended.json()["message"] == "Omar Al Suwaidi's session has ended. They are signed out."
    assert ended.json()["data"]["_id"] == row["_id"]
    refused = await client.get("/api/auth/me", headers=omar["headers"])
    assert refused.status_code == 401
    assert refused.json()["message"] == "Your session has ended. Please sign in again."
    assert (await live_sessions(client, admin, search="omar"))["data"] == []
    async with db() as session:
        user_session = await session.get(UserSession, row["_id"])
        assert user_session is not None and user_session.end_reason == "ended_by_admin"
        (event,) = (
            await session.scalars(
                select(AuditEvent).where(
                    AuditEvent.action == "auth.session_ended", AuditEvent.entity_id == omar["id"]
                )
            )
        ).all()
    assert (event.entity, event.actor_email, event.ip_address) == ("user", "admin@example.com", "127.0.0.1")
    assert event.old_values == {"sessionId": row["_id"], "endedAt": None}
    assert event.new_values is not None
    assert (event.new_values["endReason"], event.new_values["browser"]) == ("ended_by_admin", "Chrome 120.0")


async def test_the_ended_person_can_sign_in_again_without_a_conflict(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    admin = await admin_headers(client)
    omar = await signed_in_staff(client, db, "omar@example.com", "Omar Al Suwaidi")
    (row,) = (await live_sessions(client, admin, search="omar"))["data"]
    assert (await client.put(f"/api/staff-sessions/{row['_id']}/end", headers=admin)).status_code == 200
    again = await client.post(
        "/api/auth/login", json={"email": "omar@example.com", "password": STAFF_PASSWORD}
    )
    assert again.status_code == 200, again.text
    assert omar["token"] != again.json()["token"]


async def test_your_own_session_is_refused_and_stays_signed_in(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    (own,) = (await live_sessions(client, admin))["data"]
    assert own["isCurrent"] is True

    refused = await client.put(f"/api/staff-sessions/{own['_id']}/end", headers=admin)

    assert refused.status_code == 409
    assert refused.json()["message"] == (
        "This is your own session, so it cannot be ended here. Use Logout in the user menu to sign out."
    )
    assert (await client.get("/api/auth/me", headers=admin)).status_code == 200


async def test_ending_twice_answers_409_with_how_it_ended(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    admin = await admin_headers(client)
    await signed_in_staff(client, db, "omar@example.com", "Omar Al Suwaidi")
    (row,) = (await live_sessions(client, admin, search="omar"))["data"]
    assert (await client.put(f"/api/staff-sessions/{row['_id']}/end", headers=admin)).status_code == 200

    second = await client.put(f"/api/staff-sessions/{row['_id']}/end", headers=admin)

    assert second.status_code == 409
    assert second.json()["message"] == (
        "Omar Al Suwaidi's session has already ended (an administrator ended it). "
        "Refresh the list to see the live sessions."
    )
    async with db() as session:
        events = await session.scalars(select(AuditEvent).where(AuditEvent.action == "auth.session_ended"))
        assert len(events.all()) == 1


async def test_a_session_the_person_signed_out_of_answers_409(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    admin = await admin_headers(client)
    omar = await signed_in_staff(client, db, "omar@example.com", "Omar Al Suwaidi")
    (row,) = (await live_sessions(client, admin, search="omar"))["data"]
    assert (await client.post("/api/auth/logout", headers=omar["headers"])).status_code == 200

    response = await client.put(f"/api/staff-sessions/{row['_id']}/end", headers=admin)

    assert response.status_code == 409
    assert response.json()["message"].startswith(
        "Omar Al Suwaidi's session has already ended (they signed out)."
    )


async def test_an_expired_session_answers_409_saying_why(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    admin = await admin_headers(client)
    omar = await signed_in_staff(client, db, "omar@example.com", "Omar Al Suwaidi")
    (row,) = (await live_sessions(client, admin, search="omar"))["data"]

    await age_session(db, omar["id"], last_active_at=timedelta(minutes=30, seconds=1))
    idle = await client.put(f"/api/staff-sessions/{row['_id']}/end", headers=admin)
    assert idle.status_code == 409
    assert idle.json()["message"] == (
        "Omar Al Suwaidi's session has already expired after 30 minutes without activity. "
        "They must sign in again anyway."
    )

    await age_session(db, omar["id"], last_active_at=timedelta(0), created_at=timedelta(hours=12))
    lifetime = await client.put(f"/api/staff-sessions/{row['_id']}/end", headers=admin)
    assert lifetime.status_code == 409
    assert "expired 12 hours after signing in" in lifetime.json()["message"]
    async with db() as session:
        user_session = await session.get(UserSession, row["_id"])
        assert user_session is not None and user_session.ended_at is None


async def test_an_unknown_session_answers_404(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    response = await client.put("/api/staff-sessions/no-such-session/end", headers=admin)
    assert response.status_code == 404
    assert response.json()["message"] == (
        "This session was not found. Refresh the list to see the sessions that are live now."
    )
