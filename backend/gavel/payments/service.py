"""The rules of money in: a payment is recorded by one staff user and counts once another verified it."""

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.core import events
from gavel.core import repository as counters
from gavel.core.clock import dubai_date
from gavel.core.labels import label
from gavel.errors import Conflict, FieldError, Invalid, NotFound
from gavel.invoices import totals
from gavel.invoices.calculation import ZERO, money
from gavel.invoices.models import Invoice
from gavel.invoices.payable import open_amount, payment_refusal
from gavel.invoices.service import aed, invoice_service
from gavel.ledger import repository as ledgers
from gavel.ledger.service import ledger_service
from gavel.members.buying_power import refresh_buying_power
from gavel.members.models import Member
from gavel.payments import repository
from gavel.payments.events import InvoicePaid, PaymentVerified
from gavel.payments.models import Payment
from gavel.payments.schemas import Confirmation, PaymentMethod, PaymentRecord
from gavel.vehicles import repository as vehicles


def _search_text(payment: Payment) -> str:
    invoice = payment.invoice
    values = [
        payment.transaction_id,
        payment.reference,
        invoice.number,
        invoice.buyer_name,
        str(invoice.vehicle_lot_number),
        invoice.vehicle_vin,
    ]
    return " | ".join(v.lower() for v in values if v)


def verify_refusal(payment: Payment, staff_id: str | None) -> str | None:
    """Why this staff user cannot verify the payment (None: they can); verify() refuses with it, and every
    payment answers it as `canVerify` to whoever asks."""
    if payment.confirmation == Confirmation.VERIFIED:
        return f"{payment.transaction_id} was verified already."
    if payment.confirmation == Confirmation.REJECTED:
        return f"{payment.transaction_id} was rejected; record the payment again if it arrived."
    if payment.recorded_by_id == staff_id:
        return f"You recorded {payment.transaction_id}; another staff user must verify it."
    return None


def reject_refusal(payment: Payment, staff_id: str | None) -> str | None:
    """Why this staff user cannot reject the payment (None: they can); reject() refuses with it, and every
    payment answers it as `canReject`."""
    if payment.confirmation == Confirmation.REJECTED:
        return f"{payment.transaction_id} was rejected already."
    if payment.confirmation == Confirmation.VERIFIED:
        return f"{payment.transaction_id} was verified; a verified payment is refunded, not rejected."
    if payment.recorded_by_id == staff_id:
        return f"You recorded {payment.transaction_id}; another staff user must check it."
    return None


class PaymentService:
    async def get(self, session: AsyncSession, payment_id: str, *, lock: bool = False) -> Payment:
        payment = await repository.by_id(session, payment_id, lock=lock)
        if payment is None:
            raise NotFound("This payment does not exist.")
        return payment

    def _check_inbound(self, payment: Payment) -> None:
        if payment.direction != "inbound":
            raise Conflict(
                f"{payment.transaction_id} is a {payment.kind} to a member: it is completed or cancelled, "
                "not verified or rejected."
            )

    async def _locked(self, session: AsyncSession, payment_id: str) -> tuple[Invoice, Payment]:
        """The payment's invoice, then the payment, each locked and read as its lock found it: the invoice's
        lock makes the payments of one invoice take turns, and nothing read before the lock (a payment
        verified meanwhile, an invoice's paid amount) is trusted."""
        found = await repository.invoice_and_direction(session, payment_id)
        if found is None:
            raise NotFound("This payment does not exist.")
        invoice = await invoice_service.get(session, found[0], lock=True)
        payment = await self.get(session, payment_id, lock=True)
        self._check_inbound(payment)
        return invoice, payment

    async def record(
        self, session: AsyncSession, body: PaymentRecord, actor: Actor, now: datetime
    ) -> Payment:
        needs_reference = body.payment_method not in (PaymentMethod.CASH, PaymentMethod.DEPOSIT)
        if needs_reference and not body.payment_reference_id:
            raise Invalid.field(
                "paymentReferenceId", "Enter the payment reference (card slip, transfer or cheque number)."
            )
        if body.payment_date_and_time > now:
            raise Invalid.field("paymentDateAndTime", "The payment cannot be dated in the future.")
        # The invoice's row lock makes payments against one invoice take turns: two can never both take the
        # same open amount.
        invoice = await invoice_service.get(session, body.invoice_id, lock=True)
        if body.payment_method == PaymentMethod.DEPOSIT and invoice.kind == "deposit":
            raise Invalid.field("paymentMethod", "A deposit is not paid from the deposit itself.")
        refusal = payment_refusal(invoice)
        if refusal is not None:
            raise Conflict(refusal)
        if body.payment_method == PaymentMethod.DEPOSIT:
            # The member's row lock makes payments from one deposit take turns: each sees what the others
            # waiting for verification already take from it.
            member = await ledgers.lock_member(session, invoice.member_id)
            if member is None:
                raise NotFound("This member does not exist.")
            waiting = await repository.pending_from_deposit(session, member.id)
            free = max(money(member.deposit_held - waiting), ZERO)
            if body.amount > free:
                also = (
                    f", of which {aed(waiting)} is taken by payments from it waiting for verification"
                    if waiting > 0
                    else ""
                )
                raise Conflict(
                    f"{aed(body.amount)} is more than the deposit left to pay from: {aed(free)} "
                    f"({aed(member.deposit_held)} held{also}).",
                    errors=[FieldError(field="amount", message=f"At most {aed(free)}.")],
                )
        still_open = open_amount(invoice)
        if body.amount > still_open:
            raise Conflict(
                f"{aed(body.amount)} is more than the {aed(still_open)} still open on {invoice.number}.",
                errors=[FieldError(field="amount", message=f"At most {aed(still_open)}.")],
            )
        year = dubai_date(now).year
        number = await counters.next_number(session, f"payment-{year}", start=1)
        payment = Payment(
            transaction_id=f"PAY-{year}-{number:06d}",
            direction="inbound",
            invoice_id=invoice.id,
            member_id=invoice.member_id,
            amount=body.amount,
            method=body.payment_method.value,
            reference=body.payment_reference_id,
            paid_at=body.payment_date_and_time,
            confirmation=Confirmation.PENDING.value,
            recorded_by_id=actor.id,
        )
        payment.invoice = invoice
        payment.search_text = _search_text(payment)
        session.add(payment)
        invoice.pending_amount = money(invoice.pending_amount + body.amount)
        await session.flush()
        await totals.move(session, "payment", None, payment.confirmation, ZERO, payment.amount)
        await record_change(
            session,
            actor,
            "payment.recorded",
            "payment",
            payment.id,
            new={
                "transactionId": payment.transaction_id,
                "invoice": invoice.number,
                "amount": payment.amount,
                "method": payment.method,
                "reference": payment.reference,
            },
        )
        return payment

    async def verify(self, session: AsyncSession, payment_id: str, actor: Actor, now: datetime) -> Payment:
        invoice, payment = await self._locked(session, payment_id)
        if payment.confirmation == Confirmation.VERIFIED:
            return payment  # verified already: a second press changes nothing
        refusal = verify_refusal(payment, actor.id)
        if refusal is not None:
            raise Conflict(refusal)
        from_deposit = payment.method == PaymentMethod.DEPOSIT
        member: Member | None = None
        if from_deposit:
            # Locked and read afresh: what the deposit holds now, after refunds, penalties and the other
            # payments from it verified since this one was recorded.
            member = await ledgers.lock_member(session, payment.member_id)
            if member is None:
                raise NotFound("This member does not exist.")
            if payment.amount > member.deposit_held:
                raise Conflict(
                    f"{payment.transaction_id} takes {aed(payment.amount)} from the deposit, but only "
                    f"{aed(member.deposit_held)} is held now; reject it and record the payment another way."
                )
        vehicle = await vehicles.by_id(session, invoice.vehicle_id) if invoice.vehicle_id else None
        payment.confirmation = Confirmation.VERIFIED.value
        payment.verified_by_id = actor.id
        payment.verified_at = now
        old_status, old_total = invoice.status, invoice.total
        invoice.pending_amount = money(invoice.pending_amount - payment.amount)
        invoice.paid_amount = money(invoice.paid_amount + payment.amount)
        await invoice_service.settle(
            session, invoice, vehicle, now, old_status=old_status, old_total=old_total
        )
        await totals.move(session, "payment", Confirmation.PENDING.value, Confirmation.VERIFIED.value,
                          payment.amount, payment.amount)  # fmt: skip
        await ledger_service.post(
            session,
            member_id=payment.member_id,
            at=now,
            kind="depositUse" if from_deposit else "payment",
            description=f"{payment.transaction_id} ({label('PaymentMethod', payment.method).lower()}) for "
            f"{invoice.number}",
            owes_us=-payment.amount,
            deposit=-payment.amount if from_deposit else ZERO,
            invoice_id=invoice.id,
            payment_id=payment.id,
            vehicle_id=invoice.vehicle_id,
        )
        if member is not None:
            refresh_buying_power(member)  # the locked row the ledger entry just lowered
        if invoice.status == "paid" and old_status != "paid":
            # A sale's settlement with its seller (payouts), a deposit held (deposits).
            await events.publish(session, InvoicePaid(invoice, vehicle, payment, actor, now))
        await record_change(
            session,
            actor,
            "payment.verified",
            "payment",
            payment.id,
            old={"confirmation": "Pending"},
            new={"confirmation": "Verified", "invoice": invoice.number, "invoiceStatus": invoice.status},
        )
        payer = member or await session.get(Member, payment.member_id)
        await events.publish(session, PaymentVerified(payment, invoice, payer, now))  # the payer is told
        return payment

    async def reject(
        self, session: AsyncSession, payment_id: str, reason: str, actor: Actor, now: datetime
    ) -> Payment:
        invoice, payment = await self._locked(session, payment_id)
        if payment.confirmation == Confirmation.REJECTED:
            return payment
        refusal = reject_refusal(payment, actor.id)
        if refusal is not None:
            raise Conflict(refusal)
        payment.confirmation = Confirmation.REJECTED.value
        payment.verified_by_id = actor.id
        payment.verified_at = now
        payment.reject_reason = reason
        invoice.pending_amount = money(invoice.pending_amount - payment.amount)
        await session.flush()
        await totals.move(session, "payment", Confirmation.PENDING.value, Confirmation.REJECTED.value,
                          payment.amount, payment.amount)  # fmt: skip
        await record_change(
            session,
            actor,
            "payment.rejected",
            "payment",
            payment.id,
            old={"confirmation": "Pending"},
            new={"confirmation": "Rejected", "reason": reason},
        )
        return payment


payment_service = PaymentService()
