"""The sale as a member sees it (issue 26): upcoming events, an event's lots, one lot with my own bids, and
my moves on a lot (a maximum set, raised or withdrawn; a bid now) through the bid engine.

router.py (HTTP) -> service.py (rules: visibility, my standing, refusals in my words, the bid pace) ->
repository.py (every query) ; presenter.py builds the answers (schemas.py), never with another member's
id, name or maximum, nor a reserve price.
"""
