"""The unsubscribe link of promotional emails (public, no sign-in: the signed token is the proof), served from
above /api, before the web app's own routes. GET shows the page and changes nothing; POST (the page's button,
or a mail client's one-click POST with the body List-Unsubscribe=One-Click, RFC 8058) unsubscribes."""

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from gavel.alerts.unsubscribe import page
from gavel.alerts.unsubscribe.service import subscriber, unsubscribe
from gavel.core.clock import ClockDep
from gavel.db import SessionDep

router = APIRouter(tags=["unsubscribe"], include_in_schema=False)

# The link is a member's: neither the browser nor a proxy keeps the page.
HEADERS = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex"}


def _answer(body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(body, status_code=status, headers=HEADERS)


@router.get("/unsubscribe/{token}", response_class=HTMLResponse)
async def unsubscribe_page(token: str, session: SessionDep) -> HTMLResponse:
    """The page that asks; a mail scanner that opens the link unsubscribes nobody."""
    who = await subscriber(session, token)
    if who is None:
        return _answer(page.not_found(), 404)
    return _answer(page.confirm(who))


@router.post("/unsubscribe/{token}", response_class=HTMLResponse)
async def unsubscribe_now(token: str, session: SessionDep, clock: ClockDep) -> HTMLResponse:
    """Withdraws the member's consent to promotional emails (once; a repeat says the same)."""
    who = await subscriber(session, token)
    if who is None:
        return _answer(page.not_found(), 404)
    await unsubscribe(session, who, clock.now())
    return _answer(page.done(who))
