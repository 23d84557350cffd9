import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import type { ReportQuery } from '@/features/reports/api/get-sales-by-event';
import { reportsKey } from '@/features/reports/api/reports-key';

export type PayoutsReport = components['schemas']['PayoutsReport'];
export type PayoutRow = components['schemas']['PayoutRow'];

/** POST /api/reports/payouts: a page of the period's payouts and refunds, oldest first, and the totals per kind and status. */
export function getPayoutsReport(body: ReportQuery): Promise<PayoutsReport> {
  return apiRequest<PayoutsReport>('/reports/payouts', { method: 'POST', body });
}

export function payoutsReportQueryOptions(body: ReportQuery) {
  return queryOptions({ queryKey: [...reportsKey, 'payouts', body], queryFn: () => getPayoutsReport(body), placeholderData: keepPreviousData });
}

export function usePayoutsReport(body: ReportQuery, enabled = true) {
  return useQuery({ ...payoutsReportQueryOptions(body), enabled });
}
