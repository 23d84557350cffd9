from pydantic import Field

from gavel.core.money import Money
from gavel.invoices.schemas import Verdict
from gavel.schemas import ApiModel


class OwedInvoice(ApiModel):
    id: str = Field(serialization_alias="_id")
    invoice_no: str
    kind: str = Field(description="invoice (a sale, with its late fee and storage days), deposit or penalty")
    status: str
    due_amount: Money = Field(description="Still to be paid")


class Refundable(ApiModel):
    """What can be refunded to a member and what they owe first, from the rule that refuses a refund."""

    member_id: str
    owed: list[OwedInvoice] = Field(description="Invoices still open: the deposit is refunded once none is")
    owed_total: Money
    deposit_held: Money
    deposit: Verdict = Field(description="Whether the deposit can be refunded now, with the reason when not")
    credit: Money = Field(
        description="What the member paid beyond what they owe: the most an overpayment or a cancelled "
        "sale's refund gives back"
    )
    overpayment: Verdict = Field(
        description="Whether an overpayment or a cancelled sale can be refunded now (the credit is above "
        "0), with the reason when not"
    )
