"""Sellers and vehicle bodies for the vehicle tests, with VINs whose check digit is right."""

from datetime import date, timedelta
from typing import Any

from httpx import AsyncClient

TRANSLITERATION = dict(
    zip(
        "ABCDEFGHJKLMNPRSTUVWXYZ",
        [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9],
        strict=True,
    )
)
WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]


def north_american_vin(serial: int, prefix: str = "1HGCM8263") -> str:
    """A Honda-style US VIN (1HG...) with the right check digit in the 9th place."""
    body = f"{prefix[:8]}0KA{serial:06d}"  # 9th place is the check digit, K is model year 2019

    total = sum(
        (int(c) if c.isdigit() else TRANSLITERATION[c]) * w for c, w in zip(body, WEIGHTS, strict=True)
    )
    check = "X" if total % 11 == 10 else str(total % 11)
    return body[:8] + check + body[9:]


async def approved_seller(client: AsyncClient, admin: dict[str, str], n: int = 1) -> dict[str, Any]:
    expiry = (date.today() + timedelta(days=400)).isoformat()
    body = {
        "firstName": "Majid",
        "lastName": f"Seller{n}",
        "email": f"seller{n}@example.com",
        "phone": f"05022233{n:02d}",
        "memberIdentityNo": f"784-1980-12345{n:02d}-1",
        "memberTypes": ["seller"],
        "memberEntity": "individual",
        "sellerType": "individual",
        "memberProfile": {
            "identityType": "nic",
            "identityExpiry": expiry,
            "emirate": "Dubai",
            "city": "Dubai",
        },
    }
    created = await client.post("/api/members/create", json=body, headers=admin)
    assert created.status_code == 201, created.text
    member = created.json()["data"]
    moved = await client.put(
        "/api/members/update-status", json={"ids": [member["_id"]], "status": "approved"}, headers=admin
    )
    assert moved.status_code == 200
    return dict(member)


def vehicle(seller_id: str, serial: int = 1, **overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "title": "2019 Toyota Land Cruiser GXR",
        "make": "Toyota",
        "model": "Land Cruiser",
        "year": 2019,
        "vinNumber": north_american_vin(serial),
        "transmission": "Automatic",
        "engineDetails": "4.0L V6",
        "driveType": "4WD",
        "fuelType": "Petrol",
        "mileage": 86500,
        "keysAvailable": True,
        "runAndDrive": True,
        "startStatus": True,
        "color": "White",
        "bodyStyle": "SUV",
        "primaryDamage": "Front End",
        "secondaryDamage": "Minor Dents/Scratches",
        "cylinders": 6,
        "openingPrice": 85000,
        "reservePrice": 110000,
        "memberProfile": seller_id,
    }
    body.update(overrides)
    return body
