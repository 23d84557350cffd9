"""The lane tests' sale: a published auction (Online unless told) of one event whose first lane holds the
vehicles in run order (opening AED 15,000, reserve AED 20,000; AED 500 steps, 10 s counter-bid time), two
approved buyers, the app's sessions, and a clock the test moves by hand (the app's too)."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.auctions.models import AuctionEvent
from gavel.bidding import repository, service
from gavel.bidding.bids import MaximumBid
from gavel.bidding.lanes import repository as lanes
from gavel.bidding.lanes.models import LaneRun
from gavel.bidding.lanes.runner import tick
from gavel.bidding.lot import Source
from gavel.bidding.models import LotRow
from gavel.config import Settings
from tests.auctions.factory import SALE_START
from tests.bidding.seeded_sale import seeded_sale

AED = 100


@dataclass
class HandClock:
    """A clock that stands still until the test moves it; it reads in UTC, as the app's does."""

    at: datetime

    def now(self) -> datetime:
        return self.at.astimezone(UTC)

    def move(self, seconds: float) -> datetime:
        self.at += timedelta(seconds=seconds)
        return self.at


@dataclass
class LaneSale:
    app: Any
    client: AsyncClient
    admin: dict[str, str]
    sessions: async_sessionmaker[AsyncSession]
    event_id: str
    lane_id: str
    vehicles: list[str]
    buyers: list[str]
    staff: str
    clock: HandClock = field(default_factory=lambda: HandClock(SALE_START))

    async def tick(self, holder: str = "A") -> float:
        return await tick(self.sessions, self.clock, holder)

    async def lots(self) -> list[LotRow]:
        """The lane's lots in run order (made when missing)."""
        async with self.sessions() as session:
            await service.ensure_lots(session, self.event_id)
            await session.commit()
            return await lanes.lots_of_lane(session, self.lane_id)

    async def lot(self, lot_id: str) -> LotRow:
        async with self.sessions() as session:
            row = await repository.lot_by_id(session, lot_id)
            assert row is not None
            return row

    async def run(self) -> LaneRun | None:
        async with self.sessions() as session:
            return await lanes.lane_run(session, self.lane_id)

    async def absentee(self, lot_id: str, bidder: str, maximum: int) -> None:
        bid = MaximumBid(Source.ABSENTEE, self.staff, bidder, maximum * AED, self.clock.now())
        async with self.sessions() as session:
            outcome = await service.place_bid(session, lot_id, bid, self.clock.now())
            await session.commit()
        assert outcome.accepted, outcome.message

    async def kinds(self, lot_id: str) -> list[str]:
        async with self.sessions() as session:
            return [e.kind for e in await repository.events_after(session, lot_id, 0)]

    async def set_event(self, **values: Any) -> None:
        async with self.sessions() as session:
            event = await session.get(AuctionEvent, self.event_id)
            assert event is not None
            for name, value in values.items():
                setattr(event, name, value)
            await session.commit()


@asynccontextmanager
async def lane_sale(
    settings: Settings, folder: Path, *, cars: int = 3, auction_type: str = "Online", lanes: str = "A"
) -> AsyncIterator[LaneSale]:
    """`lanes`: the letters the vehicles are placed in, in turn (the sale's `lane_id` is lane A's)."""
    async with seeded_sale(settings, folder, cars=cars, auction_type=auction_type, lanes=lanes) as (
        app,
        client,
        seed,
    ):
        made = LaneSale(
            app,
            client,
            seed.admin,
            app.state.sessionmaker,
            seed.event_id,
            seed.lane_id,
            seed.vehicles,
            seed.buyers,
            seed.staff,
        )
        app.state.clock = made.clock  # the routes read the test's clock too
        yield made
