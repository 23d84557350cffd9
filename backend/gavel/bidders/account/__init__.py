"""A member's money as a bidder sees it (issue 26), read-only: their buying power with the reason it is
blocked, and their purchases with what they owe. router.py -> service.py -> repository.py; schemas.py."""
