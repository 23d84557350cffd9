"""What can be refunded to a member, and what they still owe first: the rule a refund request is refused by,
answered as it stands before anyone fills in the refund form (GET /members/{id}/refundable)."""

from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.deposits import repository as deposits
from gavel.invoices.calculation import ZERO, money
from gavel.invoices.models import Invoice
from gavel.invoices.schemas import Verdict
from gavel.invoices.service import aed, member_name
from gavel.ledger.service import ledger_service
from gavel.members.models import Member
from gavel.payouts.schemas import OwedInvoice, Refundable


def still_owed(invoice: Invoice) -> Decimal:
    return money(invoice.total - invoice.paid_amount)


@dataclass(frozen=True)
class RefundPosition:
    member: Member
    # Sale, deposit, penalty invoices not paid nor cancelled (storage days and late fees are lines of a sale's
    # invoice): the deposit is refunded once none is left.
    owed: list[Invoice]
    latest_deposit: Invoice | None
    # What the member paid beyond what they owe (the ledger): the most an overpayment or a cancelled sale's
    # refund gives back.
    credit: Decimal

    @property
    def owed_total(self) -> Decimal:
        return sum((still_owed(i) for i in self.owed), ZERO)


async def refund_position(session: AsyncSession, member: Member) -> RefundPosition:
    owes_us, _, _ = await ledger_service.balances(session, member.id)
    return RefundPosition(
        member=member,
        owed=await deposits.open_invoices(session, member.id),
        latest_deposit=await deposits.latest_paid_deposit(session, member.id),
        credit=max(-owes_us, ZERO),
    )


def deposit_refusal(position: RefundPosition, amount: Decimal | None = None) -> str | None:
    """Why the deposit (or `amount` of it) cannot be refunded now; None when it can."""
    member, name = position.member, member_name(position.member)
    if position.owed:
        numbers = ", ".join(i.number for i in position.owed)
        return f"{name} still has {numbers} open; the deposit is refunded once nothing is owed."
    if amount is None and member.deposit_held <= 0:
        return f"{name} holds no deposit; there is nothing to refund."
    if amount is not None and amount > member.deposit_held:
        return f"The refund of {aed(amount)} is more than the deposit held ({aed(member.deposit_held)})."
    if position.latest_deposit is None:
        return f"{name} has never paid a deposit."
    return None


def credit_refusal(position: RefundPosition, amount: Decimal | None = None) -> str | None:
    """Why nothing (or not `amount`) paid beyond what is owed can be refunded now; None when it can."""
    name = member_name(position.member)
    if amount is None and position.credit <= 0:
        return f"{name} paid nothing beyond what they owe; there is no overpayment to refund."
    if amount is not None and amount > position.credit:
        return (
            f"The refund of {aed(amount)} is more than what {name} paid beyond what they owe "
            f"({aed(position.credit)})."
        )
    return None


def _verdict(refusal: str | None) -> Verdict:
    return Verdict(allowed=refusal is None, reason=refusal)


def refundable_out(position: RefundPosition) -> Refundable:
    """The position as the API answers it, each verdict from the rule that refuses the request."""
    return Refundable(
        member_id=position.member.id,
        owed=[
            OwedInvoice(id=i.id, invoice_no=i.number, kind=i.kind, status=i.status, due_amount=still_owed(i))
            for i in position.owed
        ],
        owed_total=position.owed_total,
        deposit_held=position.member.deposit_held,
        deposit=_verdict(deposit_refusal(position)),
        credit=position.credit,
        overpayment=_verdict(credit_refusal(position)),
    )
