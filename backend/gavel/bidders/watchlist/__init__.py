"""A member's watch list: the lots they follow (issue 26). router.py -> service.py -> repository.py ->
models.py (bidder_watch); the lots are answered as the lots' presenter answers them."""
