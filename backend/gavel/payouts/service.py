"""Money out: the seller's settlement when a sale is paid, its payout, and refunds to members. Every outbound
payment is completed (or cancelled) by a second person, and never twice."""

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.business.service import business_service
from gavel.core import repository as counters
from gavel.core.clock import dubai_date
from gavel.deposits import repository as deposits
from gavel.deposits.service import deposit_service
from gavel.errors import Conflict, Invalid, NotFound
from gavel.invoices import repository as invoices
from gavel.invoices import totals
from gavel.invoices.calculation import ZERO, settlement_lines
from gavel.invoices.models import Invoice
from gavel.invoices.service import aed, invoice_service, member_name
from gavel.ledger.service import ledger_service
from gavel.members.models import Member
from gavel.payments.models import Payment
from gavel.payments.schemas import OutboundCompletion, OutboundMethod, RefundKind, RefundRequest
from gavel.payouts import repository
from gavel.vehicles.models import Vehicle


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
            buyer_name=member_name(seller),
            buyer_trn=seller.trn,
            vehicle_lot_number=vehicle.vehicle_lot_number,
            vehicle_vin=vehicle.vin_number,
            vehicle_title=vehicle.title,
            business_name=business.legal_name,
            business_trn=business.trn,
            business_address=business.address,
            business_phone=business.phone,
            lines=[],
        )
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
            for v in (settlement.number, settlement.buyer_name, str(vehicle.vehicle_lot_number))
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
        payout = Payment(
            transaction_id=await _transaction_id(session, now),
            direction="outbound",
            kind="payout",
            invoice_id=settlement.id,
            member_id=seller.id,
            amount=settlement.total,
            method=OutboundMethod.BANK_TRANSFER.value if seller.bank_iban else OutboundMethod.CHEQUE.value,
            paid_at=now,
            confirmation="Pending",
        )
        payout.invoice = settlement
        payout.search_text = " | ".join(
            v.lower() for v in (payout.transaction_id, settlement.number, settlement.buyer_name) if v
        )
        session.add(payout)
        await session.flush()
        await totals.move(session, "payout", None, "Pending", ZERO, payout.amount)
        return payout

    # ------------------------------------------------------------------------------------ refunds

    async def request_refund(
        self, session: AsyncSession, body: RefundRequest, actor: Actor, now: datetime
    ) -> Payment:
        member = await session.get(Member, body.member_id)
        if member is None:
            raise NotFound("This member does not exist.")
        amount = body.refunded_amount
        if body.refund_kind == RefundKind.DEPOSIT:
            waiting = await deposits.open_invoices(session, member.id)
            if waiting:
                raise Conflict(
                    f"{member_name(member)} still has {waiting[0].number} open; the deposit is refunded once "
                    "nothing is owed."
                )
            if amount > member.deposit_held:
                raise Conflict(
                    f"The refund of {aed(amount)} is more than the deposit held "
                    f"({aed(member.deposit_held)}).",
                )
            source = await deposits.latest_paid_deposit(session, member.id)
            if source is None:
                raise Conflict(f"{member_name(member)} has never paid a deposit.")
            owes_us, deposit = ZERO, -amount
        else:
            owed, _, _ = await ledger_service.balances(session, member.id)
            credit = max(-owed, ZERO)
            if amount > credit:
                raise Conflict(
                    f"The refund of {aed(amount)} is more than what {member_name(member)} paid beyond "
                    f"what they owe ({aed(credit)})."
                )
            if not body.invoice_id:
                raise Invalid.field("invoiceId", "Choose the invoice the refund is for.")
            source = await invoices.by_id(session, body.invoice_id)
            if source is None or source.member_id != member.id:
                raise Invalid.field("invoiceId", "The invoice is not this member's.")
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
            deposit_service.refresh_buying_power(member)
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

    # ------------------------------------------------------------------------------------ completing

    async def _outbound(self, session: AsyncSession, payment_id: str) -> Payment:
        from gavel.payments import repository as payments

        payment = await payments.by_id(session, payment_id, lock=True)
        if payment is None or payment.direction != "outbound":
            raise NotFound("This payout or refund does not exist.")
        return payment

    async def complete(
        self, session: AsyncSession, payment_id: str, body: OutboundCompletion, actor: Actor, now: datetime
    ) -> Payment:
        # The payment's row lock makes two completions take turns: the second finds it completed.
        payment = await self._outbound(session, payment_id)
        if payment.confirmation == "Completed":
            raise Conflict(f"{payment.transaction_id} was already completed; money is never sent twice.")
        if payment.confirmation == "Canceled":
            raise Conflict(f"{payment.transaction_id} was cancelled.")
        settlement = payment.invoice
        verifiers = (
            await repository.verifiers_of_vehicle(session, settlement.vehicle_id)
            if payment.kind == "payout" and settlement.vehicle_id
            else set()
        )
        if actor.id in verifiers:
            raise Conflict(
                f"You verified the buyer's payment for Lot {settlement.vehicle_lot_number}; another "
                "staff user completes the seller's payout (two people see every vehicle's money)."
            )
        if payment.kind == "refund" and payment.recorded_by_id == actor.id:
            raise Conflict(f"You requested {payment.transaction_id}; another staff user completes it.")
        if body.payment_method != OutboundMethod.CASH and not body.payment_reference_id:
            raise Invalid.field("paymentReferenceId", "Enter the transfer or cheque reference.")
        if body.payment_date_and_time > now:
            raise Invalid.field("paymentDateAndTime", "The payment cannot be dated in the future.")
        member = await session.get_one(Member, payment.member_id)
        if body.payment_method == OutboundMethod.BANK_TRANSFER and not member.bank_iban:
            raise Conflict(
                f"{member_name(member)} has no valid IBAN on file: enter their bank details before paying by "
                "bank transfer."
            )
        payment.confirmation = "Completed"
        payment.method = body.payment_method.value
        payment.reference = body.payment_reference_id
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
            description=f"{payment.transaction_id} paid by {payment.method}"
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
            new={"method": payment.method, "reference": payment.reference, "amount": payment.amount},
        )
        return payment

    async def cancel(
        self, session: AsyncSession, payment_id: str, reason: str, actor: Actor, now: datetime
    ) -> Payment:
        payment = await self._outbound(session, payment_id)
        if payment.confirmation == "Canceled":
            return payment
        if payment.confirmation == "Completed":
            raise Conflict(f"{payment.transaction_id} was completed; it can no longer be cancelled.")
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
                deposit_service.refresh_buying_power(member)
        else:
            # A withheld payout: the seller is still owed; a new payout is issued when it is resolved.
            await self._new_payout(
                session, payment.invoice, await session.get_one(Member, payment.member_id), now
            )
        await record_change(
            session, actor, f"{payment.kind}.cancelled", "payment", payment.id, new={"reason": reason}
        )
        return payment


payout_service = PayoutService()
