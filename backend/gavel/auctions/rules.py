"""Rules of an event that the screens show before anyone acts: the service refuses with these functions and
the API answers them (an event's `saleDay`), so a screen never offers what the server then refuses."""

from datetime import date

from gavel.auctions.models import AuctionEvent


def results_refusal(event: AuctionEvent, today: date) -> str | None:
    """Why results cannot be recorded for the event on this Dubai day, or None when they can."""
    if event.status == "completed":
        return "This event is completed; its results can no longer change."
    if event.status != "publish":
        return "Results are recorded for published events only; publish the auction first."
    if today < event.sale_date:
        return f"Results are recorded from the sale day, {event.sale_date.strftime('%d/%m/%Y')}."
    return None
