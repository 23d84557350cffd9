"""Privacy, the heart of the bidder API: no answer a member gets (events, lots, a lot, bids and their
refusals' sentences, withdrawals, the watch list, buying power, purchases) holds another member's id, name
or maximum, the seller's, or the reserve price. Two members bid against each other on two lots through
every route and every kind of refusal, and each one's answers are walked for the other's traces."""

import json
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from httpx import AsyncClient
from sqlalchemy import select

from gavel.members.models import Member
from gavel.vehicles.models import Vehicle
from tests.bidders.sale import Bidder, bidder_sale

FORBIDDEN_KEYS = {"leaderId", "bidderId", "memberId", "reservePrice", "maxima", "bidder", "enteredBy"}


def texts(value: Any) -> Iterator[str]:
    """Every key and every value of an answer, as text."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item)
    elif value is not None:
        yield str(value)


def amount_forms(amount: str) -> list[str]:
    """An amount as answers write it ("23700.00") and as sentences do ("23,700.00")."""
    value = Decimal(amount)
    return [f"{value:.2f}", f"{value:,.2f}"]


def assert_private(viewer: Bidder, forbidden: dict[str, str]) -> None:
    assert viewer.answers, "no answers kept"
    for answer in viewer.answers:
        found = list(texts(answer))
        keys = FORBIDDEN_KEYS & {t for t in found}
        assert not keys, f"{viewer.name} was answered {keys}: {json.dumps(answer)[:400]}"
        for what, trace in forbidden.items():
            hits = [t for t in found if trace.lower() in t.lower()]
            assert not hits, f"{viewer.name} saw {what} ({trace!r}) in {json.dumps(answer)[:600]}"


async def test_no_answer_shows_another_members_traces(client: AsyncClient, app: Any, db: Any) -> None:
    sale = await bidder_sale(client, app, db)
    a, b = sale.bidders
    first, second = sale.lot_ids
    async with db() as session:
        seller_id = (await session.execute(select(Vehicle.member_id))).scalars().first()
        seller = await session.get(Member, seller_id)
        assert seller is not None
        seller_name = f"{seller.first_name} {seller.last_name}"

    # Before the sale: A leaves maxima on both lots, watches one; B looks around.
    await a.ok("put", f"lots/{first}/maximum", {"maximum": "23700"})
    await a.ok("put", f"lots/{second}/maximum", {"maximum": "16100"})
    assert (await a.put(f"watchlist/{first}")).status_code == 204
    assert (await b.put(f"watchlist/{first}")).status_code == 204
    for bidder in (a, b):
        await bidder.ok("get", "events")
        await bidder.lots(sale.event_id)

    # B bids live: every kind of answer and refusal.
    assert (await b.bid(first, "15000")).status_code == 422  # below the asking price
    await b.ok("put", f"lots/{first}/maximum", {"maximum": "18200"})  # outbid at once by A's proxy
    await b.ok("post", f"lots/{first}/bids", {"nextStep": True})  # outbid again
    await b.ok("post", f"lots/{first}/bids", {"amount": "30000"})  # leads
    assert (await b.maximum(first, "30000")).status_code == 422  # not raised
    assert (await b.bid(first)).status_code == 409  # already leads
    await b.ok("put", f"lots/{second}/maximum", {"maximum": "17000"})  # leads
    assert (await b.maximum(second, "99000")).status_code == 409  # buying power
    assert (await a.maximum(second, "16100")).status_code == 422  # below the asking price now
    for bidder in (a, b):
        await bidder.ok("get", f"lots/{first}")
        await bidder.ok("get", f"lots/{second}")
        await bidder.ok("get", "watchlist")
        await bidder.ok("get", "buying-power")
    await a.ok("post", f"lots/{second}/maximum/withdraw")
    assert (await a.post(f"lots/{second}/maximum/withdraw")).status_code == 409

    # The sale: the first lot sold to B; the second opened, withdrawn by staff, refused to both.
    await sale.sale.ok(f"{first}/open")
    await sale.sale.ok(f"{first}/close", {"intent": "auto"})
    await sale.sale.ok(f"{second}/open")
    assert (await b.post(f"lots/{second}/maximum/withdraw")).status_code == 409
    await sale.sale.ok(f"{second}/withdraw")
    for bidder in (a, b):
        assert (await bidder.bid(first, "50000")).status_code == 409
        assert (await bidder.bid(second, "50000")).status_code == 409
        await bidder.ok("get", f"lots/{first}")
        await bidder.ok("get", f"lots/{second}")
        await bidder.lots(sale.event_id)
        await bidder.ok("get", "watchlist")
        await bidder.ok("get", "buying-power")
        await bidder.ok("get", "purchases")
    assert (await b.ok("get", f"lots/{first}"))["myStatus"] == "won"
    assert (await a.ok("get", f"lots/{first}"))["myStatus"] == "lost"

    everyone = {"the seller's id": seller_id, "the seller's name": seller_name, "the reserve": "20000.00"}
    everyone |= {"the reserve in words": "20,000.00"}
    # A next-step bid's maximum is the public asking price: it is no secret, and left out here.
    a_maxima = [form for amount in ("23700", "16100") for form in amount_forms(amount)]
    b_maxima = [form for amount in ("18200", "30000", "17000", "99000") for form in amount_forms(amount)]
    assert_private(
        a,
        everyone
        | {"B's id": b.member_id, "B's name": b.name, "B's surname": "Buyer2", "B's email": "buyer2@"}
        | {f"B's maximum {m}": m for m in b_maxima},
    )
    assert_private(
        b,
        everyone
        | {"A's id": a.member_id, "A's name": a.name, "A's surname": "Buyer1", "A's email": "buyer1@"}
        | {f"A's maximum {m}": m for m in a_maxima},
    )
    # And each one's own figures are there: the walk reads the answers that hold them.
    assert any("23700.00" in t for answer in a.answers for t in texts(answer))
    assert any("30000.00" in t for answer in b.answers for t in texts(answer))
