"""How the audit log reads the staff's moves on lots (gavel/trail gathers them). Each is recorded against the
lot's vehicle (entity 'vehicle', whose name the trail reads: 'vehicle Toyota Camry, lot 1042'), so that the
vehicle's History tab tells its sale too. A floor bid is not audited: the bid log keeps who keyed it, when.
A lane paused or resumed is recorded against its auction event ('Paused lane 2 of event Spring sale (…)')."""

from decimal import Decimal, InvalidOperation

from gavel.audit.vocabulary import AuditWords, Values
from gavel.core.money import aed

_RESULTS = {"sold": "sold", "on_approval": "sent to the seller's approval", "no_sale": "no sale"}


def _amount(values: Values, key: str) -> str | None:
    """The amount kept under `key` (a decimal string), as people read it: 'AED 12,500.00'."""
    try:
        return aed(Decimal(str((values or {})[key])))
    except (KeyError, InvalidOperation):
        return None


def _price(values: Values) -> str:
    price = _amount(values, "price")
    return f" at {price}" if price else ""


def _closed(record: str, old: Values, new: Values) -> str:
    result = str((new or {}).get("result", ""))
    words = _RESULTS.get(result, result.replace("_", " ") or "closed")
    return f"Closed the bidding on {record}: {words}{_price(new) if result != 'no_sale' else ''}"


def _member(values: Values) -> str:
    return str((values or {}).get("member") or "a member")


def _absentee_entered(record: str, old: Values, new: Values) -> str:
    maximum = _amount(new, "maximum")
    up_to = f" of up to {maximum}" if maximum else ""
    return f"Entered an absentee bid{up_to} for {_member(new)} on {record}"


def _absentee_withdrawn(record: str, old: Values, new: Values) -> str:
    reason = (new or {}).get("reason")
    because = f" ({reason})" if reason else ""
    return f"Withdrew the absentee bid of {_member(new)} on {record}{because}"


def _lane(values: Values) -> str:
    number = (values or {}).get("laneNumber")
    return f"lane {number}" if number is not None else "a lane"


def _lane_paused(record: str, old: Values, new: Values) -> str:
    seconds = (new or {}).get("secondsLeft")
    left = f" (its clock stopped with {float(seconds):g} s left)" if isinstance(seconds, int | float) else ""
    return f"Paused {_lane(new)} of {record}{left}"


def _lane_resumed(record: str, old: Values, new: Values) -> str:
    return f"Resumed {_lane(new)} of {record}"


WORDS = AuditWords(
    sentences={
        "lot.opened": "Opened the bidding on {record}",
        "lot.withdrawn": "Withdrew {record} from the sale",
    },
    special={
        "lot.closed": _closed,
        "lot.absentee_bid_entered": _absentee_entered,
        "lot.absentee_bid_withdrawn": _absentee_withdrawn,
        "lane.paused": _lane_paused,
        "lane.resumed": _lane_resumed,
    },
)
