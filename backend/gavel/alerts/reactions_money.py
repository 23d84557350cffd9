"""The messages of members and their money: a registration approved or rejected, a temporary password, a
payment verified, a payout or a deposit refund completed. Each handler builds the message from the event and
queues it in the publisher's transaction (gavel.core.events)."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.catalog import Event
from gavel.alerts.context import invoice_vars, member_vars, payment_vars, payout_vars, refund_vars, vehicle_of
from gavel.alerts.delivery.service import queue_system_mail
from gavel.alerts.service import alert_service
from gavel.core import events
from gavel.db import utcnow
from gavel.members.events import MemberStatusChanged, TemporaryPasswordIssued
from gavel.members.schemas import MemberStatus
from gavel.payments.events import PaymentVerified
from gavel.payments.schemas import RefundKind
from gavel.payouts.events import OutboundCompleted


async def member_status_changed(session: AsyncSession, event: MemberStatusChanged) -> None:
    """A registration reviewed: the member hears that they were approved, or rejected and why."""
    if event.old != MemberStatus.PENDING:
        return
    if event.new == MemberStatus.APPROVED:
        await alert_service.notify(session, Event.MEMBER_APPROVED, event.member, {}, event.at)
    elif event.new == MemberStatus.REJECTED:
        context = {"reason": event.reason or ""}
        await alert_service.notify(session, Event.MEMBER_REJECTED, event.member, context, event.at)


async def temporary_password_issued(session: AsyncSession, event: TemporaryPasswordIssued) -> None:
    member = event.member
    body = (
        f"Hello {member.first_name},\n\n"
        "Your password for the auction has been reset. Your temporary password is:\n\n"
        f"    {event.password}\n\n"
        "Sign in with it; you will then be asked to choose a new password of your own."
    )
    queue_system_mail(
        session,
        event="temporaryPassword",
        to=member.email,
        subject="Your temporary auction password",
        body=body,
        now=utcnow(),
        secret=event.password,
        member_id=member.id,
        recipient_name=member_vars(member)["fullName"],
    )


async def payment_verified(session: AsyncSession, event: PaymentVerified) -> None:
    if event.payer is None:
        return
    invoice = event.invoice
    context = {
        "vehicle": vehicle_of(invoice),
        "invoice": invoice_vars(invoice),
        "payment": payment_vars(event.payment),
    }
    await alert_service.notify(session, Event.PAYMENT_VERIFIED, event.payer, context, event.at)


async def outbound_completed(session: AsyncSession, event: OutboundCompleted) -> None:
    """The seller hears of a payout; a member, of a deposit refunded (other refunds send nothing)."""
    payment = event.payment
    if payment.kind == "payout":
        settlement = payment.invoice
        context = {"vehicle": vehicle_of(settlement), "payout": payout_vars(payment, settlement)}
        await alert_service.notify(session, Event.PAYOUT_COMPLETED, event.member, context, event.at)
    elif payment.refund_kind == RefundKind.DEPOSIT:
        context = {"refund": refund_vars(payment)}
        await alert_service.notify(session, Event.DEPOSIT_REFUNDED, event.member, context, event.at)


def connect() -> None:
    events.subscribe(MemberStatusChanged, member_status_changed)
    events.subscribe(TemporaryPasswordIssued, temporary_password_issued)
    events.subscribe(PaymentVerified, payment_verified)
    events.subscribe(OutboundCompleted, outbound_completed)
