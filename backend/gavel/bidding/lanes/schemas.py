"""The live page's shapes (CONTRACT.md): every lane of an event at once."""

from typing import Literal

from pydantic import Field

from gavel.bidding.schemas import LotView, UtcTime
from gavel.schemas import ApiModel


class LaneView(ApiModel):
    lane_id: str
    lane_number: int
    mode: Literal["live", "online"]
    state: Literal["waiting", "running", "paused", "finished"]
    current_lot: LotView | None = Field(
        description="The lot on the block (an Online lane between lots: the last)"
    )
    next_lots: list[LotView] = Field(description="The next waiting lots in run order, up to 5")
    bids_per_minute: int = Field(description="Accepted bids on the lane's lots in the last 60 seconds")
    watchers: int = Field(
        description="Staff sockets watching this lane (those that said so), in every process"
    )
    online_watchers: int = Field(
        default=0,
        description="Online bidders (signed-in members with a bidder socket) watching this lane: the whole "
        "event or a lot of this lane, in every process; a member counts once per app process",
    )
    pause_reason: str | None = Field(
        default=None,
        description="Why the runner paused the lane (a close the sale's path refused), for staff",
    )
    lots_left: int = Field(description="Lots waiting or open")
    lots_sold: int
    lots_on_approval: int
    lots_no_sale: int


class LiveLanes(ApiModel):
    lanes: list[LaneView]
    online_watchers: int = Field(
        default=0, description="Online bidders watching any lane or lot of the event, in every process"
    )
    server_time: UtcTime
