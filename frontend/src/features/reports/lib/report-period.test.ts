import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { isReportTab, periodOf, thisMonth } from '@/features/reports/lib/report-period';

// 20:30 UTC on 31 May 2031 is already 1 June in Dubai.
const LATE_EVENING = dayjs.utc('2031-05-31T20:30:00Z');

describe('report period', () => {
  it('starts as the Dubai month so far', () => {
    expect(thisMonth(LATE_EVENING)).toEqual({ dateFrom: '2031-06-01', dateTo: '2031-06-01' });
    expect(periodOf(undefined, LATE_EVENING)).toEqual({ dateFrom: '2031-06-01', dateTo: '2031-06-01' });
  });

  it('reads the URL days and fills an open end with the month', () => {
    expect(periodOf('2031-01-01..2031-12-31', LATE_EVENING)).toEqual({ dateFrom: '2031-01-01', dateTo: '2031-12-31' });
    expect(periodOf('2031-01-01..', LATE_EVENING)).toEqual({ dateFrom: '2031-01-01', dateTo: '2031-06-01' });
    expect(periodOf('..2031-06-30', LATE_EVENING)).toEqual({ dateFrom: '2031-06-01', dateTo: '2031-06-30' });
    expect(periodOf('yesterday..', LATE_EVENING)).toEqual({ dateFrom: '2031-06-01', dateTo: '2031-06-01' });
  });

  it('knows its tabs', () => {
    expect(isReportTab('vat')).toBe(true);
    expect(isReportTab('profit')).toBe(false);
  });
});
