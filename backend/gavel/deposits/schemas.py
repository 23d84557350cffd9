from pydantic import Field

from gavel.core.money import Money
from gavel.schemas import ApiModel


class PlanPower(ApiModel):
    id: str = Field(serialization_alias="_id")
    name: str
    buying_power: Money = Field(description="The plan's buying power while its whole deposit is held")
    required_deposit: Money = Field(description="The plan's deposit: its amount after discount")


class OverdueInvoice(ApiModel):
    id: str = Field(serialization_alias="_id")
    invoice_no: str
    days_overdue: int


class BuyingPower(ApiModel):
    member_id: str
    plan: PlanPower | None = Field(description="None when the member has no security plan")
    deposit_held: Money
    plan_buying_power: Money = Field(
        description="The plan's buying power on the deposit held (in proportion when part of it was used)"
    )
    unpaid_purchases: Money = Field(description="The prices of vehicles bought and not paid for yet")
    overdue_invoice: OverdueInvoice | None = Field(
        description="An overdue invoice: no buying power until paid"
    )
    available: Money = Field(
        description="What recording a sale checks: plan buying power less unpaid purchases"
    )
    reason: str = Field(description="The figure in one sentence")
