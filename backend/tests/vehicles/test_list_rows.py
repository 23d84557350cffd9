"""A list page is read as rows (repository.page, presenter.vehicle_page): it answers every vehicle exactly as
the ORM presenter (vehicle_out) answers it elsewhere: seller, buyer, images in their order, invoice badge."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.invoices import repository as invoice_repository
from gavel.invoices.vehicle_badges import vehicle_with_invoice as vehicle_out
from gavel.vehicles.models import Vehicle, VehicleImage
from tests.factories import admin_headers
from tests.vehicles.factory import approved_seller, vehicle
from tests.vehicles.test_vehicles import approve, create, listing, sell


async def _as_presented(session: AsyncSession, ids: list[str]) -> list[dict[str, Any]]:
    rows = {v.id: v for v in (await session.scalars(select(Vehicle).where(Vehicle.id.in_(ids)))).unique()}
    invoices = await invoice_repository.of_vehicles(session, ids)
    return [vehicle_out(rows[i], invoices.get(i)).model_dump(mode="json", by_alias=True) for i in ids]


async def test_every_list_answers_each_vehicle_as_the_presenter_does(
    client: AsyncClient, session: AsyncSession, db: async_sessionmaker[AsyncSession]
) -> None:
    admin = await admin_headers(client)
    seller = await approved_seller(client, admin)
    buyer = await approved_seller(client, admin, 2)
    ids = [(await create(client, admin, vehicle(seller["_id"], n)))["data"]["_id"] for n in (1, 2, 3, 4)]
    for vehicle_id in ids[:3]:
        await approve(client, admin, vehicle_id)
    async with db() as writing:  # images stored out of their order: the list gives them by position
        for position in (2, 0, 1):
            writing.add(
                VehicleImage(
                    vehicle_id=ids[0],
                    position=position,
                    url=f"/public/vehicles/{position}.jpg",
                    thumbnail_url=f"/public/vehicles/{position}-thumb.jpg",
                )
            )
        await writing.commit()
    await sell(db, ids[1], buyer["_id"], is_paid=True)
    for status, expected in (("approved", {ids[0], ids[2]}), ("sold", {ids[1]}), ("pending", {ids[3]})):
        page = await listing(client, admin, status=status)
        listed = page["vehicles"]
        assert {v["_id"] for v in listed} == expected
        session.expunge_all()
        assert listed == await _as_presented(session, [v["_id"] for v in listed])
    first = next(
        v for v in (await listing(client, admin, status="approved"))["vehicles"] if v["_id"] == ids[0]
    )
    assert [i["url"] for i in first["images"]] == [f"/public/vehicles/{n}.jpg" for n in (0, 1, 2)]
    assert first["thumbnailImages"] == [f"/public/vehicles/{n}-thumb.jpg" for n in (0, 1, 2)]
    sold = (await listing(client, admin, status="sold"))["vehicles"][0]
    assert (
        sold["buyerInfo"]["buyerProfile"]["_id"] == buyer["_id"]
        and sold["memberProfile"]["_id"] == seller["_id"]
    )
