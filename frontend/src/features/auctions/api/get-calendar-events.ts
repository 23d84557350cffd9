import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { auctionsKey } from '@/features/auctions/api/get-auctions';

export type CalendarQuery = components['schemas']['CalendarQuery'];
export type CalendarEvent = components['schemas']['CalendarEvent'];
type CalendarEvents = components['schemas']['CalendarEvents'];

/**
 * POST /api/auction-event/calendar {dateFrom, dateTo, location?, auctionType?}: every event starting on those
 * Dubai days (at most 62 at once), guarded by Calender view.
 */
export function getCalendarEvents(body: CalendarQuery): Promise<CalendarEvent[]> {
  return apiRequest<CalendarEvents>('/auction-event/calendar', { method: 'POST', body }).then((answer) => answer.data);
}

export function calendarEventsQueryOptions(body: CalendarQuery) {
  return queryOptions({ queryKey: [...auctionsKey, 'calendar', body], queryFn: () => getCalendarEvents(body), placeholderData: keepPreviousData });
}

export function useCalendarEvents(body: CalendarQuery) {
  return useQuery(calendarEventsQueryOptions(body));
}
