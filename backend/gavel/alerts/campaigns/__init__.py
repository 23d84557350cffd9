"""Promotions: campaigns to the members who consented on a channel, queued into the outbox in batches."""
