"""The rules of invoices: issued with the sale, late fees and storage days added by the clock, credit notes
instead of edits, and the state that follows the money verified against them."""

from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.business.models import BusinessSettings
from gavel.business.service import business_service
from gavel.core import repository as counters
from gavel.core.clock import dubai_date
from gavel.core.events import publish
from gavel.core.money import aed as aed  # the one amount format, read by the money modules from here
from gavel.errors import Conflict, NotFound
from gavel.invoices import repository, totals
from gavel.invoices.calculation import ZERO, LineDraft, money, sale_lines
from gavel.invoices.calculation import totals as sum_lines
from gavel.invoices.events import InvoiceFellOverdue, InvoiceIssued, PaymentDueSoon
from gavel.invoices.models import Invoice, InvoiceLine
from gavel.invoices.payable import PAYABLE
from gavel.invoices.repository import OPEN, PAYMENT_DUE_NOTICE
from gavel.ledger.service import ledger_service
from gavel.members.models import Member
from gavel.vehicles.models import Vehicle
from gavel.vehicles.options import GatePass

SYSTEM = Actor(id=None, email="system (clock)", ip=None)


def member_name(member: Member) -> str:
    if member.member_entity == "organization" and member.company_name:
        return member.company_name
    return f"{member.first_name} {member.last_name}"


def owed(invoice: Invoice) -> Decimal:
    """What is still to be paid (verified payments deducted)."""
    return money(invoice.total - invoice.paid_amount)


# What a document copies of its parties and vehicle when it is issued.
PARTY_FIELDS = (
    "buyer_name", "buyer_trn", "buyer_address", "vehicle_lot_number", "vehicle_vin", "vehicle_title",
    "business_name", "business_trn", "business_address", "business_phone",
)  # fmt: skip


def state_of(invoice: Invoice, now: datetime) -> str:
    if invoice.kind not in PAYABLE or invoice.status == "cancelled":
        return invoice.status
    if invoice.total > 0 and invoice.paid_amount >= invoice.total:
        return "paid"
    # Storage is owed at collection (the gate pass waits for it), not by the due date: a buyer who paid the
    # sale on time is never overdue, nor charged the late fee, because the vehicle stayed in the yard.
    storage = sum((line.total for line in invoice.lines if line.kind == "storagePerDay"), ZERO)
    if invoice.due_at is not None and now > invoice.due_at and invoice.paid_amount < invoice.total - storage:
        return "overdue"
    if invoice.paid_amount > 0:
        return "partiallyPaid"
    return "unpaid"


def _search_text(invoice: Invoice) -> str:
    values = [invoice.number, invoice.buyer_name, str(invoice.vehicle_lot_number), invoice.vehicle_vin]
    return " | ".join(v.lower() for v in values if v)


class InvoiceService:
    async def get(self, session: AsyncSession, invoice_id: str, *, lock: bool = False) -> Invoice:
        invoice = await repository.by_id(session, invoice_id, lock=lock)
        if invoice is None:
            raise NotFound("This invoice does not exist.")
        return invoice

    # ------------------------------------------------------------------------------------ issuing

    async def _number(self, session: AsyncSession, prefix: str, kind: str, now: datetime) -> str:
        year = dubai_date(now).year
        counter = "invoice" if kind == "invoice" else "credit"
        n = await counters.next_number(session, f"{counter}-{year}", start=1)
        middle = "" if kind == "invoice" else "CN-"
        return f"{prefix}-{middle}{year}-{n:06d}"

    def copy_parties(
        self,
        document: Invoice,
        business: BusinessSettings | None,
        *,
        member: Member | None = None,
        vehicle: Vehicle | None = None,
        like: Invoice | None = None,
    ) -> None:
        """A document copies who issues it, who it is for and the vehicle when it is issued, so that it reads
        the same for ever: those of the document it follows (`like`), then business, member, vehicle."""
        if like is not None:
            for name in PARTY_FIELDS:
                setattr(document, name, getattr(like, name))
        if business is not None:
            document.business_name = business.legal_name
            document.business_trn = business.trn
            document.business_address = business.address
            document.business_phone = business.phone
        if member is not None:
            document.buyer_name = member_name(member)
            document.buyer_trn = member.trn
            profile = member.profile
            document.buyer_address = profile.address if profile is not None else None
        if vehicle is not None:
            document.vehicle_lot_number = vehicle.vehicle_lot_number
            document.vehicle_vin = vehicle.vin_number
            document.vehicle_title = vehicle.title

    def add_lines(self, invoice: Invoice, drafts: list[LineDraft]) -> None:
        position = len(invoice.lines)
        for draft in drafts:
            position += 1
            invoice.lines.append(
                InvoiceLine(
                    position=position,
                    kind=draft.kind,
                    description=draft.description,
                    charge_id=draft.charge_id,
                    service_date=draft.service_date,
                    quantity=draft.quantity,
                    unit_amount=draft.unit_amount,
                    amount=draft.amount,
                    vat_rate=draft.vat_rate,
                    vat=draft.vat,
                    total=draft.total,
                )
            )
        summed = sum_lines(invoice.lines)
        invoice.subtotal, invoice.vat_total, invoice.total = summed.subtotal, summed.vat, summed.total

    async def issue_for_sale(
        self,
        session: AsyncSession,
        *,
        vehicle: Vehicle,
        buyer: Member,
        price: Decimal,
        run_id: str | None,
        sale_date: date,
        now: datetime,
        actor: Actor,
    ) -> Invoice:
        """The buyer's tax invoice, issued in the same transaction as the sale."""
        business = await business_service.get(session)
        charges = await repository.active_buyer_charges(session, ["sale", "gatePass"])
        drafts = sale_lines(
            vehicle_description=(
                f"Lot {vehicle.vehicle_lot_number} · {vehicle.title} · VIN {vehicle.vin_number}"
            ),
            price=price,
            seller_charges_vat=bool(vehicle.seller.trn),
            charges=charges,
            vat_rate=business.vat_rate,
        )
        invoice = Invoice(
            number=await self._number(session, business.invoice_prefix, "invoice", now),
            kind="invoice",
            status="unpaid",
            member_id=buyer.id,
            vehicle_id=vehicle.id,
            run_id=run_id,
            issued_at=now,
            due_at=now + timedelta(hours=business.payment_window_hours),
            sale_date=sale_date,
            paid_amount=ZERO,
            pending_amount=ZERO,
            lines=[],
        )
        self.copy_parties(invoice, business, member=buyer, vehicle=vehicle)
        self.add_lines(invoice, drafts)
        invoice.search_text = _search_text(invoice)
        session.add(invoice)
        await session.flush()
        await totals.move(session, "invoice", None, invoice.status, ZERO, invoice.total)
        await ledger_service.post(
            session,
            member_id=buyer.id,
            at=now,
            kind="invoice",
            description=f"Tax invoice {invoice.number}: Lot {vehicle.vehicle_lot_number}",
            owes_us=invoice.total,
            invoice_id=invoice.id,
            vehicle_id=vehicle.id,
        )
        await record_change(
            session,
            actor,
            "invoice.issued",
            "invoice",
            invoice.id,
            new={"number": invoice.number, "total": invoice.total, "vehicle": vehicle.id, "buyer": buyer.id},
        )
        await publish(session, InvoiceIssued(invoice, vehicle, buyer, now))
        return invoice

    async def credit(
        self,
        session: AsyncSession,
        invoice: Invoice,
        reason: str,
        now: datetime,
        actor: Actor,
        *,
        keep_payments: bool = False,
    ) -> Invoice:
        """Cancels an invoice by a credit note of the same lines, negated; the invoice stays as it was.

        `keep_payments`: verified payments stay on the cancelled invoice and become the member's credit (a
        refund of a cancelled sale gives it back); payments waiting for verification are never left behind.

        Only what a member pays is cancelled so: a seller's settlement is settled by its payout (withheld by
        cancelling the payout), and a credit note is final."""
        if invoice.kind not in PAYABLE:
            what = {"settlement": "a seller's settlement", "creditNote": "a credit note"}.get(
                invoice.kind, f"a {invoice.kind}"
            )
            raise Conflict(
                f"{invoice.number} is {what}; only a tax invoice, a deposit or a penalty invoice is "
                "cancelled by a credit note."
            )
        if invoice.pending_amount > 0 or (invoice.paid_amount > 0 and not keep_payments):
            raise Conflict(
                f"{invoice.number} has payments recorded against it; it can no longer be cancelled."
            )
        business = await business_service.get(session)
        note = Invoice(
            number=await self._number(session, business.invoice_prefix, "creditNote", now),
            kind="creditNote",
            status="issued",
            member_id=invoice.member_id,
            vehicle_id=invoice.vehicle_id,
            run_id=invoice.run_id,
            credit_for_id=invoice.id,
            issued_at=now,
            due_at=None,
            sale_date=invoice.sale_date,
            paid_amount=ZERO,
            pending_amount=ZERO,
            void_reason=reason,
            lines=[],
        )
        self.copy_parties(note, None, like=invoice)  # a credit note reads as the invoice it cancels
        self.add_lines(
            note,
            [
                LineDraft(
                    kind=line.kind,
                    description=f"Credit: {line.description}",
                    quantity=-line.quantity,
                    unit_amount=line.unit_amount,
                    vat_rate=line.vat_rate,
                    charge_id=line.charge_id,
                    service_date=line.service_date,
                )
                for line in invoice.lines
            ],
        )
        note.search_text = _search_text(note)
        session.add(note)
        old_status, old_total = invoice.status, invoice.total
        invoice.status = "cancelled"
        invoice.void_reason = reason
        invoice.voided_at = now
        invoice.voided_by_id = actor.id
        await session.flush()
        await totals.move(session, "invoice", old_status, "cancelled", old_total, invoice.total)
        await totals.move(session, "creditNote", None, "issued", ZERO, note.total)
        await ledger_service.post(
            session,
            member_id=invoice.member_id,
            at=now,
            kind="creditNote",
            description=f"Credit note {note.number} cancels {invoice.number}",
            owes_us=note.total,
            invoice_id=note.id,
            vehicle_id=invoice.vehicle_id,
        )
        await record_change(
            session,
            actor,
            "invoice.cancelled",
            "invoice",
            invoice.id,
            old={"status": old_status},
            new={"status": "cancelled", "creditNote": note.number, "reason": reason},
        )
        return note

    # ------------------------------------------------------------------------------------ the clock

    async def accrue(
        self, session: AsyncSession, invoice: Invoice, vehicle: Vehicle | None, now: datetime
    ) -> bool:
        """Adds the late fee (once, when the invoice passed its due date unpaid) and the storage days up to
        today (while the vehicle is in the yard after its free days). Running it again adds nothing.

        A deposit or penalty invoice takes no fee: it only falls overdue (which takes the member's buying
        power away), stamped in `late_fee_at` as a sale's late fee is, so that the job claims it once.

        The member hears of it (events PaymentDueSoon and InvoiceFellOverdue, which the alerts module sends):
        24 hours before the due time (stamped in `payment_due_alert_at`) and when the invoice is found overdue
        (with the `late_fee_at` stamp): once each."""
        if invoice.status == "cancelled":
            return False
        reminded = await self._remind(session, invoice, now)
        if invoice.kind in ("deposit", "penalty"):
            if invoice.late_fee_at is not None or invoice.due_at is None or now <= invoice.due_at:
                return reminded
            old_status = invoice.status
            invoice.late_fee_at = now
            await self.settle(session, invoice, None, now, old_status=old_status, old_total=invoice.total)
            if invoice.status == "overdue":
                await publish(session, InvoiceFellOverdue(invoice, now))
            return old_status != invoice.status
        if invoice.kind != "invoice":
            return False
        business = await business_service.get(session)
        charges = {
            c.kind: c
            for c in await repository.active_buyer_charges(session, ["latePayment", "storagePerDay"])
        }
        drafts: list[LineDraft] = []
        late = invoice.late_fee_at is None and invoice.due_at is not None and now > invoice.due_at
        fell_overdue = late and state_of(invoice, now) == "overdue"
        if fell_overdue:
            fee = charges.get("latePayment")
            if fee is not None:
                drafts.append(
                    LineDraft(
                        kind="latePayment",
                        description=fee.title,
                        quantity=1,
                        unit_amount=money(fee.charges),
                        vat_rate=business.vat_rate,
                        charge_id=fee.id,
                    )
                )
            invoice.late_fee_at = now
        today = dubai_date(now)
        in_yard = (
            vehicle is not None and vehicle.gate_pass_status != GatePass.PICKED_UP and not vehicle.is_released
        )
        if in_yard and (invoice.storage_through or date.min) < today and invoice.sale_date is not None:
            first_charged = invoice.sale_date + timedelta(days=business.free_storage_days)
            day = max(first_charged, (invoice.storage_through or date.min) + timedelta(days=1))
            storage = charges.get("storagePerDay")
            while storage is not None and day <= today:
                drafts.append(
                    LineDraft(
                        kind="storagePerDay",
                        description=f"{storage.title}: {day.strftime('%d/%m/%Y')}",
                        quantity=1,
                        unit_amount=money(storage.charges),
                        vat_rate=business.vat_rate,
                        charge_id=storage.id,
                        service_date=day,
                    )
                )
                day += timedelta(days=1)
        if in_yard:
            invoice.storage_through = today
        old_status, old_total = invoice.status, invoice.total
        if drafts:
            self.add_lines(invoice, drafts)
            await ledger_service.post(
                session,
                member_id=invoice.member_id,
                at=now,
                kind="charge",
                description=f"{invoice.number}: "
                + ", ".join(sorted({d.description.split(":")[0] for d in drafts})),
                owes_us=sum((d.total for d in drafts), ZERO),
                invoice_id=invoice.id,
                vehicle_id=invoice.vehicle_id,
            )
        await self.settle(session, invoice, vehicle, now, old_status=old_status, old_total=old_total)
        if fell_overdue:
            await publish(session, InvoiceFellOverdue(invoice, now))
        return reminded or bool(drafts) or old_status != invoice.status

    async def _remind(self, session: AsyncSession, invoice: Invoice, now: datetime) -> bool:
        """PaymentDueSoon, once, from 24 hours before the due time until it: an invoice given less than a day
        to pay is only stamped (its invoiceIssued message already says when it is due)."""
        due = invoice.due_at
        if (
            invoice.kind not in PAYABLE
            or invoice.status not in OPEN
            or invoice.payment_due_alert_at is not None
            or due is None
            or not due - PAYMENT_DUE_NOTICE <= now < due
        ):
            return False
        invoice.payment_due_alert_at = now
        if invoice.issued_at < due - PAYMENT_DUE_NOTICE:
            await publish(session, PaymentDueSoon(invoice, now))
        return True

    async def settle(
        self,
        session: AsyncSession,
        invoice: Invoice,
        vehicle: Vehicle | None,
        now: datetime,
        *,
        old_status: str | None = None,
        old_total: Decimal | None = None,
    ) -> None:
        """Sets the invoice's state from its lines and verified payments; the vehicle's Paid follows it."""
        before_status = old_status if old_status is not None else invoice.status
        before_total = old_total if old_total is not None else invoice.total
        invoice.status = state_of(invoice, now)
        if vehicle is not None:
            vehicle.is_paid = invoice.status == "paid"
        await session.flush()
        await totals.move(session, "invoice", before_status, invoice.status, before_total, invoice.total)

    def snapshot(self, invoice: Invoice) -> dict[str, Any]:
        return {
            "number": invoice.number,
            "status": invoice.status,
            "total": invoice.total,
            "paid": invoice.paid_amount,
            "pending": invoice.pending_amount,
        }


invoice_service = InvoiceService()
