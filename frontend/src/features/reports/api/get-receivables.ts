import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import type { ReportQuery } from '@/features/reports/api/get-sales-by-event';
import { reportsKey } from '@/features/reports/api/reports-key';

export type ReceivablesReport = components['schemas']['ReceivablesReport'];
export type Receivable = components['schemas']['Receivable'];
export type AgeingBucket = components['schemas']['AgeingBucket'];

/** POST /api/reports/receivables: a page of the period's open invoices, the longest overdue first, and the totals by age. */
export function getReceivables(body: ReportQuery): Promise<ReceivablesReport> {
  return apiRequest<ReceivablesReport>('/reports/receivables', { method: 'POST', body });
}

export function receivablesQueryOptions(body: ReportQuery) {
  return queryOptions({ queryKey: [...reportsKey, 'receivables', body], queryFn: () => getReceivables(body), placeholderData: keepPreviousData });
}

export function useReceivables(body: ReportQuery, enabled = true) {
  return useQuery({ ...receivablesQueryOptions(body), enabled });
}
