"""The bid engine of a lot (issue 25): the rules that take a bid, answer it and close the lot.

The pure rules, with no database, API or screen: amounts in whole fils (`money`), the asking
price's step (`increments`), a lot's state and the bids it takes (`lot`, `bids`), `rules.apply` (one bid in,
its outcome out), `closing` (open, withdraw and close a lot), `withdrawals` (a maximum withdrawn before the
sale) and `replay` (a lot's bid log back into its state). Everything there is a function of its arguments:
no clock, no session, no I/O.

Above them: the lots' tables (`models`: the lot, its bid log, its maxima and its numbered events), their
queries and the fils/Decimal edge (`repository`), and `service`, which makes an event's lots and applies each
bid and move in the caller's transaction under the lot's row lock. No routes, sockets or clocks yet.
"""
