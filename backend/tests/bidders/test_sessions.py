"""A bidder session: who is signed in, signing out, expiry, and a member moved from approved signed out at
once (checked on every request against the member's status)."""

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from tests.bidders.conftest import StoppedClock, make_member, set_status, signed_in
from tests.factories import admin_headers

ENDED = "Your session has ended. Please sign in again."


async def test_me_answers_the_member_and_sign_out_ends_the_session(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    member = await make_member(db, 1)
    headers = await signed_in(client, db, "bidder1@example.com")
    me = await client.get("/api/bidder/me", headers=headers)
    assert me.status_code == 200, me.text
    bidder = me.json()["bidder"]
    assert (bidder["memberId"], bidder["name"], bidder["paddle"], bidder["language"]) == (
        member.id,
        "Omar Bidder1",
        101,
        "en",
    )
    out = await client.post("/api/bidder/sign-out", headers=headers)
    assert (out.status_code, out.json()) == (200, {"message": "You have been signed out."})
    after = await client.get("/api/bidder/me", headers=headers)
    assert (after.status_code, after.json()["message"]) == (401, ENDED)


async def test_paddles_are_given_once_per_member_and_sessions_are_many(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    await make_member(db, 2)
    await make_member(db, 3)
    phone = await signed_in(client, db, "+971505550002")
    clock.move(61)
    laptop = await signed_in(client, db, "bidder2@example.com")
    other = await signed_in(client, db, "bidder3@example.com")
    paddles = [
        (await client.get("/api/bidder/me", headers=h)).json()["bidder"]["paddle"]
        for h in (phone, laptop, other)
    ]
    assert paddles == [101, 101, 102]


async def test_without_a_token_or_with_a_wrong_one_the_answer_is_401_with_a_sentence(
    client: AsyncClient, clock: StoppedClock
) -> None:
    cases = [
        ({}, "Please sign in to continue."),
        ({"Authorization": "Bearer bid_not-a-session"}, ENDED),
        (
            {"Authorization": "Bearer staff-looking-token"},
            "Please sign in with your member account to continue.",
        ),
    ]
    for headers, sentence in cases:
        answer = await client.get("/api/bidder/me", headers=headers)
        assert (answer.status_code, answer.json()["message"]) == (401, sentence)


async def test_a_session_ends_24_hours_after_its_last_use_and_7_days_after_it_opened(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    await make_member(db, 4)
    headers = await signed_in(client, db, "bidder4@example.com")
    for _ in range(7):
        clock.move(23 * 3600)
        assert (await client.get("/api/bidder/me", headers=headers)).status_code == 200
    clock.move(7 * 3600)  # 168 hours since it opened
    ended = await client.get("/api/bidder/me", headers=headers)
    assert (ended.status_code, ended.json()["message"]) == (
        401,
        "Your session has expired. Please sign in again.",
    )

    headers = await signed_in(client, db, "bidder4@example.com")
    clock.move(24 * 3600)
    idle = await client.get("/api/bidder/me", headers=headers)
    assert (idle.status_code, idle.json()["message"]) == (
        401,
        "Your session has expired. Please sign in again.",
    )


async def test_a_member_deactivated_while_signed_in_loses_the_session_at_once(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    member = await make_member(db, 5)
    headers = await signed_in(client, db, "bidder5@example.com")
    admin = await admin_headers(client)
    clock.move(1)
    await set_status(client, admin, member.id, "deactivated")
    refused = await client.get("/api/bidder/me", headers=headers)
    assert refused.status_code == 401
    assert refused.json()["message"] == "Your membership has been deactivated. Please contact us for help."
    assert refused.json()["code"] == "membership_deactivated"
    assert (await client.post("/api/bidder/sign-out", headers=headers)).status_code == 401
    # Approved again, the member signs in again: the old session stays over.
    clock.move(1)
    await set_status(client, admin, member.id, "approved")
    again = await client.get("/api/bidder/me", headers=headers)
    sentence = "Your membership has changed since you signed in. Please sign in again."
    assert (again.status_code, again.json()["message"]) == (401, sentence)
    clock.move(61)
    fresh = await signed_in(client, db, "bidder5@example.com")
    assert (await client.get("/api/bidder/me", headers=fresh)).status_code == 200
