"""The demo's fee schedule obeys the charge rules: each fee has its kind, and no two active bands overlap."""

from itertools import combinations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.charges import repository
from gavel.charges.models import Charge
from gavel.charges.service import Band
from gavel.demo.settings import load_settings


async def test_demo_charges_have_their_kind_and_no_overlapping_bands(session: AsyncSession) -> None:
    # The demo's settings part (yards, plans, fees): the whole demo adds members and vehicles with photos,
    # seconds of work that tests/test_bootstrap.py already does.
    loaded = await load_settings(session)
    assert loaded["charges"] == 8
    charges = list((await session.scalars(select(Charge).order_by(Charge.title_key))).all())
    kinds = {c.title: (c.applies_to, c.kind) for c in charges}
    assert kinds == {
        "Buyer fee up to 10,000 AED": ("buyer", "sale"),
        "Buyer fee 10,000 to 50,000 AED": ("buyer", "sale"),
        "Buyer fee above 50,000 AED": ("buyer", "sale"),
        "Gate fee": ("buyer", "gatePass"),
        "Storage per day": ("buyer", "storagePerDay"),
        "Late payment fee": ("buyer", "latePayment"),
        "Seller fee": ("seller", "sale"),
        "Default penalty": ("buyer", "defaultPenalty"),
    }
    active = [c for c in charges if c.is_active]
    clashes = [(a.title, b.title) for a, b in combinations(active, 2) if Band.of(a).overlaps(Band.of(b))]
    assert clashes == []
    # The database's own check agrees: no active charge finds another in its band.
    for charge in active:
        band = Band.of(charge)
        found = await repository.active_overlapping(
            session,
            kind=band.kind,
            applies_to=band.applies_to,
            min_price=band.min_price,
            max_price=band.max_price,
            except_ids=[charge.id],
        )
        assert found == [], charge.title
