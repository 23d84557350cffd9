"""A sale for the bidder API's tests: the lots' API sale (tests/bidding/lots_api.py: a published Live
auction, AED 500 steps, vehicles opening at AED 15,000 with a reserve of AED 20,000, approved buyers, the
app's clock on the sale's day), its buyers signed in as bidders, and short ways to call the bidder API."""

from dataclasses import dataclass, field
from typing import Any

from httpx import AsyncClient, Response
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from tests.bidders.conftest import signed_in
from tests.bidding.lots_api import ApiSale, api_sale


@dataclass
class Bidder:
    client: AsyncClient
    headers: dict[str, str]
    member_id: str
    name: str
    answers: list[Any] = field(default_factory=list)  # every answer's body, for the privacy walk

    def _kept(self, answered: Response) -> Response:
        if answered.content:
            self.answers.append(answered.json())
        return answered

    async def get(self, path: str) -> Response:
        return self._kept(await self.client.get(f"/api/bidder/{path}", headers=self.headers))

    async def put(self, path: str, body: dict[str, Any] | None = None) -> Response:
        return self._kept(await self.client.put(f"/api/bidder/{path}", json=body, headers=self.headers))

    async def post(self, path: str, body: dict[str, Any] | None = None) -> Response:
        return self._kept(await self.client.post(f"/api/bidder/{path}", json=body, headers=self.headers))

    async def delete(self, path: str) -> Response:
        return self._kept(await self.client.delete(f"/api/bidder/{path}", headers=self.headers))

    async def ok(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        call = getattr(self, method)
        answered = await (call(path) if method in ("get", "delete") else call(path, body))
        assert answered.status_code == 200, answered.text
        return answered.json()

    async def maximum(self, lot_id: str, amount: str) -> Response:
        return await self.put(f"lots/{lot_id}/maximum", {"maximum": amount})

    async def bid(self, lot_id: str, amount: str | None = None) -> Response:
        body = {"amount": amount} if amount is not None else {"nextStep": True}
        return await self.post(f"lots/{lot_id}/bids", body)

    async def lots(self, event_id: str) -> list[dict[str, Any]]:
        return list((await self.ok("get", f"events/{event_id}/lots"))["data"])


@dataclass
class BidderSale:
    sale: ApiSale
    bidders: list[Bidder]
    lot_ids: list[str]

    @property
    def event_id(self) -> str:
        return self.sale.event_id


async def bidder_sale(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    *,
    cars: int = 2,
    buyers: int = 2,
    buying_power: int = 100000,
    made: bool = True,
) -> BidderSale:
    """The sale, each buyer signed in as a bidder (buyer{n}@example.com, 'Khalid Buyer{n}'), and its lots
    made unless `made` is False (the staff's list of the event's lots makes them)."""
    sale = await api_sale(client, app, cars=cars, buyers=buyers, buying_power=buying_power)
    bidders = []
    for n, member_id in enumerate(sale.buyers, start=1):
        headers = await signed_in(client, db, f"buyer{n}@example.com")
        bidders.append(Bidder(client, headers, member_id, f"Khalid Buyer{n}"))
    lot_ids = [lot["id"] for lot in await sale.lots()] if made else []
    return BidderSale(sale, bidders, lot_ids)
