import { describe, expect, it } from 'vitest';
import { periodFromSearch, periodQuery, withPeriod } from './chart-period';

describe('the period in the URL', () => {
  it('reads dates before a named period, and this month when nothing usable is there', () => {
    expect(periodFromSearch(new URLSearchParams('from=2031-05-01&to=2031-05-31&period=year'))).toEqual({ from: '2031-05-01', to: '2031-05-31' });
    expect(periodFromSearch(new URLSearchParams('period=quarter'))).toEqual({ period: 'quarter' });
    expect(periodFromSearch(new URLSearchParams('period=decade'))).toEqual({ period: 'month' });
    expect(periodFromSearch(new URLSearchParams('from=2031-06-01&to=2031-05-01'))).toEqual({ period: 'month' });
    expect(periodFromSearch(new URLSearchParams('from=2031-06-01'))).toEqual({ period: 'month' });
  });

  it('writes the period and keeps the other parameters', () => {
    const next = withPeriod(new URLSearchParams('tab=x&period=year'), { from: '2031-01-01', to: '2031-01-31' });
    expect(next.toString()).toBe('tab=x&from=2031-01-01&to=2031-01-31');
    expect(withPeriod(next, { period: 'month' }).toString()).toBe('tab=x');
    expect(withPeriod(next, { period: 'week' }).toString()).toBe('tab=x&period=week');
  });

  it('sends the period as the chart calls expect it', () => {
    expect(periodQuery({ period: 'year' })).toBe('period=year');
    expect(periodQuery({ from: '2031-01-01', to: '2031-01-31' })).toBe('from=2031-01-01&to=2031-01-31');
  });
});
