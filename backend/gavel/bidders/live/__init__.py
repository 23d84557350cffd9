"""The bidders' live feed (issue 26): /api/bidder/live, the staff feed's lot events filtered per member.

`feed` joins the staff hub (gavel.bidding.live) once per auction event a bidder watches and knows which
members are connected in any process; `filtering` cuts each staff message to what a bidder may see;
`sockets` serves the WebSocket (checked by `access`); `app` puts the route and the feed on the app.
"""
