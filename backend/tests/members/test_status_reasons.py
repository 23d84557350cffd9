"""Reasons for rejecting and deactivating members, and status changes that are safe to send twice."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.models import AuditEvent
from gavel.members import repository as member_repository
from gavel.members.models import Member
from tests.factories import admin_headers
from tests.members.test_members import company, create, listing, move, person


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


async def change(client: AsyncClient, admin: dict[str, str], body: dict[str, Any]) -> Any:
    return await client.put("/api/members/update-status", json=body, headers=admin)


async def detail(client: AsyncClient, admin: dict[str, str], member_id: str) -> dict[str, Any]:
    response = await client.get(f"/api/members/{member_id}", headers=admin)
    assert response.status_code == 200, response.text
    return dict(response.json())


async def audit(session: AsyncSession, member_id: str) -> list[tuple[str, Any, Any]]:
    rows = await session.execute(
        select(AuditEvent.action, AuditEvent.old_values, AuditEvent.new_values)
        .where(AuditEvent.entity_id == member_id, AuditEvent.action == "member.status_changed")
        .order_by(AuditEvent.created_at)
    )
    return [tuple(row) for row in rows]


@pytest.mark.parametrize(
    ("path", "status", "reason", "message"),
    [
        ([], "rejected", None, "Give a reason for rejecting the member."),
        ([], "rejected", "", "Give a reason for rejecting the member."),
        ([], "rejected", "   \t ", "Give a reason for rejecting the member."),
        ([], "rejected", "  n\n ", "Give a reason for rejecting the member."),
        (["approved"], "deactivated", None, "Give a reason for deactivating the member."),
        (["approved"], "deactivated", "ok", "Give a reason for deactivating the member."),
    ],
)
async def test_rejecting_and_deactivating_need_a_reason(
    client: AsyncClient,
    admin: dict[str, str],
    session: AsyncSession,
    path: list[str],
    status: str,
    reason: str | None,
    message: str,
) -> None:
    member = (await create(client, admin, person()))["data"]
    for step in path:
        assert (await move(client, admin, [member["_id"]], step)).status_code == 200
    body: dict[str, Any] = {"ids": [member["_id"]], "status": status}
    if reason is not None:
        body["reason"] = reason
    response = await change(client, admin, body)
    assert response.status_code == 422, response.text
    assert response.json() == {"message": message, "errors": [{"field": "reason", "message": message}]}
    after = await detail(client, admin, member["_id"])
    assert after["status"] == (path[-1] if path else "pending") and after["statusReason"] is None
    assert len(await audit(session, member["_id"])) == len(path)


async def test_the_message_speaks_of_members_for_several(client: AsyncClient, admin: dict[str, str]) -> None:
    a = (await create(client, admin, person()))["data"]
    b = (await create(client, admin, company()))["data"]
    response = await change(client, admin, {"ids": [a["_id"], b["_id"]], "status": "rejected"})
    assert response.status_code == 422
    assert response.json()["errors"] == [
        {"field": "reason", "message": "Give a reason for rejecting the members."}
    ]


async def test_a_reason_has_at_most_500_characters(client: AsyncClient, admin: dict[str, str]) -> None:
    member = (await create(client, admin, person()))["data"]
    response = await change(
        client, admin, {"ids": [member["_id"]], "status": "rejected", "reason": "x" * 501}
    )
    assert response.status_code == 422
    assert response.json()["errors"] == [
        {"field": "reason", "message": "String should have at most 500 characters"}
    ]
    spaced = "  ".join(["word"] * 150)  # 898 characters as sent, 749 once squashed: still too long
    assert (
        await change(client, admin, {"ids": [member["_id"]], "status": "rejected", "reason": spaced})
    ).status_code == 422
    fits = " ".join(["abcd"] * 100)  # 499 characters
    ok = await change(client, admin, {"ids": [member["_id"]], "status": "rejected", "reason": fits})
    assert ok.status_code == 200


async def test_the_reason_is_stored_shown_audited_and_cleared(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    member = (await create(client, admin, person()))["data"]
    assert member["statusReason"] is None
    ids = [member["_id"]]
    rejected = await change(
        client, admin, {"ids": ids, "status": "rejected", "reason": "  Emirates ID\n photo   unreadable. "}
    )
    assert rejected.status_code == 200
    assert rejected.json()["message"] == "1 member set to rejected."
    shown = await detail(client, admin, member["_id"])
    assert shown["status"] == "rejected" and shown["statusReason"] == "Emirates ID photo unreadable."
    row = (await listing(client, admin, status="rejected"))["members"][0]
    assert row["statusReason"] == "Emirates ID photo unreadable."
    # The reason can be searched like every other value of the member.
    assert [
        m["_id"] for m in (await listing(client, admin, status="rejected", search="unreadable"))["members"]
    ] == ids
    # Back to review clears it; approving keeps it clear, even when a reason is sent.
    assert (await move(client, admin, ids, "pending")).status_code == 200
    assert (await detail(client, admin, member["_id"]))["statusReason"] is None
    approved = await change(client, admin, {"ids": ids, "status": "approved", "reason": "Looks fine."})
    assert approved.status_code == 200
    assert (await detail(client, admin, member["_id"]))["statusReason"] is None
    # Inactive takes an optional reason; deactivating needs one.
    assert (await change(client, admin, {"ids": ids, "status": "inActive"})).status_code == 200
    assert (await detail(client, admin, member["_id"]))["statusReason"] is None
    assert (await move(client, admin, ids, "approved")).status_code == 200
    inactive = await change(client, admin, {"ids": ids, "status": "inActive", "reason": "Moved abroad."})
    assert inactive.json()["message"] == "1 member set to inactive."
    assert (await detail(client, admin, member["_id"]))["statusReason"] == "Moved abroad."
    assert (await move(client, admin, ids, "approved")).status_code == 200
    assert (await move(client, admin, ids, "deactivated", "Unpaid invoices for 90 days.")).status_code == 200
    assert (await detail(client, admin, member["_id"]))["statusReason"] == "Unpaid invoices for 90 days."
    assert await audit(session, member["_id"]) == [
        (
            "member.status_changed",
            {"status": "pending", "reason": None},
            {"status": "rejected", "reason": "Emirates ID photo unreadable."},
        ),
        (
            "member.status_changed",
            {"status": "rejected", "reason": "Emirates ID photo unreadable."},
            {"status": "pending", "reason": None},
        ),
        (
            "member.status_changed",
            {"status": "pending", "reason": None},
            {"status": "approved", "reason": None},
        ),
        (
            "member.status_changed",
            {"status": "approved", "reason": None},
            {"status": "inActive", "reason": None},
        ),
        (
            "member.status_changed",
            {"status": "inActive", "reason": None},
            {"status": "approved", "reason": None},
        ),
        (
            "member.status_changed",
            {"status": "approved", "reason": None},
            {"status": "inActive", "reason": "Moved abroad."},
        ),
        (
            "member.status_changed",
            {"status": "inActive", "reason": "Moved abroad."},
            {"status": "approved", "reason": None},
        ),
        (
            "member.status_changed",
            {"status": "approved", "reason": None},
            {"status": "deactivated", "reason": "Unpaid invoices for 90 days."},
        ),
    ]


async def test_the_same_change_twice_changes_nothing_the_second_time(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    member = (await create(client, admin, person()))["data"]
    body = {"ids": [member["_id"]], "status": "rejected", "reason": "Emirates ID photo unreadable."}
    first = await change(client, admin, body)
    assert first.status_code == 200
    before = await detail(client, admin, member["_id"])
    second = await change(client, admin, body | {"reason": "Another reason typed in the meantime."})
    assert second.status_code == 200
    assert second.json() == first.json()
    after = await detail(client, admin, member["_id"])
    assert after == before  # nothing written: same reason, same updatedAt and statusChangedAt
    assert len(await audit(session, member["_id"])) == 1


async def test_a_bulk_change_skips_members_already_there(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    a = (await create(client, admin, person()))["data"]
    b = (await create(client, admin, company()))["data"]
    assert (await move(client, admin, [a["_id"]], "approved")).status_code == 200
    both = await move(client, admin, [a["_id"], b["_id"]], "approved")
    assert both.status_code == 200
    assert both.json()["message"] == "2 members set to approved."
    assert both.json()["totalApproved"] == 2 and both.json()["totalPending"] == 0
    assert len(await audit(session, a["_id"])) == 1 and len(await audit(session, b["_id"])) == 1
    # The other transition rules still hold for the members that would move.
    refused = await move(client, admin, [a["_id"], b["_id"]], "pending")
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        "Cannot change 2 members to pending: "
        "Saeed Al Falasi is approved, Desert Motors Trading LLC is approved."
    )


@pytest.mark.parametrize(
    ("path", "wanted", "meanwhile", "answer", "message"),
    [
        ([], "rejected", "rejected", 200, "1 member set to rejected."),
        ([], "rejected", "approved", 409, "Cannot change 1 member to rejected: Saeed Al Falasi is approved."),
        (
            ["approved", "deactivated"],
            "approved",
            "inActive",
            409,
            "Saeed Al Falasi was changed by someone else meanwhile and is now inactive. "
            "Look again and try again.",
        ),
        ([], "rejected", None, 404, "1 of the selected members no longer exists."),
    ],
)
async def test_a_change_made_by_another_request_after_the_read_is_seen(
    client: AsyncClient,
    admin: dict[str, str],
    session: AsyncSession,
    monkeypatch: pytest.MonkeyPatch,
    path: list[str],
    wanted: str,
    meanwhile: str | None,
    answer: int,
    message: str,
) -> None:
    """Another request changes (or deletes) the member between this request's read and its write: the same
    change is then done already (200, nothing written twice), anything else refuses this one."""
    member = (await create(client, admin, person()))["data"]
    for step in path:
        assert (await move(client, admin, [member["_id"]], step)).status_code == 200
    before = len(await audit(session, member["_id"]))
    read = member_repository.by_ids

    async def read_then_changed_elsewhere(db: AsyncSession, ids: Any) -> list[Member]:
        found = await read(db, ids)
        row = Member.id == member["_id"]
        elsewhere = (
            delete(Member).where(row)
            if meanwhile is None
            else update(Member).where(row).values(status=meanwhile, status_reason="Changed elsewhere.")
        )
        await db.execute(elsewhere.execution_options(synchronize_session=False))
        return found

    monkeypatch.setattr(member_repository, "by_ids", read_then_changed_elsewhere)
    response = await move(client, admin, [member["_id"]], wanted, "Passport photo unreadable.")
    assert response.status_code == answer, response.text
    assert response.json()["message"] == message
    monkeypatch.undo()
    if answer == 200:  # (a refusal rolls back this request, and with it the stand-in for the other one)
        after = await detail(client, admin, member["_id"])
        assert (after["status"], after["statusReason"]) == (meanwhile, "Changed elsewhere.")
    assert len(await audit(session, member["_id"])) == before
