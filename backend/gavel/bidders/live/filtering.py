"""A staff lot event as a bidder may see it: the same message (type, lot, event, lane, sequence, time, kind)
with a payload cut to an allow-list per kind, the leader said as "you" / "another_bidder" / null and
`myStatus`. Never a maximum, a member's id or name, a staff note, the reason a bid was refused or a counter
offer made to someone else. A kind not listed here goes out with an empty payload (nothing leaks by default).

`Filtered` is built once per lot event in a process (from the staff message's text the hub made); each
bidder socket asks it for its view (leader you / another / nobody, and its own status), and each view's
text is built once and shared by every socket that sees the same.
"""

import json
from dataclasses import dataclass, field
from typing import Any

YOU = "you"
ANOTHER = "another_bidder"

# What every bidder may see of each kind's payload (the staff payload's keys).
PUBLIC: dict[str, tuple[str, ...]] = {
    "opened": ("price", "asking", "clockEndsAt"),
    "bid": ("price", "asking", "clockEndsAt"),
    "bid_refused": ("asking",),
    "maximum_withdrawn": ("price", "asking"),
    "closed": ("result", "price"),
    "withdrawn": (),
    "paused": ("remainingSeconds",),
    "resumed": ("clockEndsAt",),
    "approval": ("status", "result"),
}
# What only the member the event names as leader (or buyer) sees besides.
LEADER_ONLY: dict[str, tuple[str, ...]] = {
    "approval": ("action", "price", "counterAmount", "deadline"),
}
# Kinds that say who leads (a kind without a leader field keeps the lot's leader unsaid: null).
LEADING = {"opened", "bid", "maximum_withdrawn", "closed", "approval"}
CLOSED_RESULTS = {"sold": "won", "on_approval": "on_approval"}


@dataclass
class Filtered:
    """One lot event, parsed once, with the texts of its views."""

    lot_id: str
    event_id: str
    sequence: int
    kind: str
    head: dict[str, Any]  # the message without its payload
    payload: dict[str, Any]  # the staff payload (never sent as it is)
    _texts: dict[tuple[str | None, str | None, bool], str] = field(default_factory=dict)
    _bidders: frozenset[str] | None = None

    @property
    def leader_id(self) -> str | None:
        return self.payload.get("leaderId", self.payload.get("buyerId"))

    @property
    def someone_leads(self) -> bool:
        return self.leader_id is not None or self.payload.get("leaderSource") is not None

    def bidders(self) -> frozenset[str]:
        """The members whose bids this event logged (a bid's rows), read once."""
        if self._bidders is None:
            rows = self.payload.get("bids") if self.kind == "bid" else None
            found = {str(r["bidderId"]) for r in rows or () if isinstance(r, dict) and r.get("bidderId")}
            self._bidders = frozenset(found)
        return self._bidders

    def withdrawn_bidder(self) -> str | None:
        return self.payload.get("bidderId") if self.kind == "maximum_withdrawn" else None

    def text_for(self, member_id: str, took_part: bool) -> str:
        """The message as this member sees it; `took_part`: they hold a maximum on the lot."""
        leads = self.leader_id is not None and self.leader_id == member_id
        leader: str | None = None
        if self.kind in LEADING and self.someone_leads:
            leader = YOU if leads else ANOTHER
        status = self._my_status(leader, took_part)
        key = (leader, status, leads)
        text = self._texts.get(key)
        if text is None:
            text = self._build(leader, status, leads)
            self._texts[key] = text
        return text

    def _my_status(self, leader: str | None, took_part: bool) -> str | None:
        if self.kind not in LEADING:
            return None  # unchanged by this event
        if self.kind in ("closed", "approval"):
            if leader == YOU:
                return CLOSED_RESULTS.get(str(self.payload.get("result")), "lost")
            return "lost" if took_part else "none"
        if leader == YOU:
            return "leading"
        return "outbid" if took_part and leader == ANOTHER else "none"

    def _build(self, leader: str | None, status: str | None, leads: bool) -> str:
        keys = PUBLIC.get(self.kind, ()) + (LEADER_ONLY.get(self.kind, ()) if leads else ())
        payload = {k: self.payload.get(k) for k in keys if k in self.payload}
        if self.kind in LEADING:
            payload["leader"] = leader
            payload["myStatus"] = status
        return json.dumps({**self.head, "payload": payload}, separators=(",", ":"))


def parse(text: str) -> Filtered | None:
    """The staff message's text (gavel.bidding.live.messages.lot_event) read once; None for any other
    message."""
    try:
        message = json.loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict) or message.get("type") != "lot_event":
        return None
    payload = message.pop("payload", None)
    return Filtered(
        lot_id=str(message["lotId"]),
        event_id=str(message["eventId"]),
        sequence=int(message["sequence"]),
        kind=str(message["kind"]),
        head=message,
        payload=payload if isinstance(payload, dict) else {},
    )
