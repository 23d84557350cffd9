"""The business settings: read by every invoice issued, changed by Settings edit, every change audited."""

from decimal import Decimal
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.business import repository
from gavel.business.models import PROMO_OPT_OUT_AR, PROMO_OPT_OUT_EN, SETTINGS_ID, BusinessSettings
from gavel.business.schemas import BusinessFields
from gavel.db import keep, kept, transaction_of

FIELDS = tuple(BusinessFields.model_fields)
# Kept when the body leaves them out: the business form of money in does not show the quiet hours, and a
# client written before the bank details (issue 23) or the opt-out texts (issue 28) does not send them; ''
# empties a bank detail (an opt-out text may not be empty).
KEPT_WHEN_ABSENT = (
    "promo_quiet_from",
    "promo_quiet_until",
    "promo_opt_out_en",
    "promo_opt_out_ar",
    "approval_deadline_time",
    "bank_name",
    "bank_account_name",
    "iban",
)

# Until the business enters its own details: the rules of money in as UAE auction houses publish them.
DEFAULTS: dict[str, Any] = {
    "legal_name": "Gavel",
    "trn": None,
    "address": "United Arab Emirates",
    "phone": None,
    "email": None,
    "vat_rate": Decimal("5.00"),
    "payment_window_hours": 48,
    "free_storage_days": 3,
    "invoice_prefix": "INV",
    "promo_quiet_from": "21:00",
    "promo_quiet_until": "08:00",
    "promo_opt_out_en": PROMO_OPT_OUT_EN,
    "promo_opt_out_ar": PROMO_OPT_OUT_AR,
    "approval_deadline_time": "17:00",
    "bank_name": None,
    "bank_account_name": None,
    "iban": None,
}


HELD = "business.settings"  # session.info: the settings row read in this transaction (gavel.db.keep)


def snapshot(settings: BusinessSettings) -> dict[str, Any]:
    return {name: getattr(settings, name) for name in FIELDS}


class BusinessService:
    async def get(self, session: AsyncSession) -> BusinessSettings:
        """The settings, created with the defaults the first time they are read."""
        settings = await self._stored(session)
        if settings is None:
            settings = BusinessSettings(id=SETTINGS_ID, **DEFAULTS)
            session.add(settings)
            await session.flush()
            keep(session, HELD, await transaction_of(session, innermost=True), settings)
        return settings

    async def current(self, session: AsyncSession) -> BusinessSettings:
        """The settings for a read that must write nothing (a read may run twice): the stored row, or the
        defaults, unsaved, until the business is first read or saved."""
        settings = await self._stored(session)
        return settings if settings is not None else BusinessSettings(id=SETTINGS_ID, **DEFAULTS)

    async def _stored(self, session: AsyncSession) -> BusinessSettings | None:
        """The stored row, read once per transaction: a sale's invoice and each of its messages ask for it,
        and the session's identity map keeps a row only while something refers to it, so each asked the
        database again (three reads in a lot's close, under the lot's lock). Held in `session.info` for the
        transaction it was read in, and let go by the next one, which then reads it as before (from the
        identity map if something else still holds it: lot_turn does, to keep that read out of the lot's
        lock). The innermost transaction is the key: a row made in a savepoint rolled back is not held past
        it."""
        transaction = await transaction_of(session, innermost=True)
        settings: BusinessSettings | None = kept(session, HELD, transaction)
        if settings is None:
            settings = await repository.get(session)
            if settings is not None:
                keep(session, HELD, transaction, settings)
        return settings

    async def update(self, session: AsyncSession, body: BusinessFields, actor: Actor) -> BusinessSettings:
        settings = await self.get(session)
        before = snapshot(settings)
        for name in FIELDS:
            value = getattr(body, name)
            if value is not None or name not in KEPT_WHEN_ABSENT:
                setattr(settings, name, value if value != "" else None)
        await session.flush()
        await record_change(
            session,
            actor,
            "business.updated",
            "business_settings",
            SETTINGS_ID,
            old=before,
            new=snapshot(settings),
        )
        return settings


business_service = BusinessService()
