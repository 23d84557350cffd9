"""The short gate code (alphabet without look-alikes, a Luhn mod 32 check character, typed in any case with or
without a dash) and the gate's look-up of a live pass by code, lot number or VIN."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.gatepass.code import ALPHABET, check_character, compact, is_valid, new_code, shown
from gavel.vehicles.models import Vehicle
from tests.money.gate_factory import DRIVER, issue, pay

TYPO = "This code has a typo: check the characters."


def test_codes_use_the_alphabet_without_look_alikes_and_carry_a_check_character() -> None:
    assert len(ALPHABET) == 32 and not set("0O1I") & set(ALPHABET)
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000
    for code in codes:
        assert len(code) == 8 and set(code) <= set(ALPHABET)
        assert any(c.isalpha() for c in code[:7]), "never all digits: a code is never read as a lot number"
        assert code[7] == check_character(code[:7]) and is_valid(code)


def test_the_check_character_catches_every_single_typo_and_neighbour_swap() -> None:
    code = "K7PX4MQ" + check_character("K7PX4MQ")
    for position in range(8):
        for other in ALPHABET:
            if other != code[position]:
                assert not is_valid(code[:position] + other + code[position + 1 :])
    swaps = [code[:i] + code[i + 1] + code[i] + code[i + 2 :] for i in range(7) if code[i] != code[i + 1]]
    assert not any(is_valid(swapped) for swapped in swaps)
    assert not is_valid(code[:7] + "0") and not is_valid(code[:7]) and not is_valid(code + "A")


def test_a_code_is_read_in_any_case_with_or_without_dashes_and_spaces() -> None:
    assert compact(" k7px-4mq9 ") == "K7PX4MQ9" and compact("K7PX 4MQ9") == "K7PX4MQ9"
    assert shown("K7PX4MQ9") == "K7PX-4MQ9"


@pytest.fixture
async def paid(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> Any:
    return await pay(client, admin, cashier, sale)


async def scan(client: AsyncClient, headers: dict[str, str], typed: str) -> Any:
    return await client.post("/api/gate/scan", json={"token": typed}, headers=headers)


async def test_the_gate_finds_the_pass_by_code_lot_or_vin(
    client: AsyncClient, admin: dict[str, str], paid: dict[str, Any], db: async_sessionmaker[AsyncSession]
) -> None:
    car = paid["cars"][0]
    async with db() as session:
        (await session.get_one(Vehicle, car["_id"])).plate_number = "Dubai A 12345"
        await session.commit()
    issued = (await issue(client, admin, car["_id"])).json()["data"]
    code = issued["code"]
    assert len(code) == 9 and code[4] == "-" and is_valid(compact(code))
    listed = (await client.get(f"/api/gate-passes/vehicle/{car['_id']}", headers=admin)).json()["data"]
    assert [p["code"] for p in listed] == [code]

    lot = car["vehicleLotNumber"]
    for typed in (code, code.lower(), code.replace("-", ""), code.replace("-", " "), str(lot), f"Lot {lot}",
                  car["vinNumber"].lower()):  # fmt: skip
        answer = await scan(client, admin, typed)
        assert answer.status_code == 200, (typed, answer.text)
        found = answer.json()
        assert (found["allowed"], found["gatePass"]["_id"], found["vehicleLotNumber"]) == (
            True,
            issued["_id"],
            lot,
        ), typed
        assert (found["vehicleColor"], found["vehiclePlate"]) == (car["color"], "Dubai A 12345")

    wrong = code[:8] + next(c for c in ALPHABET if c != code[8])
    typo = await scan(client, admin, wrong)
    assert typo.status_code == 422
    assert typo.json()["message"] == TYPO
    assert typo.json()["errors"] == [{"field": "token", "message": TYPO}]
    assert (await scan(client, admin, code.replace(code[0], "O", 1))).status_code == 422

    unknown_code = "K7PX4MQ" + check_character("K7PX4MQ")
    if unknown_code != compact(code):
        answer = (await scan(client, admin, unknown_code)).json()
        assert (answer["allowed"], answer["reason"]) == (False, "notFound")
        assert answer["message"] == f"No gate pass has the code {shown(unknown_code)}."
    no_lot = (await scan(client, admin, "99999")).json()
    assert (no_lot["allowed"], no_lot["reason"], no_lot["message"]) == (
        False,
        "notFound",
        "No vehicle has the lot number 99999.",
    )
    no_vin = (await scan(client, admin, "WBA00000000000000")).json()
    assert (no_vin["reason"], no_vin["message"]) == ("notFound", "No vehicle has the VIN WBA00000000000000.")

    # The pick-up by the code (what the screen sends after a look-up by lot) lets the vehicle out once.
    taken = await client.post("/api/gate/pick-up", json={"token": code.lower(), **DRIVER}, headers=admin)
    assert taken.status_code == 200, taken.text
    by_lot = (await scan(client, admin, str(lot))).json()
    assert (by_lot["allowed"], by_lot["reason"]) == (False, "pickedUp")


async def test_a_lot_without_a_pass_is_told_so(
    client: AsyncClient, admin: dict[str, str], paid: dict[str, Any]
) -> None:
    car = paid["cars"][0]
    answer = (await scan(client, admin, str(car["vehicleLotNumber"]))).json()
    assert (answer["allowed"], answer["reason"], answer["vehicleId"]) == (False, "noPass", car["_id"])
    assert answer["message"] == (
        f"Lot {car['vehicleLotNumber']} has no gate pass: the office issues one once it is paid."
    )
    refused = await client.post(
        "/api/gate/pick-up", json={"token": str(car["vehicleLotNumber"]), **DRIVER}, headers=admin
    )
    assert (refused.status_code, refused.json()["reason"]) == (409, "noPass")
