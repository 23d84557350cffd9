"""What an 'outbid' or 'won' message reads of its member, as plain values in one statement under the lot's
lock (gavel.bidders.notices.repository), and the message made of them: the member named as every other
message names them (an organization by its company name), on the channel their contacts allow."""

from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.bid_notices import BidNotice, Notice, Recipient, queue_bid_notice
from gavel.alerts.context import member_vars
from gavel.bidders.notices.repository import notice_facts
from gavel.members.models import Member
from gavel.vehicles.models import Vehicle
from tests.bidders.conftest import make_member

AT = datetime(2031, 5, 1, 12, 0, tzinfo=UTC)


async def _vehicle(db: async_sessionmaker[AsyncSession], seller: Member) -> Vehicle:
    async with db() as session:
        vehicle = Vehicle(
            vehicle_lot_number=4321,
            vin_number="NOTICE00000000001",
            title="Nissan Patrol 2022",
            make="Nissan",
            model="Patrol",
            year=2022,
            opening_price=Decimal("5000"),
            member_id=seller.id,
        )
        session.add(vehicle)
        await session.commit()
        return vehicle


async def test_the_facts_are_the_members_values_and_name_them_as_every_message_does(
    db: async_sessionmaker[AsyncSession],
) -> None:
    person = await make_member(db, 1, language="ar")
    company = await make_member(db, 2, organization="Desert Motors LLC")
    vehicle = await _vehicle(db, person)
    async with db() as session:
        facts = await notice_facts(session, company.id, vehicle.id)
        assert facts is not None
        assert (facts.lot, facts.title, facts.phone_channel) == ("4321", "Nissan Patrol 2022", None)
        assert facts.member == Recipient(
            id=company.id,
            status="approved",
            first_name="Omar",
            last_name="Bidder2",
            member_entity="organization",
            company_name="Desert Motors LLC",
            email="bidder2@example.com",
            phone="+971505550002",
            preferred_language="en",
        )
        for member in (person, company):
            found = await notice_facts(session, member.id, vehicle.id)
            assert found is not None
            assert found.member.name == member_vars(await session.get_one(Member, member.id))["fullName"]
        assert await notice_facts(session, "no-such-member", vehicle.id) is None
        assert await notice_facts(session, person.id, "no-such-vehicle") is None


async def test_a_member_without_a_phone_is_told_by_email_by_name(
    db: async_sessionmaker[AsyncSession],
) -> None:
    company = await make_member(db, 3, organization="Gulf Fleet Trading")
    vehicle = await _vehicle(db, company)
    async with db() as session:
        await session.execute(update(Member).where(Member.id == company.id).values(phone=""))
        facts = await notice_facts(session, company.id, vehicle.id)
        assert facts is not None
        notice = BidNotice(
            notice=Notice.OUTBID,
            member=facts.member,
            phone_channel=facts.phone_channel,
            lot=facts.lot,
            title=facts.title,
            price=Decimal("16500"),
            asking=Decimal("17000"),
        )
        message = await queue_bid_notice(session, notice, AT)
        assert message is not None
        assert (message.channel, message.recipient, message.recipient_name) == (
            "email",
            "bidder3@example.com",
            "Gulf Fleet Trading",
        )
        assert message.subject == "You have been outbid on lot 4321"
        assert message.body.startswith("Dear Gulf Fleet Trading,\n\nYou have been outbid on lot 4321")
