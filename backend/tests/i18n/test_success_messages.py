"""Issue 27: a success answer whose model carries its own `message` (counts with a message, a VIN's check)
says it in the staff user's language, like MessageResponse: Arabic with Accept-Language: ar, English else."""

from httpx import AsyncClient

from tests.charges.test_charges import charge, create
from tests.factories import admin_headers
from tests.locations.test_locations import yard

AR = {"Accept-Language": "ar"}


async def test_counts_messages_and_a_vins_check_answer_in_arabic(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    arabic = {**admin, **AR}

    location = await client.post("/api/locations/create", json=yard(), headers=admin)
    assert location.status_code == 201, location.text
    ids = {"ids": [location.json()["_id"]]}
    inactive = await client.put(
        "/api/locations/update-status", json={**ids, "status": "inActive"}, headers=arabic
    )
    assert inactive.status_code == 200, inactive.text
    assert inactive.json()["message"] == "تم تغيير حالة موقع واحد إلى غير نشط."
    deleted = await client.request("DELETE", "/api/locations/delete", json=ids, headers=arabic)
    assert deleted.status_code == 200, deleted.text
    assert deleted.json()["message"] == "تم حذف موقع واحد."

    first = await create(client, admin, charge())
    second = await create(
        client, admin, charge(title="Buyer fee above 10,000 AED", minPrice=10001, maxPrice=None)
    )
    switched = await client.put(
        "/api/charge/update-charge-status",
        json={"ids": [first["_id"], second["_id"]], "isActive": False},
        headers=arabic,
    )
    assert switched.status_code == 200, switched.text
    assert switched.json()["message"] == "تم تغيير حالة رسمين إلى غير نشط."
    english = await client.put(
        "/api/charge/update-charge-status", json={"ids": [first["_id"]], "isActive": True}, headers=admin
    )
    assert english.json()["message"] == "1 charge set active."

    bad = await client.post("/api/vehicles/decode-vin", json={"vinNumber": "123"}, headers=arabic)
    assert bad.status_code == 200, bad.text
    assert bad.json()["valid"] is False
    assert bad.json()["message"] == "يتكون رقم الهيكل (VIN) من 17 خانة بالضبط."
