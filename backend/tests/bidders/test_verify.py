"""POST /api/bidder/verify: a code for a bidder session, once, within 5 minutes; wrong codes throttled per
code, per member and per IP; members who are not approved refused with a sentence."""

import pytest
from httpx import AsyncClient
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.bidders.models import BidderCode, BidderSession
from tests.bidders.conftest import StoppedClock, last_code, make_member, sign_in, verify, wrong

INVALID = "The code is incorrect or has expired."


async def sessions(db: async_sessionmaker[AsyncSession]) -> int:
    async with db() as session:
        return int(await session.scalar(select(func.count()).select_from(BidderSession)) or 0)


async def test_the_right_code_opens_a_bidder_session_once(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    await make_member(db, 1, language="ar", organization="Desert Motors LLC")
    await sign_in(client, "bidder1@example.com")
    code = await last_code(db, "bidder1@example.com")
    answer = await verify(client, "BIDDER1@example.com", code)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["token"].startswith("bid_") and len(body["token"]) > 40
    assert body["bidder"] == {
        "memberId": body["bidder"]["memberId"],
        "name": "Desert Motors LLC",
        "firstName": "Omar",
        "paddle": 101,
        "memberNumber": "784-1990-1234501-1",
        "language": "ar",
        "codeChannel": "sms",
    }
    assert body["session"]["expiresAt"] == "2031-05-02T06:00:00Z"
    again = await verify(client, "bidder1@example.com", code)
    assert (again.status_code, again.json()["message"]) == (400, INVALID)
    assert await sessions(db) == 1


async def test_a_code_expires_after_5_minutes(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    await make_member(db, 2)
    await sign_in(client, "+971505550002")
    code = await last_code(db, "+971505550002")
    clock.move(300)
    late = await verify(client, "0505550002", code)
    assert (late.status_code, late.json()["message"]) == (400, INVALID)
    clock.move(-1)
    assert (await verify(client, "0505550002", code)).status_code == 200


async def test_a_code_answers_only_the_address_it_was_sent_to_and_a_new_one_revokes_it(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    await make_member(db, 3)
    await sign_in(client, "bidder3@example.com")
    first = await last_code(db, "bidder3@example.com")
    assert (await verify(client, "+971505550003", first)).status_code == 400  # sent to the email address
    clock.move(61)
    await sign_in(client, "bidder3@example.com")
    second = await last_code(db, "bidder3@example.com")
    if first != second:
        assert (await verify(client, "bidder3@example.com", first)).status_code == 400
    assert (await verify(client, "bidder3@example.com", second)).status_code == 200


async def test_five_wrong_tries_burn_a_code(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    await make_member(db, 4)
    await sign_in(client, "bidder4@example.com")
    code = await last_code(db, "bidder4@example.com")
    for _ in range(5):
        answer = await verify(client, "bidder4@example.com", wrong(code))
        assert (answer.status_code, answer.json()["message"]) == (400, INVALID)
    burnt = await verify(client, "bidder4@example.com", code)
    assert burnt.status_code == 429
    assert burnt.json()["message"] == "Too many wrong codes for this code. Please request a new code."


async def test_wrong_codes_are_throttled_per_member_across_their_addresses(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    await make_member(db, 5)
    for address in ("bidder5@example.com", "+971505550005"):
        clock.move(61)
        await sign_in(client, address)
        code = await last_code(db, address)
        for _ in range(5):
            assert (await verify(client, address, wrong(code))).status_code == 400
    clock.move(61)
    await sign_in(client, "bidder5@example.com")
    throttled = await verify(client, "bidder5@example.com", await last_code(db, "bidder5@example.com"))
    assert throttled.status_code == 429
    assert throttled.json()["message"] == "Too many wrong codes. Please try again in 13 minutes."
    assert int(throttled.headers["retry-after"]) == 900 - 122 + 1
    clock.move(900)
    await sign_in(client, "bidder5@example.com")
    assert (
        await verify(client, "bidder5@example.com", await last_code(db, "bidder5@example.com"))
    ).status_code == 200


async def test_wrong_codes_are_throttled_per_ip_and_unknown_addresses_count(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    await make_member(db, 6)
    for n in range(30):
        answer = await verify(client, f"guess{n % 3}@example.com", "123456")
        assert (answer.status_code, answer.json()["message"]) == (400, INVALID), n
    await sign_in(client, "bidder6@example.com")
    refused = await verify(client, "bidder6@example.com", await last_code(db, "bidder6@example.com"))
    assert refused.status_code == 429
    assert refused.json()["message"] == "Too many wrong codes. Please try again in 16 minutes."


@pytest.mark.parametrize(
    ("status", "sentence"),
    [
        ("pending", "Your registration is still being reviewed. You can sign in once it is approved."),
        ("rejected", "Your registration was not approved. Please contact us for help."),
        ("deactivated", "Your membership has been deactivated. Please contact us for help."),
        ("inActive", "Your membership is inactive. Please contact us for help."),
    ],
)
async def test_a_member_who_is_not_approved_is_refused_with_a_sentence(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock, status: str, sentence: str
) -> None:
    await make_member(db, 7, status=status)
    asked = await sign_in(client, "bidder7@example.com")
    assert asked.json()["message"].startswith("If this address belongs to a member")
    refused = await verify(client, "bidder7@example.com", await last_code(db, "bidder7@example.com"))
    assert (refused.status_code, refused.json()) == (403, {"message": sentence, "errors": []})
    assert await sessions(db) == 0


async def test_a_code_must_come_with_an_address(client: AsyncClient, clock: StoppedClock) -> None:
    missing = await client.post("/api/bidder/verify", json={"address": "bidder8@example.com"})
    assert (missing.status_code, missing.json()["errors"][0]["field"]) == (422, "code")
    bad = await verify(client, "nobody", "123456")
    assert (bad.status_code, bad.json()["errors"][0]["field"]) == (422, "address")


async def test_when_two_requests_for_a_code_crossed_either_code_signs_in(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], clock: StoppedClock
) -> None:
    """Two requests at once each revoke only the codes they saw, so both codes stay open: either one works."""
    await make_member(db, 9)
    await sign_in(client, "bidder9@example.com")
    first = await last_code(db, "bidder9@example.com")
    clock.move(61)
    await sign_in(client, "bidder9@example.com")
    async with db() as session:
        await session.execute(update(BidderCode).values(revoked_at=None))  # as if neither saw the other
        await session.commit()
    assert (await verify(client, "bidder9@example.com", first)).status_code == 200
