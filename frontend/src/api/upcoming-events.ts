import { queryOptions, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { APP_TIME_ZONE } from '@/lib/dates';

export type UpcomingEvent = components['schemas']['CalendarEvent'];
type CalendarEvents = components['schemas']['CalendarEvents'];

/** The calendar's longest reach (62 Dubai days at once): the events staff take absentee bids for. */
export const UPCOMING_DAYS = 62;

/**
 * POST /api/auction-event/calendar {dateFrom: today, dateTo: today + 61} (Dubai days): the events starting from today
 * on, not yet completed, soonest first.
 */
export async function getUpcomingEvents(today: string): Promise<UpcomingEvent[]> {
  const dateTo = dayjs(today).add(UPCOMING_DAYS - 1, 'day').format('YYYY-MM-DD');
  const answer = await apiRequest<CalendarEvents>('/auction-event/calendar', { method: 'POST', body: { dateFrom: today, dateTo } });
  return answer.data.filter((event) => event.auctionEventStatus !== 'completed').sort((a, b) => a.startDate.localeCompare(b.startDate));
}

export function useUpcomingEvents(enabled: boolean) {
  const today = dayjs().tz(APP_TIME_ZONE).format('YYYY-MM-DD');
  return useQuery({ ...queryOptions({ queryKey: ['auctions', 'upcoming-events', today], queryFn: () => getUpcomingEvents(today) }), enabled });
}
