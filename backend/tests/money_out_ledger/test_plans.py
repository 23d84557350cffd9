"""The security plans answer their subscribers and the deposits they hold, from one grouped query."""

from typing import Any

from httpx import AsyncClient

from tests.auctions.factory import buyer
from tests.money_out_ledger.conftest import member_on_plan


async def test_the_plan_list_answers_subscribers_and_deposits_held(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    khalid = await buyer(client, admin, 1, buying_power=100000)  # Plan 1: 10,000 AED deposit, paid
    plan_id = khalid["securityPlan"]["_id"] if isinstance(khalid.get("securityPlan"), dict) else None
    listed = (await client.post("/api/plan/list", json={}, headers=admin)).json()
    (plan_1,) = [p for p in listed["data"] if p["name"] == "Plan 1"]
    plan_id = plan_id or plan_1["_id"]
    assert (plan_1["totalSubscribers"], plan_1["depositsHeld"]) == (1, 10000)

    await member_on_plan(client, admin, plan_id, 9, first_name="Huda")  # chose it, deposit not paid
    listed = (await client.post("/api/plan/list", json={}, headers=admin)).json()
    (plan_1,) = [p for p in listed["data"] if p["name"] == "Plan 1"]
    assert (plan_1["totalSubscribers"], plan_1["depositsHeld"]) == (2, 10000)


async def test_a_plan_lists_its_subscribers_with_their_deposits(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    await buyer(client, admin, 1, buying_power=100000)
    listed = (await client.post("/api/plan/list", json={}, headers=admin)).json()
    plan_id = next(p["_id"] for p in listed["data"] if p["name"] == "Plan 1")
    await member_on_plan(client, admin, plan_id, 9, first_name="Huda")

    async def subscribers(**body: Any) -> Any:
        answer = await client.post(f"/api/plan/{plan_id}/subscribers", json=body, headers=admin)
        assert answer.status_code == 200, answer.text
        return answer.json()

    everyone = await subscribers()
    assert (everyone["totalSubscribers"], everyone["depositsHeld"], everyone["totalMatching"]) == (
        2,
        10000,
        2,
    )
    rows = {m["firstName"]: m for m in everyone["data"]}
    assert (rows["Khalid"]["depositHeld"], rows["Khalid"]["buyingPower"]) == (10000, 100000)
    assert (rows["Huda"]["depositHeld"], rows["Huda"]["buyingPower"]) == (0, 0)
    assert rows["Khalid"]["status"] == "approved" and rows["Khalid"]["memberIdentityNo"]
    assert [m["firstName"] for m in everyone["data"]] == ["Huda", "Khalid"]  # by name

    found = await subscribers(search="  huda ")
    assert [m["firstName"] for m in found["data"]] == ["Huda"] and found["totalMatching"] == 1
    assert found["totalSubscribers"] == 2, "the plan's totals whatever the search"
    paged = await subscribers(limit=1, pageNo=2)
    assert [m["firstName"] for m in paged["data"]] == ["Khalid"] and paged["totalPages"] == 2

    missing = await client.post("/api/plan/nothing/subscribers", json={}, headers=admin)
    assert missing.status_code == 404
    assert missing.json()["message"] == "This security plan does not exist."
