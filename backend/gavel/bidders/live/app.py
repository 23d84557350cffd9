"""The bidder feed's place in the app: the bidders' WebSocket, and the process's feed started with the app
beside the staff hub it relays (gavel.bidding.live.app starts the hub first)."""

import asyncio

from fastapi import FastAPI

from gavel.bidders.live.feed import BidderFeed, online_watchers
from gavel.bidders.live.sockets import bidder_socket
from gavel.bidding.lanes import online


def install_bidder_live(app: FastAPI) -> None:
    app.add_api_websocket_route("/api/bidder/live", bidder_socket, name="bidder-live")


def bidder_live_tasks(app: FastAPI) -> list[asyncio.Task[None]]:
    """The feed's task (its members said to the other processes on PostgreSQL), on the hub that
    `gavel.bidding.live.app.live_tasks` put on the app. The feed is `app.state.bidder_feed` while it runs."""
    online.register(online_watchers)  # the staff's live page counts the members watching (lanes.online)
    feed = BidderFeed(app.state.live_hub)
    app.state.bidder_feed = feed
    return [asyncio.create_task(_run(app, feed))]


async def _run(app: FastAPI, feed: BidderFeed) -> None:
    try:
        await feed.run()
    finally:
        if getattr(app.state, "bidder_feed", None) is feed:
            del app.state.bidder_feed
