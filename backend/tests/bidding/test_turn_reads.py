"""What a move reads before its lot's turn, so as not to read it while the lot's row is locked: the business's
settings, which an 'outbid' notice composed under the lock needs (bidding/turns.py)."""

from pathlib import Path

from sqlalchemy import event, select

from gavel.alerts.models import AlertMessage
from gavel.config import Settings
from tests.bidding.live_harness import live_sale


async def test_an_outbid_notice_under_the_lock_reads_no_business_settings(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        (lot,) = await s.lots()
        await s.opened(lot.id)
        khalid, sara = s.buyers

        async def absentee(member: str, maximum: str) -> None:
            body = {"memberId": member, "maximum": maximum}
            path = f"/api/lots/{lot.id}/absentee-bids"
            answer = await live.client.post(path, json=body, headers=live.admin)
            assert answer.status_code == 200, answer.text

        await absentee(khalid, "21000.00")
        statements: list[str] = []

        def record(conn: object, cursor: object, statement: str, *_: object) -> None:
            statements.append(" ".join(statement.split()))

        engine = live.app.state.engine.sync_engine
        event.listen(engine, "before_cursor_execute", record)
        try:
            await absentee(sara, "25000.00")  # Khalid is outbid, and nobody is connected: a message
        finally:
            event.remove(engine, "before_cursor_execute", record)

        locked = next(n for n, text in enumerate(statements) if text.startswith("SELECT lot.run_id, "))
        under_lock = statements[locked:]
        assert any(text.startswith("INSERT INTO alert_message ") for text in under_lock), under_lock
        assert not any("FROM business_settings" in text for text in under_lock), under_lock
        async with s.sessions() as session:
            outbid = (
                await session.execute(select(AlertMessage.body).where(AlertMessage.event == "bidderOutbid"))
            ).scalar_one()
        assert "outbid" in outbid.lower()
