import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { periodFromSearch, withPeriod, type ChartPeriod } from './chart-period';

/** The charts' period, kept in the URL so that a reload or a shared link shows the same period. */
export function useChartPeriod(): [ChartPeriod, (period: ChartPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the parameters
  const period = useMemo(() => periodFromSearch(params), [key]);
  const setPeriod = useCallback((next: ChartPeriod) => setParams((current) => withPeriod(current, next), { replace: true }), [setParams]);
  return [period, setPeriod];
}
