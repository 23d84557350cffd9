"""Moved to gavel.bidding.events."""

from gavel.bidding.events import LotWon, MemberOutbid

__all__ = ["LotWon", "MemberOutbid"]
