"""How the audit log reads the actions of auctions and their events (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    entities={"auction": "auction", "auction_event": "event"},
    sentences={
        "auction.created": "Created {record}",
        "auction.deleted": "Deleted {record}",
        "auction_event.completed": "Completed {record}",
        "auction_event.vehicle_added": "Added {record} to an event",
        "auction_event.vehicle_removed": "Removed {record} from its event",
        "auction_event.vehicle_transferred": "Moved {record} to another event",
        "auction_event.result_recorded": "Recorded the sale result of {record}",
    },
    status_changes=frozenset({"auction.status_changed"}),
)
