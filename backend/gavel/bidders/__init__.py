"""Members online: a member signs in with a one-time code sent to their email or phone and holds a bidder
session, its own table and token kind, never a staff session (issue 26).

router.py (HTTP) -> service.py (the rules of codes and sessions) -> repository.py (every query) ->
models.py (bidder_code, bidder_session, bidder_account); deps.py holds `current_bidder`, the guard of every
bidder route, and `addresses.py` reads what the member typed (an email address or a phone number).
"""
