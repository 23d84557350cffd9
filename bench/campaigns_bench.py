"""How long a promotion to 100,000 members takes to queue, on the bench database (200,000 members).

    backend/.venv/bin/python bench/campaigns_bench.py \
        --database-url postgresql://postgres@127.0.0.1:5432/gavel_bench [--recipients 100000] [--runs 3]

The real app in process (httpx + ASGITransport, signed in as the bench Super Admin), its clock jobs off. The
first `--recipients` approved members in id order are given the SMS and email promotion consents (one
UPDATE, only when the consents do not already say so; a third of them prefer Arabic), every other member none.
Per run and channel (SMS, then email):

  count     POST /api/alerts/campaigns/audience-count (approved members, consenting on the channel)
  create    POST /api/alerts/campaigns + PUT .../send (sendAt empty: now; the recipients counted again)
  queue     gavel.alerts.campaigns.service.write_due, the clock job's step, timed from its start to the
            last message committed (queued: a dispatcher may take it): batches of BATCH recipients, each
            rendered in the member's language and streamed with COPY, the cursor committed with it
  sweep     gavel.alerts.campaigns.service.sweep_campaigns, the rest of the clock job's step: the search
            index's pending entries merged, messages of members who withdrew their consent meanwhile
            cancelled, finished campaigns closed
Then the campaign's messages (and the campaign) are deleted, so that runs do not pile up in alert_message.
The target (issue 14): 100,000 members queued within 10 s. The clock is the app's at 10:00 Dubai (inside the
hours promotions may go out; the quiet hours only change next_attempt_at).

Never run it while a dispatcher works on the same database: it would start sending the bench's messages.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

BACKEND = Path(__file__).resolve().parents[1] / "backend"
sys.path.insert(0, str(BACKEND))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import psycopg  # noqa: E402
from httpx import ASGITransport, AsyncClient  # noqa: E402
from members_bench import ADMIN_EMAIL, ADMIN_PASSWORD, sign_in  # noqa: E402

from gavel.alerts.campaigns import service  # noqa: E402
from gavel.bootstrap import ensure_first_admin  # noqa: E402
from gavel.config import Settings, normalise_database_url  # noqa: E402
from gavel.core.clock import DUBAI, ShiftedClock  # noqa: E402
from gavel.main import create_app  # noqa: E402
from gavel.migrate import upgrade  # noqa: E402

TARGET_S = 10.0
CONSENTS = """
UPDATE member SET
    promo_consent_sms = chosen.id IS NOT NULL,
    promo_consent_email = chosen.id IS NOT NULL,
    preferred_language = CASE WHEN chosen.id IS NOT NULL AND chosen.n %% 3 = 0 THEN 'ar' ELSE 'en' END
FROM member AS m
LEFT JOIN (
    SELECT id, row_number() OVER (ORDER BY id) AS n FROM member WHERE status = 'approved' ORDER BY id LIMIT %s
) AS chosen ON chosen.id = m.id
WHERE member.id = m.id
"""


async def consents(direct: psycopg.AsyncConnection[Any], recipients: int) -> float:
    """One UPDATE giving the first `recipients` approved members both consents, when not already so."""
    cur = await direct.execute(
        "SELECT count(*) FILTER (WHERE promo_consent_sms AND promo_consent_email AND status = 'approved'),"
        " count(*) FILTER (WHERE promo_consent_sms OR promo_consent_email) FROM member"
    )
    row = await cur.fetchone()
    assert row is not None
    if row == (recipients, recipients):
        return 0.0
    start = time.perf_counter()
    await direct.execute(CONSENTS, (recipients,))
    await direct.commit()
    await direct.execute("ANALYZE member")
    await direct.commit()
    return time.perf_counter() - start


async def one_run(app: Any, client: AsyncClient, headers: dict[str, str], channel: str) -> dict[str, float]:
    clock = app.state.clock
    body: dict[str, Any] = {
        "channel": channel,
        "name": f"Bench {channel} {datetime.now(UTC):%H:%M:%S}",
        "bodyEn": "Hello {{ member.firstName }}, classic cars this Thursday at {{ business.name }}. "
        "Viewing from 10:00.",
        "bodyAr": "مرحباً {{ member.firstName }}، سيارات كلاسيكية هذا الخميس لدى {{ business.name }}.",
        "audience": {"status": "approved"},
    }
    if channel == "email":
        body |= {"subjectEn": "Classic cars this Thursday", "subjectAr": "سيارات كلاسيكية هذا الخميس"}
    start = time.perf_counter()
    counted = await client.post(
        "/api/alerts/campaigns/audience-count",
        json={"channel": channel, "audience": body["audience"]},
        headers=headers,
    )
    count_s = time.perf_counter() - start
    assert counted.status_code == 200, counted.text
    start = time.perf_counter()
    created = await client.post("/api/alerts/campaigns", json=body, headers=headers)
    assert created.status_code == 201, created.text
    campaign_id = created.json()["_id"]
    sent = await client.put(f"/api/alerts/campaigns/{campaign_id}/send", json={}, headers=headers)
    assert sent.status_code == 200, sent.text
    create_s = time.perf_counter() - start
    start = time.perf_counter()
    written = await service.write_due(app.state.sessionmaker, clock)
    queue_s = time.perf_counter() - start
    start = time.perf_counter()
    await service.sweep_campaigns(app.state.sessionmaker, clock, merge=True)
    sweep_s = time.perf_counter() - start
    found = await client.get(f"/api/alerts/campaigns/{campaign_id}", headers=headers)
    assert found.status_code == 200, found.text
    result = found.json()
    assert result["queuedCount"] == written == counted.json()["recipients"], result
    return {"count": count_s, "create": create_s, "queue": queue_s, "sweep": sweep_s, "written": float(written), "id": campaign_id}  # type: ignore[dict-item]


async def clean(direct: psycopg.AsyncConnection[Any], campaign_id: str) -> None:
    await direct.execute(
        "DELETE FROM alert_message_event WHERE message_id IN (SELECT id FROM alert_message WHERE campaign_id = %s)",
        (campaign_id,),
    )
    await direct.execute("DELETE FROM alert_message WHERE campaign_id = %s", (campaign_id,))
    await direct.execute("DELETE FROM alert_campaign WHERE id = %s", (campaign_id,))
    await direct.commit()


async def main(url: str, recipients: int, runs: int) -> None:
    async_url = normalise_database_url(url)
    tmp = Path(tempfile.mkdtemp(prefix="gavel-bench-"))
    settings = Settings(
        database_url=async_url,
        data_dir=tmp / "data",
        spa_dir=tmp / "no-spa",
        admin_email=ADMIN_EMAIL,
        admin_password=ADMIN_PASSWORD,
        demo_data=False,
        log_json=False,
        run_jobs=False,
        sms_promo_from="AD-GAVEL",  # promotional SMS need their sender, emails their unsubscribe address
        public_url="http://127.0.0.1:8000",
    )
    upgrade(async_url)
    app = create_app(settings)
    clock = ShiftedClock()
    clock.move_to(datetime.now(DUBAI).replace(hour=10, minute=0).astimezone(UTC))
    app.state.clock = clock
    async with app.state.sessionmaker() as session:
        await ensure_first_admin(session, settings)
        await session.commit()
    direct = await psycopg.AsyncConnection.connect(async_url.replace("postgresql+psycopg://", "postgresql://", 1))
    load = os.getloadavg()
    update_s = await consents(direct, recipients)
    print(f"campaigns bench: {recipients:,} consenting recipients, batch {service.BATCH}, load {load[0]:.2f}")
    print(f"consents UPDATE: {update_s:.1f} s" if update_s else "consents: already in place")
    transport = ASGITransport(app=app)
    results: dict[str, list[dict[str, float]]] = {"sms": [], "email": []}
    async with AsyncClient(transport=transport, base_url="http://bench") as client:
        headers = {"Authorization": f"Bearer {await sign_in(client)}"}
        for _ in range(runs):
            for channel in results:
                outcome = await one_run(app, client, headers, channel)
                await clean(direct, str(outcome["id"]))
                results[channel].append(outcome)
    await direct.close()
    await app.state.engine.dispose()
    print(
        f"{'channel':8} {'messages':>9} {'count ms':>9} {'send ms':>8} {'queue s (min/med/max)':>24} {'msg/s':>8}"
        f" {'sweep s':>8}  target"
    )
    for channel, rows in results.items():
        queue = sorted(r["queue"] for r in rows)
        med = statistics.median(queue)
        written = int(rows[0]["written"])
        verdict = "ok" if queue[-1] <= TARGET_S else f"MISS > {TARGET_S:.0f} s"
        print(
            f"{channel:8} {written:>9,} {statistics.median(r['count'] for r in rows) * 1000:>9.0f}"
            f" {statistics.median(r['create'] for r in rows) * 1000:>8.0f}"
            f" {queue[0]:>8.2f} {med:>7.2f} {queue[-1]:>7.2f} {written / med:>8,.0f}"
            f" {statistics.median(r['sweep'] for r in rows):>8.2f}  {verdict}"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--database-url", default=os.environ.get("BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/gavel_bench")
    )
    parser.add_argument("--recipients", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(main(args.database_url, args.recipients, args.runs))
