import { describe, expect, it } from 'vitest';
import { anchorOf, calendarQuery, step, viewOf, visibleRange } from '@/features/auctions/lib/calendar-range';

describe('calendar range', () => {
  it("shows a month as six weeks from the Monday on or before its first day (at most 62 days, the server's limit)", () => {
    expect(visibleRange('month', '2031-05-20')).toEqual({ from: '2031-04-28', to: '2031-06-08' });
    // A month starting on a Monday starts its grid on that day.
    expect(visibleRange('month', '2031-09-10')).toEqual({ from: '2031-09-01', to: '2031-10-12' });
  });

  it('shows a week from Monday to Sunday, also from a Sunday', () => {
    expect(visibleRange('week', '2031-05-01')).toEqual({ from: '2031-04-28', to: '2031-05-04' });
    expect(visibleRange('week', '2031-05-04')).toEqual({ from: '2031-04-28', to: '2031-05-04' });
  });

  it('steps by month (to its first day) or by week', () => {
    expect(step('month', '2031-01-31', 1)).toBe('2031-02-01');
    expect(step('month', '2031-01-31', -1)).toBe('2030-12-01');
    expect(step('week', '2031-05-01', 1)).toBe('2031-05-08');
  });

  it('reads view and day from the URL, ignoring what a hand-edited URL got wrong', () => {
    expect(viewOf('week')).toBe('week');
    expect(viewOf('year')).toBe('month');
    expect(anchorOf('2031-05-01')).toBe('2031-05-01');
    expect(anchorOf('2031-02-30')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(anchorOf('2031-02-30')).not.toBe('2031-02-30');
  });

  it('asks for the shown days with the filters, leaving out an unknown type', () => {
    expect(calendarQuery('week', '2031-05-01', { location: 'loc1', type: 'Live' })).toEqual({
      dateFrom: '2031-04-28',
      dateTo: '2031-05-04',
      location: 'loc1',
      auctionType: 'Live',
    });
    expect(calendarQuery('week', '2031-05-01', { type: 'Silent' })).toEqual({ dateFrom: '2031-04-28', dateTo: '2031-05-04', location: undefined, auctionType: undefined });
  });
});
