"""A lot page's vehicle part (card, photos, specs) is kept per app process by the vehicle's id and
`updated_at` (bidders/lots/vehicle_pages.py): never older than the database, because every save moves
`updated_at`, photos included."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.bidders.lots import vehicle_pages
from gavel.bidding.models import LotRow
from gavel.db import utcnow
from gavel.vehicles.models import Vehicle, VehicleImage
from tests.bidders.sale import bidder_sale
from tests.factories import admin_headers
from tests.vehicles.factory import approved_seller, vehicle


async def test_a_save_of_photos_alone_moves_updated_at(client: AsyncClient, app: Any) -> None:
    admin = await admin_headers(client)
    seller = await approved_seller(client, admin, 7)
    body = vehicle(seller["_id"], 1)
    made = await client.post("/api/vehicles/create", json=body, headers=admin)
    assert made.status_code == 201, made.text
    vehicle_id = made.json()["data"]["_id"]
    before = (await client.get(f"/api/vehicles/{vehicle_id}", headers=admin)).json()["updatedAt"]

    photos = {**body, "images": [{"url": "/public/vehicles/a-car.jpg"}]}
    saved = await client.put(f"/api/vehicles/{vehicle_id}", json=photos, headers=admin)
    assert saved.status_code == 200, saved.text
    after = (await client.get(f"/api/vehicles/{vehicle_id}", headers=admin)).json()
    assert after["updatedAt"] > before
    assert [image["url"] for image in after["images"]] == ["/public/vehicles/a-car.jpg"]


async def test_the_lot_page_follows_a_new_version_of_its_vehicle(
    client: AsyncClient, app: Any, db: async_sessionmaker[AsyncSession]
) -> None:
    sale = await bidder_sale(client, app, db)
    a, b = sale.bidders
    lot_id = sale.lot_ids[0]
    first = await a.ok("get", f"lots/{lot_id}")
    assert first["photos"] == [] and first["vehicle"]["photoUrl"] is None
    assert (await b.ok("get", f"lots/{lot_id}"))["specs"] == first["specs"]  # the kept page, read again

    # What a save does (the vehicle API refuses to edit a vehicle in an event): new photos and a new version.
    async with db() as session:
        vehicle_id = (
            await session.execute(select(LotRow.vehicle_id).where(LotRow.id == lot_id))
        ).scalar_one()
        session.add(VehicleImage(vehicle_id=vehicle_id, position=0, url="https://img.example/b.jpg",
                                 thumbnail_url="https://img.example/b-small.jpg"))  # fmt: skip
        await session.execute(
            update(Vehicle)
            .where(Vehicle.id == vehicle_id)
            .values(title="2019 Toyota Camry GLE", updated_at=utcnow())
        )
        await session.commit()

    again = await a.ok("get", f"lots/{lot_id}")
    assert again["photos"] == ["https://img.example/b.jpg"]
    assert again["vehicle"]["photoUrl"] == "https://img.example/b-small.jpg"
    assert again["vehicle"]["title"] == "2019 Toyota Camry GLE"


async def test_the_least_recently_read_vehicles_go_first(db: async_sessionmaker[AsyncSession]) -> None:
    page = vehicle_pages.VehiclePage(vehicle_pages.repository.Card("v", "t", 1, 0, 2019, None), (), {})
    kept = vehicle_pages._kept
    kept.clear()
    now = utcnow()
    for n in range(vehicle_pages.KEPT):
        kept[(f"v{n}", now)] = page
    async with db() as session:
        assert await vehicle_pages.vehicle_page(session, "v0", now) is page  # read: now the most recent
        assert await vehicle_pages.vehicle_page(session, "gone", now) is None  # no such vehicle: nothing kept
    assert len(kept) == vehicle_pages.KEPT
    vehicle_pages.keep(("v-new", now), page)
    assert ("v1", now) not in kept and ("v0", now) in kept
    kept.clear()
