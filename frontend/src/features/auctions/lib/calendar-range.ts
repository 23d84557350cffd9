import dayjs from 'dayjs';
import type { AuctionType } from '@/features/auctions/api/get-auctions';
import type { CalendarQuery } from '@/features/auctions/api/get-calendar-events';
import { dubaiToday } from '@/features/auctions/lib/auction-dates';
import { typeOf } from '@/features/auctions/lib/auction-filters';

/** What the calendar keeps in the URL (?view=week&date=2031-05-01&location=<id>&type=Live). */
export type CalendarParam = 'view' | 'date' | 'location' | 'type';
export const CALENDAR_PARAMS: readonly CalendarParam[] = ['view', 'date', 'location', 'type'];

export type CalendarView = 'month' | 'week';

const DAY = 'YYYY-MM-DD';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A month shows six whole weeks, Monday first (the UAE's working week starts on Monday). */
const MONTH_DAYS = 42;

export function viewOf(value: string | undefined): CalendarView {
  return value === 'week' ? 'week' : 'month';
}

/** The day the calendar shows (a Dubai calendar day): the URL's, else today. */
export function anchorOf(value: string | undefined): string {
  return value && ISO_DAY.test(value) && dayjs(value).format(DAY) === value ? value : dubaiToday();
}

/** The Monday on or before a day. */
function mondayOf(day: string) {
  const date = dayjs(day);
  return date.subtract((date.day() + 6) % 7, 'day');
}

/** The Dubai days a view shows around its anchor: the month's six weeks, or the week from Monday to Sunday. */
export function visibleRange(view: CalendarView, anchor: string): { from: string; to: string } {
  const start = view === 'month' ? mondayOf(dayjs(anchor).startOf('month').format(DAY)) : mondayOf(anchor);
  const days = view === 'month' ? MONTH_DAYS : 7;
  return { from: start.format(DAY), to: start.add(days - 1, 'day').format(DAY) };
}

/** The anchor one month or one week before (-1) or after (1). */
export function step(view: CalendarView, anchor: string, direction: -1 | 1): string {
  const date = dayjs(anchor);
  return view === 'month' ? date.startOf('month').add(direction, 'month').format(DAY) : date.add(direction * 7, 'day').format(DAY);
}

/** The calendar body of the shown range and filters. */
export function calendarQuery(view: CalendarView, anchor: string, filters: { location?: string; type?: string }): CalendarQuery {
  const { from, to } = visibleRange(view, anchor);
  const auctionType: AuctionType | undefined = typeOf(filters.type);
  return { dateFrom: from, dateTo: to, location: filters.location || undefined, auctionType };
}
