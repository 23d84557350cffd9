"""'You have been outbid' and 'You won' for members not connected (issue 26): reactions to the bid engine's
domain events (`events`), in the bid's or the close's transaction (`reactions`)."""
