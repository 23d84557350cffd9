"""The demo's auctions: every sold vehicle was sold by an event's result, as the auctions service would have
recorded it; the published auction's next event holds vehicles in two lanes; the counts add up. Its money: in
and out in every state (deposits, invoices, payments, payouts, refunds, a default), and the books agree."""

from collections import Counter, defaultdict
from datetime import datetime
from decimal import Decimal
from typing import Any

from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.auctions.models import Auction, AuctionEvent, Lane, Run
from gavel.charges.models import Charge
from gavel.core.validation import check_iban
from gavel.demo.money import RECORDER, VERIFIER
from gavel.invoices.models import Invoice
from gavel.ledger.models import LedgerEntry
from gavel.members.buying_power import plan_buying_power, required_deposit
from gavel.members.consents.models import ConsentRecord
from gavel.members.models import Member
from gavel.payments.models import Payment
from gavel.plans.models import SecurityPlan
from gavel.statements.check import check_ledger
from gavel.users.models import User
from gavel.vehicles.models import Vehicle, VehicleListCount
from tests.conftest import DemoDatabase
from tests.factories import admin_headers


async def test_the_demo_auctions_are_what_the_auctions_service_would_have_left(
    app: Any, db: async_sessionmaker[AsyncSession], client: AsyncClient, demo_database: DemoDatabase
) -> None:
    """The demo loaded once into the run's demo database (loading it takes seconds: tests/conftest.py,
    demo_database, which checks that it loaded), then each check in this test's rolled-back transaction."""
    before = demo_database.loaded_from
    async with db() as session:
        await every_sold_vehicle_was_sold_by_a_result_of_a_completed_event(before, session)
        await vehicles_placed_in_an_event_have_a_current_run_there_and_runs_number_per_lane(session)
        await buyers_held_their_deposit_before_they_bought_and_could_buy_what_they_bought(session)
        await auctions_published_future_event_and_draft(before, session)
        admin = await admin_headers(client)
        await the_lists_count_what_the_demo_holds(client, admin, session)
        await the_money_is_in_every_state(client, admin, session)
        await deposits_paid_and_waiting_give_the_buying_power_they_should(client, admin, session)
        await payouts_in_every_state_completed_by_a_second_person(client, admin, session)
        await refunds_completed_cancelled_and_pending(session)
        await a_sale_cancelled_for_default_took_its_penalty_from_the_deposit(session)
        await some_buyers_agreed_to_promotions_on_every_channel(client, admin, session)
        await most_vehicles_have_a_plate_as_staff_type_it(session)
        assert await check_ledger(session) == [], "the demo's books agree"


async def most_vehicles_have_a_plate_as_staff_type_it(session: AsyncSession) -> None:
    """The gate matches a car by its plate, so the demo's vehicles carry one (a few, unregistered, none)."""
    plates = (await session.scalars(select(Vehicle.plate_number))).all()
    with_plate = [p for p in plates if p]
    assert len(with_plate) > len(plates) * 0.8 and len(with_plate) < len(plates)
    assert all(p.split(" ")[0] in {"Dubai", "Abu", "Sharjah", "Ajman"} and len(p) <= 20 for p in with_plate)


async def some_buyers_agreed_to_promotions_on_every_channel(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    """So that a campaign can be tried on each channel straight after the demo loads."""
    agreed = select(func.count()).where(
        Member.promo_consent_sms, Member.promo_consent_whatsapp, Member.promo_consent_email
    )
    everyone = await session.scalar(select(func.count()).select_from(Member))
    assert everyone and 0 < (await session.scalar(agreed) or 0) < everyone  # some, not all
    for channel in ("sms", "whatsapp", "email"):
        counted = await client.post(
            "/api/alerts/campaigns/audience-count",
            json={"channel": channel, "audience": {"memberType": "buyer"}},
            headers=admin,
        )
        assert counted.status_code == 200, counted.text
        assert 0 < counted.json()["recipients"] < counted.json()["matching"], (channel, counted.json())
    # Each consent is a record, made in several ways, and each member's flags are their newest records'.
    records = (await session.scalars(select(ConsentRecord).order_by(ConsentRecord.sequence))).all()
    assert {r.method for r in records} == {
        "before_tracking", "counter_form", "written_request", "phone_request", "reply"
    }  # fmt: skip
    newest: dict[tuple[str | None, str], bool] = {}
    for record in sorted(records, key=lambda r: (r.at, r.sequence)):
        newest[(record.member_id, record.channel)] = record.given
    flags: dict[tuple[str | None, str], bool] = {
        (m.id, channel): getattr(m, f"promo_consent_{channel}")
        for m in (await session.scalars(select(Member))).unique()
        for channel in ("sms", "whatsapp", "email")
    }
    assert {key: on for key, on in flags.items() if on} == {key: on for key, on in newest.items() if on}
    assert all(flags[key] == given for key, given in newest.items())
    assert all(r.wording for r in records if r.given and r.method != "before_tracking")


async def _all(session: AsyncSession, model: Any) -> list[Any]:
    return list((await session.scalars(select(model))).unique().all())


async def every_sold_vehicle_was_sold_by_a_result_of_a_completed_event(
    demo: datetime, session: AsyncSession
) -> None:
    vehicles = {v.id: v for v in await _all(session, Vehicle)}
    events = {e.id: e for e in await _all(session, AuctionEvent)}
    runs = await _all(session, Run)
    sold = [v for v in vehicles.values() if v.status == "sold"]
    assert 130 <= len(sold) <= 170  # the demo's sold vehicles, about as many as before the auctions

    sold_runs: dict[str, list[Run]] = defaultdict(list)
    for run in runs:
        if run.outcome == "sold" and run.is_current:  # a sale cancelled for default is history
            sold_runs[run.vehicle_id].append(run)
    assert set(sold_runs) == {v.id for v in sold}, "a sold run for each sold vehicle, and only for them"
    for vehicle in sold:
        (run,) = sold_runs[vehicle.id]
        event = events[run.event_id]
        assert event.status == "completed" and event.start_at < demo
        assert run.is_current and run.recorded_at is not None and run.recorded_by_id is not None
        assert (run.buyer_id, run.sold_for) == (vehicle.buyer_member_id, vehicle.sold_for)
        assert (vehicle.event_id, vehicle.auction_id) == (event.id, event.auction_id)
        assert vehicle.event_date == event.sale_date and vehicle.auction_date == event.sale_date
        assert vehicle.created_at < event.start_at, "a vehicle runs after it came in"
        if vehicle.reserve_price is not None and vehicle.sold_for < vehicle.reserve_price:
            assert run.seller_approved, f"lot {vehicle.vehicle_lot_number}: reserve not met nor accepted"
        if vehicle.is_released:
            assert vehicle.release_date is not None and event.end_at < vehicle.release_date < demo

    # The Sold list and its steps still have examples.
    assert {v.is_paid for v in sold} == {True, False}
    assert {v.gate_pass_status for v in sold} >= {"Pending", "Generated", "Scanned", "Picked Up"}
    assert any(v.is_released for v in sold)


async def vehicles_placed_in_an_event_have_a_current_run_there_and_runs_number_per_lane(
    session: AsyncSession,
) -> None:
    vehicles = {v.id: v for v in await _all(session, Vehicle)}
    runs = await _all(session, Run)
    current = {(r.vehicle_id, r.event_id) for r in runs if r.is_current}
    placed = [v for v in vehicles.values() if v.event_id is not None]
    assert placed
    for vehicle in placed:
        assert (vehicle.id, vehicle.event_id) in current, f"lot {vehicle.vehicle_lot_number}"
        assert vehicle.status in ("approved", "sold")
    assert Counter(r.vehicle_id for r in runs if r.is_current).most_common(1)[0][1] == 1

    by_lane: dict[str, list[int]] = defaultdict(list)
    for run in runs:
        by_lane[run.lane_id].append(run.run_number)
    lanes = {lane.id: lane for lane in await _all(session, Lane)}
    for lane_id, numbers in by_lane.items():
        assert sorted(numbers) == list(range(1, len(numbers) + 1)), "unique run numbers from 1 in each lane"
        assert all(r.event_id == lanes[lane_id].event_id for r in runs if r.lane_id == lane_id)

    # Runs without a sale are history: their vehicle went back to the unassigned approved vehicles (some
    # were sold in a later event).
    unsold = [r for r in runs if r.outcome == "notSold"]
    assert len(unsold) >= 5
    for run in unsold:
        vehicle = vehicles[run.vehicle_id]
        assert not run.is_current and run.buyer_id is None and run.sold_for is None
        assert vehicle.event_id != run.event_id
        assert vehicle.status == "sold" or (vehicle.status, vehicle.event_id) == ("approved", None)
    assert any(vehicles[r.vehicle_id].status == "approved" for r in unsold)


async def buyers_held_their_deposit_before_they_bought_and_could_buy_what_they_bought(
    session: AsyncSession,
) -> None:
    """Approved members who buy, never their own vehicle; each held their deposit (paid, recorded by one
    Finance user and verified by the other) before their first purchase, and each price is within the
    buying power of the deposit held at the sale less the purchases they still owed for (a purchase paid
    since is taken as paid before their next one)."""
    vehicles = {v.id: v for v in await _all(session, Vehicle)}
    members = {m.id: m for m in await _all(session, Member)}
    events = {e.id: e for e in await _all(session, AuctionEvent)}
    plans = {p.id: p for p in await _all(session, SecurityPlan)}
    staff = {u.email: u.id for u in await _all(session, User)}
    sales = sorted(
        (r for r in await _all(session, Run) if r.outcome == "sold"),
        key=lambda r: (events[r.event_id].start_at, r.recorded_at, vehicles[r.vehicle_id].vehicle_lot_number),
    )
    invoices = await _all(session, Invoice)
    # Paid for: its invoice's verified payments cover the price (storage added since may be owed again).
    paid = {i.vehicle_id: i.paid_amount for i in invoices if i.kind == "invoice" and i.status != "cancelled"}
    deposit_invoices = sorted((i for i in invoices if i.kind == "deposit"), key=lambda i: i.issued_at)
    held: dict[str, list[LedgerEntry]] = defaultdict(list)
    for entry in await _all(session, LedgerEntry):
        if entry.deposit:
            held[entry.member_id].append(entry)
    deposit_payments = {p.invoice_id: p for p in await _all(session, Payment) if p.invoice.kind == "deposit"}

    def power_at(member: Member, moment: datetime) -> Decimal:
        """The buying power at a moment, replayed as the deposits service kept it: after each plan chosen (a
        deposit invoice issued) and each movement of the deposit, from what the member had before."""
        chosen: list[tuple[datetime, int, str | None, Decimal]] = [
            (i.issued_at, 0, i.plan_id or "", Decimal("0"))
            for i in deposit_invoices
            if i.member_id == member.id
        ]
        moved: list[tuple[datetime, int, str | None, Decimal]] = [
            (e.at, 1, None, e.deposit) for e in held[member.id]
        ]
        plan: SecurityPlan | None = None
        deposit = power = Decimal("0")
        for at, _, plan_id, amount in sorted(chosen + moved, key=lambda change: change[:2]):
            if at > moment:
                break
            if plan_id is not None:
                plan = plans.get(plan_id)
            deposit += amount
            power = plan_buying_power(plan, deposit, power)
        return power

    owed: dict[str, Decimal] = defaultdict(Decimal)
    first: set[str] = set()
    for run in sales:
        buyer, vehicle = members[run.buyer_id], vehicles[run.vehicle_id]
        assert buyer.status == "approved" and buyer.is_buyer
        assert buyer.id != vehicle.member_id
        assert run.recorded_at is not None and run.sold_for is not None
        if buyer.id not in first:
            first.add(buyer.id)
            (deposit,) = [i for i in deposit_invoices if i.member_id == buyer.id and i.status == "paid"][:1]
            payment = deposit_payments[deposit.id]
            assert payment.recorded_by_id == staff[RECORDER] and payment.verified_by_id == staff[VERIFIER]
            assert payment.verified_at is not None and payment.verified_at < run.recorded_at
        assert run.sold_for <= power_at(buyer, run.recorded_at) - owed[buyer.id]
        if paid.get(vehicle.id, Decimal("0")) < run.sold_for:
            owed[buyer.id] += run.sold_for


async def auctions_published_future_event_and_draft(demo: datetime, session: AsyncSession) -> None:
    auctions = {a.auction_title: a for a in await _all(session, Auction)}
    events = await _all(session, AuctionEvent)
    runs = await _all(session, Run)
    assert {a.location.title for a in auctions.values()} == {
        "Al Quoz Auction Yard",
        "Sharjah Industrial Yard",
        "Mussafah Vehicle Yard",
    }
    for event in events:
        assert (event.status == "completed") == (event.start_at < demo), "past events are completed"
    for auction in auctions.values():
        mine = [e for e in events if e.auction_id == auction.id]
        assert auction.event_count == len(mine)
        assert auction.first_event_at == min(e.start_at for e in mine)
        assert auction.last_event_at == max(e.start_at for e in mine)
        if auction.status == "completed":
            assert all(e.status == "completed" for e in mine)

    (published,) = [a for a in auctions.values() if a.status == "publish"]
    upcoming = [e for e in events if e.auction_id == published.id and e.start_at > demo]
    nxt = min(upcoming, key=lambda e: e.start_at)
    assert nxt.status == "publish" and (nxt.start_at - demo).days < 7
    lanes = {lane.id: lane.lane_number for lane in nxt.lanes}
    placed = [r for r in runs if r.event_id == nxt.id]
    assert {lanes[r.lane_id] for r in placed} == {1, 2}
    assert all(r.is_current and r.outcome is None for r in placed)
    assert all(e.status == "draft" for e in upcoming if e.id != nxt.id), "empty events stay unpublished"
    assert any(e.status == "completed" for e in events if e.auction_id == published.id)

    (draft,) = [a for a in auctions.values() if a.status == "draft"]
    draft_events = {e.id for e in events if e.auction_id == draft.id}
    assert draft_events and not [r for r in runs if r.event_id in draft_events]
    assert all(e.start_at > demo and e.status == "draft" for e in events if e.id in draft_events)


async def the_lists_count_what_the_demo_holds(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    answer = await client.post("/api/auctions/get", json={"limit": 100}, headers=admin)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    auctions = await _all(session, Auction)
    statuses = Counter(a.status for a in auctions)
    kinds = Counter(a.auction_type for a in auctions)
    assert (body["totalAuctions"], body["totalMatching"]) == (len(auctions), len(auctions))
    assert (body["totalLive"], body["totalOnline"]) == (kinds["Live"], kinds["Online"])
    assert (body["totalDraft"], body["totalPublish"], body["totalCompleted"], body["totalUnpublished"]) == (
        statuses["draft"],
        statuses["publish"],
        statuses["completed"],
        0,
    )
    assert statuses == {"completed": 2, "publish": 1, "draft": 1}
    events = {e.id: e.auction_id for e in await _all(session, AuctionEvent)}
    ran = Counter(events[r.event_id] for r in await _all(session, Run) if r.is_current)  # history not counted
    for row in body["data"]:
        assert row["totalVehicleCount"] == ran[row["_id"]], row["auctionTitle"]
        assert row["eventCount"] == sum(1 for a in events.values() if a == row["_id"])

    # The vehicle lists' counts (kept by triggers) agree with the vehicles.
    vehicles = await client.post("/api/vehicles/get", json={"status": "sold"}, headers=admin)
    assert vehicles.status_code == 200, vehicles.text
    counted = await session.scalar(select(func.count()).where(Vehicle.status == "sold"))
    assert vehicles.json()["data"]["totalMatching"] == counted
    kept = await session.scalar(
        select(func.sum(VehicleListCount.vehicles)).where(VehicleListCount.status == "sold")
    )
    assert kept == counted


async def the_money_is_in_every_state(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    """Each sold vehicle has one invoice standing; the books hold every state; the list's cards add up (sale,
    deposit and penalty invoices together)."""
    documents = await _all(session, Invoice)
    invoices = [i for i in documents if i.kind == "invoice"]
    sold = {v.id for v in await _all(session, Vehicle) if v.status == "sold"}
    assert sorted(i.vehicle_id for i in invoices if i.status != "cancelled") == sorted(sold)
    states = Counter(i.status for i in invoices)
    assert {"paid", "partiallyPaid", "overdue", "cancelled"} <= set(states), states
    assert any(line.kind == "latePayment" for i in invoices for line in i.lines)
    assert any(line.kind == "storagePerDay" for i in invoices for line in i.lines)
    payments = await _all(session, Payment)
    assert {p.confirmation for p in payments if p.direction == "inbound"} == {"Pending", "Verified"}
    numbers = sorted(i.number for i in documents)
    assert numbers == sorted(set(numbers)) and len(numbers) == len(documents)
    listed = (await client.post("/api/invoices/get", json={"limit": 1}, headers=admin)).json()
    payable = Counter(i.status for i in documents if i.kind in ("invoice", "deposit", "penalty"))
    assert {k: v["count"] for k, v in listed["totals"].items() if v["count"]} == dict(payable)
    for invoice in invoices:
        vehicle = await session.get_one(Vehicle, invoice.vehicle_id)
        assert vehicle.is_paid == (invoice.status == "paid")


async def deposits_paid_and_waiting_give_the_buying_power_they_should(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    """A plan gives buying power only through its deposit: paid and verified, the plan's; waiting, none (and
    the member's page says why); every member's buying power is the one of the deposit they hold."""
    members = await _all(session, Member)
    invoices = [i for i in await _all(session, Invoice) if i.kind == "deposit"]
    states = Counter(i.status for i in invoices)
    assert states["paid"] >= 50 and states["unpaid"] >= 1 and states["cancelled"] >= 1, states
    for member in members:
        # The plan's once its deposit is held; short of it, at most the plan's share of what is held.
        share = plan_buying_power(member.security_plan, member.deposit_held, member.buying_power)
        assert member.buying_power == share
    holding = [m for m in members if m.security_plan and m.deposit_held >= required_deposit(m.security_plan)]
    assert len(holding) >= 50
    assert all(m.buying_power == m.security_plan.buying_power for m in holding if m.security_plan)

    waiting = {i.member_id for i in invoices if i.status == "unpaid"}
    approved = [m for m in members if m.id in waiting and m.status == "approved"]
    assert approved, "an approved member whose deposit invoice waits"
    for member in approved:
        assert (member.deposit_held, member.buying_power) == (0, 0)
        answer = await client.get(f"/api/members/{member.id}/buying-power", headers=admin)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["available"] == 0
        assert body["reason"].endswith("is not paid yet: no buying power."), body["reason"]


async def payouts_in_every_state_completed_by_a_second_person(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    """Pending, completed (by someone other than who verified the buyer's payment, with method and
    reference; by bank transfer only to a valid IBAN), cancelled with a reason and reissued."""
    payments = await _all(session, Payment)
    payouts = [p for p in payments if p.kind == "payout"]
    members = {m.id: m for m in await _all(session, Member)}
    verifiers: dict[str, set[str | None]] = defaultdict(set)
    for p in payments:
        if p.kind == "payment" and p.confirmation == "Verified" and p.invoice.kind == "invoice":
            verifiers[p.invoice.vehicle_id or ""].add(p.verified_by_id)
    states = Counter(p.confirmation for p in payouts)
    assert states["Pending"] >= 3 and states["Completed"] >= 20 and states["Canceled"] >= 1, states
    completed = [p for p in payouts if p.confirmation == "Completed"]
    for payout in completed:
        assert payout.completed_by_id is not None and payout.completed_at is not None
        assert payout.completed_by_id not in verifiers[payout.invoice.vehicle_id or ""]
        assert payout.method in ("bankTransfer", "cheque") and payout.reference
        assert payout.invoice.status == "paidOut"
        if payout.method == "bankTransfer":
            assert check_iban(members[payout.member_id].bank_iban)
    assert {p.method for p in completed} == {"bankTransfer", "cheque"}

    replaced = []
    for payout in (p for p in payouts if p.confirmation == "Canceled"):
        assert payout.reject_reason
        (replacement,) = [
            p for p in payouts if p.invoice_id == payout.invoice_id and p.confirmation != "Canceled"
        ]
        replaced.append(replacement.confirmation)
    assert "Pending" in replaced, "a withheld payout's replacement still waits"

    # The outbound list's cards count them with the refunds.
    outbound = [p for p in payments if p.direction == "outbound"]
    answer = await client.post(
        "/api/payment/get-payments", json={"direction": "outbound", "limit": 1}, headers=admin
    )
    assert answer.status_code == 200, answer.text
    totals = {k: v["count"] for k, v in answer.json()["totals"].items()}
    assert totals == {
        k: Counter(p.confirmation for p in outbound)[k] for k in ("Pending", "Completed", "Canceled")
    }


async def refunds_completed_cancelled_and_pending(session: AsyncSession) -> None:
    """A member who left got the whole deposit back (completed by someone other than who asked, no plan nor
    buying power left); a refund asked and taken back (the deposit held again); the excess of a smaller plan
    waiting; and what was paid on a sale given up after a part payment, asked back (a cancelled sale).
    Overpayment refunds cannot arise: a payment is never more than what is open (gavel/demo/money_out.py)."""
    everything = [p for p in await _all(session, Payment) if p.kind == "refund"]
    assert {p.refund_kind for p in everything} == {"deposit", "cancelledSale"}
    (sale_refund,) = [p for p in everything if p.refund_kind == "cancelledSale"]
    given_up = await session.get_one(Invoice, sale_refund.invoice_id)
    assert (given_up.kind, given_up.status, sale_refund.confirmation) == ("invoice", "cancelled", "Pending")
    assert 0 < sale_refund.amount <= given_up.paid_amount  # less a penalty the deposit did not cover
    refunds = [p for p in everything if p.refund_kind == "deposit"]
    members = {m.id: m for m in await _all(session, Member)}
    by_state = {p.confirmation: p for p in refunds}
    assert set(by_state) == {"Pending", "Completed", "Canceled"}

    done = by_state["Completed"]
    assert done.completed_by_id not in (None, done.recorded_by_id) and done.reference and done.refund_reason
    leaver = members[done.member_id]
    assert (leaver.deposit_held, leaver.buying_power, leaver.security_plan_id) == (0, 0, None)

    withdrawn = by_state["Canceled"]
    assert withdrawn.reject_reason and withdrawn.refund_reason
    stays = members[withdrawn.member_id]
    assert stays.security_plan and stays.deposit_held == required_deposit(stays.security_plan)

    waiting = by_state["Pending"]
    moved = members[waiting.member_id]
    assert moved.security_plan and moved.deposit_held == required_deposit(moved.security_plan)
    assert moved.buying_power == moved.security_plan.buying_power


async def a_sale_cancelled_for_default_took_its_penalty_from_the_deposit(session: AsyncSession) -> None:
    """The defaulted sale: its invoice credited, the vehicle back among the approved unassigned vehicles (its
    run history), and the penalty invoice paid from the buyer's deposit, the rest of it still held."""
    invoices = await _all(session, Invoice)
    (sale,) = [i for i in invoices if i.kind == "invoice" and i.status == "cancelled" and i.paid_amount == 0]
    (note,) = [i for i in invoices if i.credit_for_id == sale.id]
    assert note.total == -sale.total
    vehicle = await session.get_one(Vehicle, sale.vehicle_id)
    assert (vehicle.status, vehicle.event_id, vehicle.buyer_member_id, vehicle.sold_for) == (
        "approved", None, None, None,
    )  # fmt: skip
    run = await session.get_one(Run, sale.run_id)
    assert run.outcome == "sold" and not run.is_current
    (penalty,) = [
        i for i in invoices if i.kind == "penalty" and i.vehicle_lot_number == sale.vehicle_lot_number
    ]
    assert penalty.member_id == sale.member_id and penalty.status == "paid"
    assert [line.kind for line in penalty.lines] == ["defaultPenalty"]
    (taken,) = [p for p in await _all(session, Payment) if p.invoice_id == penalty.id]
    assert (taken.method, taken.confirmation, taken.amount) == ("deposit", "Verified", penalty.total)
    buyer = await session.get_one(Member, sale.member_id)
    assert buyer.security_plan is not None
    # The demo's draws depend on the hour it is loaded: the same buyer may also have defaulted on another sale
    # (its penalty taken from the deposit as well). The deposit holds what was paid less every penalty taken.
    from_deposit = [
        p.amount
        for p in await _all(session, Payment)
        if p.member_id == buyer.id and p.method == "deposit" and p.confirmation == "Verified"
    ]
    assert taken.amount in from_deposit
    assert buyer.deposit_held == required_deposit(buyer.security_plan) - sum(from_deposit) > 0
    charges = [c for c in await _all(session, Charge) if c.kind == "defaultPenalty" and c.is_active]
    assert [c.applies_to for c in charges] == ["buyer"]
