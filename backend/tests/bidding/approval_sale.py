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
from tests.auctions.factory import moved_clock
from tests.bidding.seeded_sale import seeded_sale
from tests.bidding.test_lot_service import NOW, Sale

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
    async with seeded_sale(settings, folder, cars=cars, buying_powers=buying_powers) as (app, client, made):
        s = Sale(app.state.sessionmaker, made.event_id, made.vehicles, made.buyers, made.staff)
        yield ApprovalSale(s, app, client, made.admin, moved_clock(app, NOW))
