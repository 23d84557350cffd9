"""Reading the audit trail: pages with the actions in words, and the CSV export streamed in batches."""

from collections.abc import AsyncIterator

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.core.paging import total_pages
from gavel.trail import export, repository
from gavel.trail.presenter import present_all
from gavel.trail.schemas import AuditActionOption, AuditEventList, AuditFilters, AuditQuery, AuditStaffOption
from gavel.trail.search import resolve
from gavel.trail.words import KNOWN_ACTIONS, action_label


class AuditService:
    async def list_events(self, session: AsyncSession, query: AuditQuery) -> AuditEventList:
        found = await resolve(session, query.search)
        rows, total = await repository.page(session, query, found)
        capped = total > repository.COUNT_LIMIT
        counted = min(total, repository.COUNT_LIMIT)
        return AuditEventList(
            data=await present_all(session, rows),
            total=counted,
            total_is_capped=capped,
            count_limit=repository.COUNT_LIMIT,
            total_pages=total_pages(counted, query.limit),
            current_page=query.page_no,
        )

    async def csv_lines(
        self, maker: async_sessionmaker[AsyncSession], filters: AuditFilters
    ) -> AsyncIterator[str]:
        """The CSV of every matching event, a batch at a time, read in a session of its own: the response
        streams after the request's session has ended. The first chunk is the header with the first batch,
        so that a caller that awaits it before answering (the router) meets a failing database while it can
        still answer 503."""
        async with maker() as session:
            with_header = True
            found = await resolve(session, filters.search)
            async for batch in repository.stream(session, filters, found):
                yield export.lines(await present_all(session, batch), with_header=with_header)
                with_header = False
            if with_header:
                yield export.lines([])

    @staticmethod
    def actions() -> list[AuditActionOption]:
        return [AuditActionOption(value=a, label=action_label(a)) for a in KNOWN_ACTIONS]

    @staticmethod
    async def staff(session: AsyncSession) -> list[AuditStaffOption]:
        return [
            AuditStaffOption(id=u.id, full_name=u.full_name, email=u.email)
            for u in await repository.staff(session)
        ]


audit_service = AuditService()
