"""The ledger's vocabulary: the kinds of entry (the screen's and the statement's questions and answers are
gavel.statements.schemas)."""

from enum import StrEnum


class LedgerKind(StrEnum):
    """What moved a member's money (docs/decisions.md, Ledger, deposits and default)."""

    INVOICE = "invoice"  # a tax, deposit or penalty invoice issued: they owe us more
    CREDIT_NOTE = "creditNote"  # an invoice cancelled
    CHARGE = "charge"  # a late fee or storage days added to an invoice
    PAYMENT = "payment"  # a payment verified
    DEPOSIT = "deposit"  # a deposit invoice paid: the deposit is held
    DEPOSIT_USE = "depositUse"  # an invoice paid from the deposit
    PENALTY = "penalty"  # a default's penalty taken from the deposit
    SETTLEMENT = "settlement"  # a seller's settlement: we owe them the payout
    PAYOUT = "payout"  # the payout sent
    REFUND = "refund"  # a refund requested
    REFUND_PAID = "refundPaid"  # a refund sent
    REFUND_CANCELLED = "refundCancelled"  # a refund request taken back
