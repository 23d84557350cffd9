"""The lists whose columns and saved views a user keeps: the same strings as the frontend's ListKey
(frontend/src/lib/list-keys.ts). A key not in this set is refused, so no stray rows pile up."""

from gavel.errors import NotFound

LIST_KEYS: frozenset[str] = frozenset(
    {
        "users",
        "roles",
        "locations",
        "charges",
        "sessions",
        "audit-log",
        "members-review",
        "members-approved",
        "members-deactivated",
        "members-rejected",
        "members-inactive",
        "vehicles-review",
        "vehicles-approved",
        "vehicles-rejected",
        "vehicles-sold",
        "vehicles-canceled",
        "auctions-draft",
        "auctions-published",
        "auctions-unpublished",
        "auctions-completed",
        "event-vehicles",
        "invoices",
        "inbound-payments",
        "outbound-payments",
        "report-receivables",
        "report-sales-by-event",
        "report-payouts",
        "report-vat-documents",
        "messages",
        "campaigns",
    }
)
# The longest key is 21 characters; the columns that store one are a little wider.
LIST_KEY_LENGTH = 40


def no_such_list(key: str) -> str:
    return f"There is no list called '{key[: LIST_KEY_LENGTH * 2]}'."


def known_list(key: str) -> str:
    """The key, when it names a list; 404 otherwise (a list in a path or a query)."""
    if key not in LIST_KEYS:
        raise NotFound(no_such_list(key))
    return key
