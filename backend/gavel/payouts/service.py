"""Money out: the seller's settlement when a sale is paid, its payout, and refunds to members. Every outbound
payment is completed (or cancelled) by a second person, and never twice."""

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.business.service import business_service
from gavel.core import events
from gavel.core import repository as counters
from gavel.core.clock import DUBAI, dubai_date
from gavel.core.labels import label
from gavel.core.validation import check_iban
from gavel.errors import Conflict, Invalid, NotFound
from gavel.invoices import repository as invoices
from gavel.invoices import totals
from gavel.invoices.calculation import ZERO, money, settlement_lines
from gavel.invoices.models import Invoice
from gavel.invoices.payable import PAYABLE
from gavel.invoices.service import aed, invoice_service, member_name
from gavel.ledger.service import ledger_service
from gavel.members.buying_power import refresh_buying_power
from gavel.members.models import Member
from gavel.payments import repository as payments
from gavel.payments.models import Payment
from gavel.payments.outbound import complete_refusal, settlement_refusal, verifiers_of
from gavel.payments.schemas import OutboundCompletion, OutboundMethod, RefundKind, RefundRequest
from gavel.payouts import repository
from gavel.payouts.events import OutboundCompleted
from gavel.payouts.refundable import credit_refusal, deposit_refusal, refund_position
from gavel.vehicles.models import Vehicle


def valid_iban(value: str | None) -> bool:
    try:
        return check_iban(value) is not None
    except ValueError:
        return False


async def _transaction_id(session: AsyncSession, now: datetime) -> str:
    year = dubai_date(now).year
    n = await counters.next_number(session, f"outbound-{year}", start=1)
    return f"OUT-{year}-{n:06d}"


class PayoutService:
    # ------------------------------------------------------------------------------------ settlements

    async def issue_settlement(
        self, session: AsyncSession, sale: Invoice, vehicle: Vehicle, actor: Actor, now: datetime
    ) -> Invoice | None:
        """The seller's settlement and its pending payout, once the buyer's invoice is paid (once a sale)."""
        if await repository.settlement_of_vehicle(session, vehicle.id) is not None:
            return None
        business = await business_service.get(session)
        seller = await session.get_one(Member, vehicle.member_id)
        price = vehicle.sold_for or ZERO
        charges = [c for c in await invoices.active_charges(session, "seller", ["sale"])]
        year = dubai_date(now).year
        n = await counters.next_number(session, f"settlement-{year}", start=1)
        settlement = Invoice(
            number=f"{business.invoice_prefix}-S-{year}-{n:06d}",
            kind="settlement",
            status="issued",
            member_id=seller.id,
            vehicle_id=vehicle.id,
            run_id=sale.run_id,
            issued_at=now,
            sale_date=sale.sale_date,
            paid_amount=ZERO,
            pending_amount=ZERO,
            lines=[],
        )
        invoice_service.copy_parties(settlement, business, member=seller, vehicle=vehicle)
        invoice_service.add_lines(
            settlement,
            settlement_lines(
                vehicle_description=(
                    f"Lot {vehicle.vehicle_lot_number} · {vehicle.title} · sold for {aed(price)}"
                ),
                price=price,
                charges=charges,
                vat_rate=business.vat_rate,
            ),
        )
        settlement.search_text = " | ".join(
            v.lower()
            for v in (
                settlement.number,
                settlement.buyer_name,
                str(vehicle.vehicle_lot_number),
                vehicle.vin_number,
            )
            if v
        )
        session.add(settlement)
        await session.flush()
        await totals.move(session, "settlement", None, "issued", ZERO, settlement.total)
        await ledger_service.post(
            session,
            member_id=seller.id,
            at=now,
            kind="settlement",
            description=f"Settlement {settlement.number}: Lot {vehicle.vehicle_lot_number}",
            we_owe=settlement.total,
            invoice_id=settlement.id,
            vehicle_id=vehicle.id,
        )
        if settlement.total > 0:
            # Fees above the price leave nothing to pay out (the statement shows it); never a negative payout.
            await self._new_payout(session, settlement, seller, now)
        await record_change(
            session,
            actor,
            "settlement.issued",
            "invoice",
            settlement.id,
            new={"number": settlement.number, "payout": settlement.total, "sale": sale.number},
        )
        return settlement

    async def _new_payout(
        self, session: AsyncSession, settlement: Invoice, seller: Member, now: datetime
    ) -> Payment:
        # A bank transfer when the seller's IBAN is on file, else a cheque; whoever completes it may change.
        method = OutboundMethod.BANK_TRANSFER if valid_iban(seller.bank_iban) else OutboundMethod.CHEQUE
        payout = Payment(
            transaction_id=await _transaction_id(session, now),
            direction="outbound",
            kind="payout",
            invoice_id=settlement.id,
            member_id=seller.id,
            amount=settlement.total,
            method=method.value,
            paid_at=now,
            confirmation="Pending",
        )
        payout.invoice = settlement
        lot = str(settlement.vehicle_lot_number) if settlement.vehicle_lot_number else None
        payout.search_text = " | ".join(
            v.lower()
            for v in (
                payout.transaction_id,
                settlement.number,
                settlement.buyer_name,
                lot,
                settlement.vehicle_vin,
            )
            if v
        )
        session.add(payout)
        await session.flush()
        await totals.move(session, "payout", None, "Pending", ZERO, payout.amount)
        return payout

    # ------------------------------------------------------------------------------------ refunds

    async def request_refund(
        self, session: AsyncSession, body: RefundRequest, actor: Actor, now: datetime
    ) -> Payment:
        # The member's row lock makes refund requests for one member take turns: the second sees what the
        # first took from the deposit or the credit.
        member = await repository.lock_member(session, body.member_id)
        if member is None:
            raise NotFound("This member does not exist.")
        amount = body.refunded_amount
        position = await refund_position(session, member)
        source: Invoice | None
        if body.refund_kind == RefundKind.DEPOSIT:
            refusal = deposit_refusal(position, amount)
            if refusal is not None:
                raise Conflict(refusal)
            source = position.latest_deposit
            assert source is not None  # deposit_refusal answers a member who never paid one
            owes_us, deposit = ZERO, -amount
        else:
            source = await self._refunded_invoice(session, body, member)
            paid = money(source.paid_amount - await repository.refunded_on(session, source.id))
            if amount > paid:
                raise Conflict(
                    f"The refund of {aed(amount)} is more than what was paid on {source.number} and not "
                    f"refunded yet ({aed(max(paid, ZERO))})."
                )
            refusal = credit_refusal(position, amount)
            if refusal is not None:
                raise Conflict(refusal)
            owes_us, deposit = amount, ZERO
        refund = Payment(
            transaction_id=await _transaction_id(session, now),
            direction="outbound",
            kind="refund",
            refund_kind=body.refund_kind.value,
            refund_reason=body.refund_reason,
            invoice_id=source.id,
            member_id=member.id,
            amount=amount,
            method=body.refund_method.value,
            paid_at=now,
            confirmation="Pending",
            recorded_by_id=actor.id,
        )
        refund.invoice = source
        refund.search_text = " | ".join(
            v.lower() for v in (refund.transaction_id, source.number, member_name(member)) if v
        )
        session.add(refund)
        await session.flush()
        await totals.move(session, "refund", None, "Pending", ZERO, amount)
        await ledger_service.post(
            session,
            member_id=member.id,
            at=now,
            kind="refund",
            description=(
                f"Refund {refund.transaction_id} requested ({body.refund_kind.value}): {body.refund_reason}"
            ),
            owes_us=owes_us,
            we_owe=amount,
            deposit=deposit,
            invoice_id=source.id,
            payment_id=refund.id,
        )
        if deposit:
            refresh_buying_power(member)
        await record_change(
            session,
            actor,
            "refund.requested",
            "payment",
            refund.id,
            new={
                "member": member.id,
                "kind": body.refund_kind.value,
                "amount": amount,
                "reason": body.refund_reason,
            },
        )
        return refund

    async def _refunded_invoice(self, session: AsyncSession, body: RefundRequest, member: Member) -> Invoice:
        """The invoice an overpayment or a cancelled sale refunds: the member's, paid on; a cancelled sale's
        invoice is cancelled."""
        if not body.invoice_id:
            raise Invalid.field("invoiceId", "Choose the invoice the refund is for.")
        source = await invoices.by_id(session, body.invoice_id)
        if source is None or source.member_id != member.id or source.kind not in PAYABLE:
            raise Invalid.field("invoiceId", f"The invoice is not one that {member_name(member)} paid.")
        if body.refund_kind == RefundKind.CANCELLED_SALE and (
            source.kind != "invoice" or source.status != "cancelled"
        ):
            raise Invalid.field(
                "invoiceId", f"{source.number} is not a cancelled sale; choose the cancelled sale's invoice."
            )
        return source

    # ------------------------------------------------------------------------------------ completing

    async def _outbound(self, session: AsyncSession, payment_id: str) -> Payment:
        payment = await payments.by_id(session, payment_id, lock=True)
        if payment is None or payment.direction != "outbound":
            raise NotFound("This payout or refund does not exist.")
        return payment

    def _check_settlement(self, payment: Payment) -> None:
        refusal = settlement_refusal(payment)
        if refusal is not None:
            raise Conflict(refusal)

    async def complete(
        self, session: AsyncSession, payment_id: str, body: OutboundCompletion, actor: Actor, now: datetime
    ) -> Payment:
        # The payment's row lock makes two completions take turns: the second finds it completed.
        payment = await self._outbound(session, payment_id)
        settlement = payment.invoice
        verifiers = (await verifiers_of(session, [payment])).get(payment.id, set())
        refusal = complete_refusal(payment, actor.id, verifiers)
        if refusal is not None:
            raise Conflict(refusal)
        if body.payment_method != OutboundMethod.CASH and not body.payment_reference_id:
            raise Invalid.field("paymentReferenceId", "Enter the transfer or cheque reference.")
        if body.payment_date_and_time > now:
            raise Invalid.field("paymentDateAndTime", "The payment cannot be dated in the future.")
        issued = payment.paid_at  # a pending payout or refund carries the moment it was issued
        if body.payment_date_and_time < issued:
            raise Invalid.field(
                "paymentDateAndTime",
                f"The payment cannot be dated before {payment.transaction_id} was issued "
                f"({issued.astimezone(DUBAI).strftime('%d/%m/%Y %H:%M')}).",
            )
        member = await session.get_one(Member, payment.member_id)
        if body.payment_method == OutboundMethod.BANK_TRANSFER and not valid_iban(member.bank_iban):
            raise Conflict(
                f"{member_name(member)} has no valid IBAN on file: enter their bank details before paying by "
                "bank transfer."
            )
        payment.confirmation = "Completed"
        payment.method = body.payment_method.value
        payment.reference = body.payment_reference_id
        if payment.reference:  # found by its transfer or cheque reference too
            payment.search_text = f"{payment.search_text} | {payment.reference.lower()}"
        payment.paid_at = body.payment_date_and_time
        payment.completed_at = now
        payment.completed_by_id = actor.id
        await session.flush()
        await totals.move(session, payment.kind, "Pending", "Completed", payment.amount, payment.amount)
        await ledger_service.post(
            session,
            member_id=member.id,
            at=now,
            kind="payout" if payment.kind == "payout" else "refundPaid",
            description=f"{payment.transaction_id} paid by {label('PaymentMethod', payment.method).lower()}"
            + (f" ({payment.reference})" if payment.reference else ""),
            we_owe=-payment.amount,
            invoice_id=payment.invoice_id,
            payment_id=payment.id,
        )
        if payment.kind == "payout":
            await totals.move(session, "settlement", "issued", "paidOut", settlement.total, settlement.total)
            settlement.status = "paidOut"
        await record_change(
            session,
            actor,
            f"{payment.kind}.completed",
            "payment",
            payment.id,
            old={"status": "Pending"},
            new={
                "status": "Completed",
                "method": payment.method,
                "reference": payment.reference,
                "paidAt": payment.paid_at,
                "amount": payment.amount,
                # Where the money went, as it was on file when it left.
                "iban": member.bank_iban if payment.method == OutboundMethod.BANK_TRANSFER else None,
            },
        )
        await events.publish(session, OutboundCompleted(payment, member, now))  # the member is told (alerts)
        return payment

    async def cancel(
        self, session: AsyncSession, payment_id: str, reason: str, actor: Actor, now: datetime
    ) -> tuple[Payment, Payment | None]:
        """Cancels a pending payout or refund; answers it and, for a payout, the new pending payout that
        replaces it (the seller is still owed). A repeated cancel changes nothing."""
        payment = await self._outbound(session, payment_id)
        replacement = None
        if payment.confirmation == "Canceled":
            return payment, None
        if payment.confirmation == "Completed":
            raise Conflict(f"{payment.transaction_id} was completed; it can no longer be cancelled.")
        self._check_settlement(payment)
        payment.confirmation = "Canceled"
        payment.reject_reason = reason
        payment.completed_at = now
        payment.completed_by_id = actor.id
        await session.flush()
        await totals.move(session, payment.kind, "Pending", "Canceled", payment.amount, payment.amount)
        if payment.kind == "refund":
            # The request is taken back: what it took from the deposit or the credit is the member's again.
            from_deposit = payment.refund_kind == RefundKind.DEPOSIT
            await ledger_service.post(
                session,
                member_id=payment.member_id,
                at=now,
                kind="refundCancelled",
                description=f"Refund {payment.transaction_id} cancelled: {reason}",
                owes_us=ZERO if from_deposit else -payment.amount,
                we_owe=-payment.amount,
                deposit=payment.amount if from_deposit else ZERO,
                invoice_id=payment.invoice_id,
                payment_id=payment.id,
            )
            if from_deposit:
                member = await session.get_one(Member, payment.member_id)
                refresh_buying_power(member)
        else:
            # A withheld payout: the seller is still owed; a new payout is issued when it is resolved.
            replacement = await self._new_payout(
                session, payment.invoice, await session.get_one(Member, payment.member_id), now
            )
        await record_change(
            session,
            actor,
            f"{payment.kind}.cancelled",
            "payment",
            payment.id,
            old={"status": "Pending"},
            new={
                "status": "Canceled",
                "reason": reason,
                "replacedBy": replacement.transaction_id if replacement else None,
            },
        )
        return payment, replacement

    # ------------------------------------------------------------------------------------ lists

    async def payouts_of(self, session: AsyncSession, settlement: Invoice) -> list[Payment]:
        return await repository.payouts_of(session, settlement.id)


payout_service = PayoutService()
