import type { components } from '@/api/schema';

export type PeriodName = components['schemas']['PeriodName'];
export type ChartPeriod = { period: PeriodName } | { from: string; to: string };

export const PERIOD_NAMES: readonly PeriodName[] = ['week', 'month', 'quarter', 'year'];
export const DEFAULT_PERIOD: PeriodName = 'month';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isPeriodName(value: string | null): value is PeriodName {
  return PERIOD_NAMES.some((name) => name === value);
}

/** The period in the URL: `?from=YYYY-MM-DD&to=YYYY-MM-DD`, else `?period=week|month|quarter|year`, else this month. */
export function periodFromSearch(params: URLSearchParams): ChartPeriod {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && DAY.test(from) && DAY.test(to) && from <= to) return { from, to };
  const period = params.get('period');
  return { period: isPeriodName(period) ? period : DEFAULT_PERIOD };
}

/** The query string a chart call sends for a period. */
export function periodQuery(period: ChartPeriod): string {
  return new URLSearchParams('period' in period ? { period: period.period } : { from: period.from, to: period.to }).toString();
}

/** The URL's parameters with the period replaced (other parameters kept). */
export function withPeriod(current: URLSearchParams, period: ChartPeriod): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['period', 'from', 'to']) next.delete(key);
  if ('period' in period) {
    if (period.period !== DEFAULT_PERIOD) next.set('period', period.period);
  } else {
    next.set('from', period.from);
    next.set('to', period.to);
  }
  return next;
}
