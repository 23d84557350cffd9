from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from tests.conftest import ADMIN_EMAIL, ADMIN_PASSWORD
from tests.factories import STAFF_PASSWORD, bearer, login, make_staff

CHROME_ON_WINDOWS = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/130.0.0.0 Safari/537.36"
)


async def test_login_answers_token_and_user_with_role(client: AsyncClient) -> None:
    body = await login(client, ADMIN_EMAIL, ADMIN_PASSWORD)
    assert len(body["token"]) >= 32
    user = body["user"]
    assert user["email"] == ADMIN_EMAIL
    assert user["rolePermissionData"]["name"] == "Super Admin"
    assert user["rolePermission"] == user["rolePermissionData"]["_id"]
    members = next(p for p in user["rolePermissionData"]["permissions"] if p["module"] == "Members")
    assert members == {
        "module": "Members",
        "add": True,
        "view": True,
        "edit": True,
        "delete": True,
        "updateStatus": True,
    }


async def test_email_is_matched_without_regard_to_case(client: AsyncClient) -> None:
    body = await login(client, "  ADMIN@Example.com ", ADMIN_PASSWORD)
    assert body["user"]["email"] == ADMIN_EMAIL


async def test_wrong_password_and_unknown_email_answer_the_same(client: AsyncClient) -> None:
    wrong = await client.post("/api/auth/login", json={"email": ADMIN_EMAIL, "password": "nope-nope"})
    unknown = await client.post(
        "/api/auth/login", json={"email": "ghost@example.com", "password": "nope-nope"}
    )
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"message": "Invalid email or password", "errors": []}


async def test_failed_sign_in_is_audited(client: AsyncClient, session: AsyncSession) -> None:
    await client.post("/api/auth/login", json={"email": ADMIN_EMAIL, "password": "nope-nope"})
    actions = (await session.scalars(select(AuditEvent.action))).all()
    assert "auth.login_failed" in actions


async def test_successful_sign_in_and_out_are_audited(client: AsyncClient, session: AsyncSession) -> None:
    body = await login(client, ADMIN_EMAIL, ADMIN_PASSWORD)
    await client.post("/api/auth/logout", headers=bearer(body["token"]))
    rows = (await session.execute(select(AuditEvent.action, AuditEvent.ip_address))).all()
    assert ("auth.login", "127.0.0.1") in rows
    assert ("auth.logout", "127.0.0.1") in rows


async def test_missing_fields_answer_422_with_field_errors(client: AsyncClient) -> None:
    response = await client.post("/api/auth/login", json={"email": ADMIN_EMAIL})
    assert response.status_code == 422
    assert response.json() == {
        "message": "Password is required.",
        "errors": [{"field": "password", "message": "This field is required."}],
    }


async def test_body_that_is_not_json_answers_422(client: AsyncClient) -> None:
    response = await client.post(
        "/api/auth/login", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 422
    assert response.json()["message"] == "The request body is not valid JSON."


async def test_second_login_answers_409_with_the_other_session(client: AsyncClient) -> None:
    await login(client, ADMIN_EMAIL, ADMIN_PASSWORD, **{"user-agent": CHROME_ON_WINDOWS})
    response = await client.post("/api/auth/login", json={"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})
    assert response.status_code == 409
    body = response.json()
    assert body["status"] == 409
    assert body["message"].startswith("You are already signed in on another device")
    data = body["data"]
    assert data["deviceName"] == "Desktop computer"
    assert data["operatingSystem"] == "Windows 10"
    assert data["browserName"] == "Chrome 130.0"
    assert data["ipAddress"] == "127.0.0.1"
    assert data["lastActiveAt"].endswith("+00:00")


async def test_logout_session_ends_the_other_session_and_signs_in(client: AsyncClient) -> None:
    first = await login(client, ADMIN_EMAIL, ADMIN_PASSWORD)
    response = await client.post(
        "/api/auth/logout-session", json={"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}
    )
    assert response.status_code == 200
    second = response.json()
    assert second["token"] != first["token"]
    old = await client.get("/api/auth/me", headers=bearer(first["token"]))
    assert old.status_code == 401
    assert old.json()["message"] == "Your session has ended. Please sign in again."
    assert (await client.get("/api/auth/me", headers=bearer(second["token"]))).status_code == 200


async def test_logout_session_with_a_wrong_password_is_refused(client: AsyncClient) -> None:
    first = await login(client, ADMIN_EMAIL, ADMIN_PASSWORD)
    response = await client.post(
        "/api/auth/logout-session", json={"email": ADMIN_EMAIL, "password": "bad-one-1"}
    )
    assert response.status_code == 401
    assert response.json()["message"] == "Invalid email or password"
    assert (await client.get("/api/auth/me", headers=bearer(first["token"]))).status_code == 200


async def test_suspended_user_cannot_sign_in(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    await make_staff(db, "suspended@example.com", status="Suspended")
    response = await client.post(
        "/api/auth/login", json={"email": "suspended@example.com", "password": STAFF_PASSWORD}
    )
    assert response.status_code == 401
    assert response.json()["message"] == "Your account is suspended. Please contact your administrator."


async def test_only_the_hash_of_the_token_is_stored(client: AsyncClient, session: AsyncSession) -> None:
    from gavel.auth.models import UserSession

    body = await login(client, ADMIN_EMAIL, ADMIN_PASSWORD)
    stored = await session.scalar(select(func.count()).where(UserSession.token_hash == body["token"]))
    assert stored == 0
