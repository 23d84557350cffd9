"""Load the demo data once, on the first start (GAVEL_DEMO_DATA=0 skips it)."""

from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import record
from gavel.core import repository as app_state
from gavel.core.passwords import generate_password, hash_password
from gavel.demo.alerts import load_alerts
from gavel.demo.auctions import load_auctions
from gavel.demo.members import load_members
from gavel.demo.money import load_business, load_money
from gavel.demo.money_out import DemoPayouts, load_money_out
from gavel.demo.settings import load_settings
from gavel.demo.staff import DEMO_ROLES, DEMO_STAFF
from gavel.demo.vehicles import load_vehicles
from gavel.roles import repository as roles
from gavel.storage import FileStore, LocalStore
from gavel.users import repository as users
from gavel.users.models import User

DEMO_FLAG = "demo_loaded"


async def load_demo(session: AsyncSession, store: FileStore | Path) -> bool:
    """Answers True when it loaded the data now, False when it had been loaded before. The vehicles' photos go
    to the file store (a folder given as a path is a local store)."""
    if await app_state.get(session, DEMO_FLAG):
        return False
    now = datetime.now(UTC)  # the demo's time base: past auction events are weeks before, the next days after
    role_ids = {}
    for name, grants in DEMO_ROLES.items():
        role = await roles.by_name(session, name) or await roles.add(session, name, grants)
        role_ids[name] = role.id
    # Demo staff get unguessable passwords; an administrator resets one to sign in as that user.
    for full_name, email, phone, dob, gender, emirates_id, role_name, city in DEMO_STAFF:
        if await users.by_email(session, email):
            continue
        session.add(
            User(
                full_name=full_name,
                email=email,
                phone=phone,
                dob=dob,
                gender=gender,
                emirates_id=emirates_id,
                home_country="United Arab Emirates",
                home_city=city,
                role_id=role_ids[role_name],
                password_hash=hash_password(generate_password()),
            )
        )
    await session.flush()
    loaded = {"roles": len(DEMO_ROLES), "staff": len(DEMO_STAFF), **await load_settings(session)}
    await load_business(session)  # printed on the members' deposit invoices
    loaded["members"] = await load_members(session, now=now)
    photos = LocalStore(store) if isinstance(store, Path) else store
    vehicles = await load_vehicles(session, photos, now=now)
    loaded["vehicles"] = vehicles.count
    loaded |= await load_auctions(session, vehicles, now)
    payouts = await DemoPayouts.start(session, now)
    loaded |= await load_money(session, now, payouts)
    loaded |= await load_money_out(session, now, payouts)
    loaded |= await load_alerts(session)  # a promotion template per channel, so a campaign can be sent
    await app_state.put(session, DEMO_FLAG, "1")
    await record(session, action="demo.loaded", entity="app_state", new=loaded)
    return True
