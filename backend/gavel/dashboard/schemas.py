from gavel.schemas import ApiModel


class ReviewBadges(ApiModel):
    """What waits for review; null for a module the caller's role may not view."""

    members_pending: int | None
    vehicles_review: int | None
