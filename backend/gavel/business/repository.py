"""Every query of the business settings: one row, read by every document issued."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.business.models import SETTINGS_ID, BusinessSettings


async def get(session: AsyncSession) -> BusinessSettings | None:
    return await session.get(BusinessSettings, SETTINGS_ID)
