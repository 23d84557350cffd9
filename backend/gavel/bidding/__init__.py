"""Live bidding (issue 25): the bid engine of a lot, its tables, the staff's API on lots and the live feed.

The pure rules, with no database, API or screen: amounts in whole fils (`money`), the asking
price's step (`increments`), a lot's state and the bids it takes (`lot`, `bids`), `rules.apply` (one bid in,
its outcome out), `closing` (open, withdraw and close a lot), `withdrawals` (a maximum withdrawn before the
sale) and `replay` (a lot's bid log back into its state). Everything there is a function of its arguments:
no clock, no session, no I/O.

Above them: the lots' tables (`models`: the lot, its bid log, its maxima and its numbered events), their
queries and the fils/Decimal edge (`repository`), and `service`, which makes an event's lots and applies each
bid and move in the caller's transaction under the lot's row lock. The staff's API on lots: `router` (routes),
`moves` (each move with its audit record), `presenter` and `views_repository` (what a lot shows), `schemas`.

Sub-packages: `approval` (a lot closed below its reserve waits for its seller: answers, counter-offers, the
deadline's expiry), `lanes` (the live page, pause and resume, and the runner that opens and closes an Online
lane's lots by the clock), `live` (the lots' WebSocket feed, woken by PostgreSQL NOTIFY or in memory on
SQLite) and `increment_tables` (the bid steps of Settings that new lots take).
"""
