import dayjs from 'dayjs';
import { splitDayRange } from '@/components/date-range-filter';
import { APP_TIME_ZONE } from '@/lib/dates';

/** The reports' tabs, in order; the first is the default and leaves `?tab` out of the URL. */
export const REPORT_TABS = ['sales', 'receivables', 'payouts', 'vat'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** The API's name of each tab's report (the export's path). */
export const REPORT_NAMES = { sales: 'sales-by-event', receivables: 'receivables', payouts: 'payouts', vat: 'vat' } as const;

export interface Period {
  dateFrom: string;
  dateTo: string;
}

/** The Dubai calendar month so far: what a report shows before a period is chosen. */
export function thisMonth(now = dayjs()): Period {
  const today = now.tz(APP_TIME_ZONE);
  return { dateFrom: today.startOf('month').format('YYYY-MM-DD'), dateTo: today.format('YYYY-MM-DD') };
}

/**
 * The period of the URL's `dates` (YYYY-MM-DD..YYYY-MM-DD); an open or unreadable end takes this month's. Days in the
 * wrong order are kept as they are: the server answers with the sentence to show.
 */
export function periodOf(dates: string | undefined, now = dayjs()): Period {
  const { from, to } = splitDayRange(dates);
  const month = thisMonth(now);
  return { dateFrom: from ?? month.dateFrom, dateTo: to ?? month.dateTo };
}

export function isReportTab(value: string): value is ReportTab {
  return (REPORT_TABS as readonly string[]).includes(value);
}
