"""What alerts are made of: channels, languages, statuses, the events that send them and the variables each
event's templates may use (with the sample values of the preview).

A template names its variables as `{{ group.name }}` (`{{ member.firstName }}`, `{{ invoice.total }}`) or, for
a reason, `{{ reason }}`. Every value is text already formatted for a person: amounts as 'AED 25,472.50',
days as DD/MM/YYYY and times as HH:MM in Asia/Dubai; words (a payment method) in the message's language.
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from gavel.members.language import Language as Language  # the members' preferred languages


class Channel(StrEnum):
    SMS = "sms"
    WHATSAPP = "whatsapp"
    EMAIL = "email"


class Origin(StrEnum):
    EVENT = "event"  # a change of a member's affairs (an approval, a sale, a payment ...)
    CAMPAIGN = "campaign"  # a promotion sent by staff
    SYSTEM = "system"  # one-time codes and temporary passwords (moved here by the delivery work)


class MessageStatus(StrEnum):
    QUEUED = "queued"
    SENDING = "sending"
    SENT = "sent"
    DELIVERED = "delivered"
    READ = "read"
    FAILED = "failed"
    CANCELLED = "cancelled"


class AttachmentKind(StrEnum):
    INVOICE = "invoice"  # the invoice's PDF (gavel.documents.invoice), made when the mail is sent
    GATE_PASS = "gatePass"  # noqa: S105 (not a password) the gate pass's PDF with its QR code (gavel.documents.gate_pass)


class CampaignStatus(StrEnum):
    DRAFT = "draft"
    SCHEDULED = "scheduled"
    QUEUEING = "queueing"
    SENDING = "sending"
    DONE = "done"
    CANCELLED = "cancelled"


class Event(StrEnum):
    MEMBER_APPROVED = "memberApproved"
    MEMBER_REJECTED = "memberRejected"
    VEHICLE_APPROVED = "vehicleApproved"
    VEHICLE_REJECTED = "vehicleRejected"
    VEHICLE_SOLD = "vehicleSold"
    INVOICE_ISSUED = "invoiceIssued"
    PAYMENT_DUE = "paymentDue"
    INVOICE_OVERDUE = "invoiceOverdue"
    PAYMENT_VERIFIED = "paymentVerified"
    GATE_PASS_ISSUED = "gatePassIssued"  # noqa: S105 (not a password)
    PAYOUT_COMPLETED = "payoutCompleted"
    DEPOSIT_REFUNDED = "depositRefunded"
    SELLER_APPROVAL_REQUESTED = "sellerApprovalRequested"
    COUNTER_OFFERED = "counterOffered"


# The statuses staff may move a message from, for each action of the screens.
RETRYABLE = (MessageStatus.FAILED, MessageStatus.CANCELLED)
CANCELLABLE = (MessageStatus.QUEUED, MessageStatus.FAILED)

# The variable groups: each name with what it holds (shown to the template editor).
GROUPS: dict[str, dict[str, str]] = {
    "member": {
        "firstName": "First name",
        "lastName": "Last name",
        "fullName": "First and last name, or the company name of an organization",
        "email": "Email address",
        "phone": "Phone number (E.164)",
    },
    "business": {
        "name": "The business's legal name (Settings, Business)",
        "phone": "The business's phone (empty when not entered)",
        "email": "The business's email (empty when not entered)",
    },
    "vehicle": {
        "lot": "Lot number (empty for a deposit or penalty invoice)",
        "title": "Title, e.g. 2021 Toyota Land Cruiser GXR",
        "vin": "VIN",
    },
    "sale": {
        "price": "Price sold for, e.g. AED 25,000.00",
        "date": "Sale day, DD/MM/YYYY",
    },
    "invoice": {
        "number": "Invoice number, e.g. INV-2026-000123",
        "total": "Invoice total, e.g. AED 25,472.50",
        "amountDue": "Still to pay (verified payments deducted)",
        "paidInFull": "True once nothing is left to pay (for {% if invoice.paidInFull %})",
        "dueDate": "Due day, DD/MM/YYYY (Dubai)",
        "dueTime": "Due time, HH:MM (Dubai)",
    },
    "payment": {
        "transactionId": "Payment number, e.g. PAY-2026-000045",
        "amount": "Amount paid",
        "method": "How it was paid (cash, card, bank transfer, cheque, the deposit)",
        "date": "Day it was received, DD/MM/YYYY",
    },
    "gatePass": {
        "validUntil": "Valid until, DD/MM/YYYY HH:MM (Dubai)",
        "code": "The short code a guard can type instead of scanning the QR code, e.g. K7PX-4MQ9",
    },
    "payout": {
        "transactionId": "Payout number, e.g. OUT-2026-000012",
        "amount": "Amount paid to the seller",
        "method": "Bank transfer, cheque or cash",
        "reference": "Transfer or cheque reference (empty for cash)",
        "date": "Day it was paid, DD/MM/YYYY",
        "settlementNumber": "Settlement statement number",
    },
    "approval": {
        "price": "The top bid the lot closed at, below the reserve, e.g. AED 18,500.00",
        "reserve": "The seller's reserve price",
        "counterAmount": "The seller's counter-offer (empty before one)",
        "deadlineDate": "The day the answer is due, DD/MM/YYYY (Dubai)",
        "deadlineTime": "The time the answer is due, HH:MM (Dubai)",
    },
    "refund": {
        "transactionId": "Refund number, e.g. OUT-2026-000013",
        "amount": "Amount refunded",
        "method": "Bank transfer, cheque or cash",
        "reference": "Transfer or cheque reference (empty for cash)",
        "date": "Day it was paid, DD/MM/YYYY",
    },
}
SINGLE: dict[str, str] = {"reason": "The reason staff gave"}

EVENT_GROUPS: dict[Event | None, tuple[str, ...]] = {
    Event.MEMBER_APPROVED: ("member", "business"),
    Event.MEMBER_REJECTED: ("member", "business", "reason"),
    Event.VEHICLE_APPROVED: ("member", "business", "vehicle"),
    Event.VEHICLE_REJECTED: ("member", "business", "vehicle", "reason"),
    Event.VEHICLE_SOLD: ("member", "business", "vehicle", "sale"),
    Event.INVOICE_ISSUED: ("member", "business", "vehicle", "invoice"),
    Event.PAYMENT_DUE: ("member", "business", "vehicle", "invoice"),
    Event.INVOICE_OVERDUE: ("member", "business", "vehicle", "invoice"),
    Event.PAYMENT_VERIFIED: ("member", "business", "vehicle", "invoice", "payment"),
    Event.GATE_PASS_ISSUED: ("member", "business", "vehicle", "gatePass"),
    Event.PAYOUT_COMPLETED: ("member", "business", "vehicle", "payout"),
    Event.DEPOSIT_REFUNDED: ("member", "business", "refund"),
    Event.SELLER_APPROVAL_REQUESTED: ("member", "business", "vehicle", "approval"),
    Event.COUNTER_OFFERED: ("member", "business", "vehicle", "approval"),
    None: ("member", "business"),  # a campaign's template: promotions know only the member and us
}

# Who receives each event's messages and when (for the editor and docs/decisions.md).
EVENT_DESCRIPTIONS: dict[Event, str] = {
    Event.MEMBER_APPROVED: "A registration is approved (review to approved); to the member",
    Event.MEMBER_REJECTED: "A registration is rejected, with the reason; to the member",
    Event.VEHICLE_APPROVED: "A vehicle is approved after review; to its seller",
    Event.VEHICLE_REJECTED: "A vehicle is rejected, with the reason; to its seller",
    Event.VEHICLE_SOLD: "A sold result is recorded; to the seller",
    Event.INVOICE_ISSUED: "A sale's tax invoice is issued; to the buyer (the email attaches the invoice PDF)",
    Event.PAYMENT_DUE: "24 hours before an open invoice's due time; once per invoice",
    Event.INVOICE_OVERDUE: "The clock job finds an invoice overdue; once per invoice",
    Event.PAYMENT_VERIFIED: "A payment is verified; to the member who paid",
    Event.GATE_PASS_ISSUED: "A gate pass is issued; to the buyer (the email attaches the gate pass PDF)",
    Event.PAYOUT_COMPLETED: "A seller's payout is completed",
    Event.DEPOSIT_REFUNDED: "A security deposit refund is completed",
    Event.SELLER_APPROVAL_REQUESTED: (
        "A lot closes below its reserve; to the seller, asked to accept, decline or counter by the deadline"
    ),
    Event.COUNTER_OFFERED: "A seller's counter-offer on a lot on approval is recorded; to the buyer who led",
}


@dataclass(frozen=True)
class Words:
    """A value said differently in each language (a payment method); the message's language picks one."""

    en: str
    ar: str


def localise(context: dict[str, Any], language: str) -> dict[str, Any]:
    """The context with every Words value in the language."""
    out: dict[str, Any] = {}
    for key, value in context.items():
        if isinstance(value, Words):
            out[key] = value.ar if language == Language.AR else value.en
        elif isinstance(value, dict):
            out[key] = localise(value, language)
        else:
            out[key] = value
    return out


METHODS: dict[str, Words] = {
    "cash": Words("cash", "الدفع النقدي"),
    "card": Words("card", "البطاقة"),
    "bankTransfer": Words("bank transfer", "التحويل البنكي"),
    "cheque": Words("cheque", "الشيك"),
    "deposit": Words("the security deposit", "مبلغ التأمين"),
}


SAMPLE: dict[str, dict[str, Any] | str] = {
    "member": {
        "firstName": "Khalid",
        "lastName": "Al Mansoori",
        "fullName": "Khalid Al Mansoori",
        "email": "khalid@example.com",
        "phone": "+971501234567",
    },
    "business": {"name": "Gavel", "phone": "+97143215555", "email": "info@example.com"},
    "vehicle": {"lot": "1042", "title": "2021 Toyota Land Cruiser GXR", "vin": "JTMHV05J604123456"},
    "sale": {"price": "AED 24,500.00", "date": "01/05/2031"},
    "invoice": {
        "number": "INV-2031-000123",
        "total": "AED 25,472.50",
        "amountDue": "AED 25,472.50",
        "paidInFull": False,
        "dueDate": "03/05/2031",
        "dueTime": "17:00",
    },
    "payment": {
        "transactionId": "PAY-2031-000045",
        "amount": "AED 25,472.50",
        "method": METHODS["bankTransfer"],
        "date": "02/05/2031",
    },
    "gatePass": {"validUntil": "05/05/2031 10:30", "code": "K7PX-4MQ9"},
    "payout": {
        "transactionId": "OUT-2031-000012",
        "amount": "AED 22,890.00",
        "method": METHODS["bankTransfer"],
        "reference": "FT2031050712",
        "date": "07/05/2031",
        "settlementNumber": "INV-S-2031-000034",
    },
    "refund": {
        "transactionId": "OUT-2031-000013",
        "amount": "AED 5,000.00",
        "method": METHODS["cheque"],
        "reference": "CHQ-000812",
        "date": "08/05/2031",
    },
    "approval": {
        "price": "AED 18,500.00",
        "reserve": "AED 20,000.00",
        "counterAmount": "AED 19,500.00",
        "deadlineDate": "02/05/2031",
        "deadlineTime": "17:00",
    },
    "reason": "The Emirates ID copy cannot be read",
}


def variables_of(event: Event | None) -> dict[str, str]:
    """Every variable an event's templates may use, `group.name` (or `reason`) with what it holds."""
    found: dict[str, str] = {}
    for group in EVENT_GROUPS[event]:
        if group in SINGLE:
            found[group] = SINGLE[group]
        else:
            found.update({f"{group}.{name}": text for name, text in GROUPS[group].items()})
    return found


def groups_of(event: Event | None) -> tuple[str, ...]:
    return EVENT_GROUPS[event]


def sample_context(event: Event | None, language: str = Language.EN) -> dict[str, Any]:
    """The sample values of the preview, for the groups the event has, in the language."""
    return localise({group: SAMPLE[group] for group in EVENT_GROUPS[event]}, language)
