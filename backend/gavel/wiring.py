"""Connects the handlers of domain events (gavel.core.events) once per process: the app, the command line,
the jobs and the tests call `connect_handlers()` before anything publishes.

Each higher module lists its own reactions in a `reactions.py` with a `connect()`; this is the one place that
knows them all. The order here is the order handlers of one event run in.
"""

from gavel.alerts import reactions_approval, reactions_identity, reactions_money, reactions_sale
from gavel.auctions import on_default
from gavel.auth import reactions as auth_reactions
from gavel.bidders.notices import reactions as bidder_notices
from gavel.bidding import reactions as bidding_reactions
from gavel.core import events
from gavel.deposits import reactions as deposits_reactions
from gavel.payouts import reactions as payouts_reactions

_done = False


def connect_handlers() -> None:
    global _done
    if _done:
        return
    # Reactions are connected here, lowest layer first.
    auth_reactions.connect()
    deposits_reactions.connect()
    payouts_reactions.connect()
    on_default.connect()
    bidding_reactions.connect()
    reactions_sale.connect()
    reactions_money.connect()
    reactions_identity.connect()
    reactions_approval.connect()
    bidder_notices.connect()
    events.mark_connected()
    _done = True
