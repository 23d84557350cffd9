"""A sale whose lots close below their reserve, on an app whose requests commit: lots sent to approval by the
service, and the staff's answers through the routes (the app's clock moved to the moment a test names)."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from httpx import AsyncClient, Response
from sqlalchemy import select

from gavel.bidding import service
from gavel.bidding.approval.models import LotApproval
from gavel.bidding.models import LotRow
from gavel.config import Settings
from gavel.core.clock import ShiftedClock
from gavel.users.models import User
from tests.auctions.factory import approved_vehicles, buyer, create_auction, events, moved_clock, yard
from tests.bidding.test_lot_service import NOW, Sale
from tests.committing import committing_app
from tests.conftest import ADMIN_EMAIL
from tests.factories import admin_headers
from tests.money.conftest import fees

__all__ = ["NOW", "ApprovalSale", "approval_sale"]


@dataclass
class ApprovalSale:
    """The sale, its app's client and the staff's headers; `clock` is the app's."""

    sale: Sale
    app: Any
    client: AsyncClient
    admin: dict[str, str]
    clock: ShiftedClock

    async def on_approval(self, lot: LotRow, bidder: str, maximum: int, at: datetime = NOW) -> LotRow:
        """The lot opened, `bidder`'s maximum taken (below the reserve) and the lot closed at `at`."""
        s = self.sale
        await s.opened(lot.id, at - timedelta(seconds=20))
        await s.bid(lot.id, s.absentee(bidder, maximum), at - timedelta(seconds=10))
        async with s.sessions() as session:
            row = await service.close_lot(session, lot.id, at, s.actor)
            await session.commit()
        assert row.result == "on_approval"
        return row

    async def approval(self, lot_id: str) -> LotApproval:
        async with self.sale.sessions() as session:
            stmt = select(LotApproval).where(LotApproval.lot_id == lot_id)
            return (await session.execute(stmt)).scalar_one()

    async def decide(self, lot_id: str, at: datetime, **body: Any) -> Response:
        self.clock.move_to(at)
        return await self.client.post(f"/api/lots/{lot_id}/approval", json=body, headers=self.admin)

    async def answer(self, lot_id: str, at: datetime, **body: Any) -> Response:
        self.clock.move_to(at)
        return await self.client.post(
            f"/api/lots/{lot_id}/approval/counter-answer", json=body, headers=self.admin
        )

    async def listed(self, status: str = "waiting") -> list[dict[str, Any]]:
        found = await self.client.get(f"/api/lots/on-approval?status={status}", headers=self.admin)
        assert found.status_code == 200, found.text
        return list(found.json()["data"])


@asynccontextmanager
async def approval_sale(
    settings: Settings, folder: Path, *, cars: int = 1, buying_powers: tuple[int, ...] = (100000, 100000)
) -> AsyncIterator[ApprovalSale]:
    """As `test_lot_service.sale` (a published Live auction, AED 500 steps, vehicles at opening AED 15,000 and
    reserve AED 20,000 in its first lane, approved buyers), keeping the app, its client and the headers."""
    async with committing_app(settings, folder) as (app, client):
        admin = await admin_headers(client)
        await fees(client, admin)
        location = await yard(client, admin)
        auction = (await create_auction(client, admin, location))["data"]
        event = (await events(client, admin, auction["_id"]))[0]["_id"]
        placed = await approved_vehicles(client, admin, cars)
        added = await client.post(
            f"/api/auction-event/add-vehicle/{event}",
            json={"vehicles": [{"vehicleId": car["_id"]} for car in placed]},
            headers=admin,
        )
        assert added.status_code == 200, added.text
        published = await client.put(
            "/api/auctions/status", json={"auctionIds": [auction["_id"]], "status": "publish"}, headers=admin
        )
        assert published.status_code == 200, published.text
        members = [
            (await buyer(client, admin, n, buying_power=power))["_id"]
            for n, power in enumerate(buying_powers, start=1)
        ]
        sessions = app.state.sessionmaker
        async with sessions() as session:
            staff = (await session.execute(select(User.id).where(User.email == ADMIN_EMAIL))).scalar_one()
        s = Sale(sessions, event, [car["_id"] for car in placed], members, staff)
        yield ApprovalSale(s, app, client, admin, moved_clock(app, NOW))
