import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import type { ReportQuery } from '@/features/reports/api/get-sales-by-event';
import { reportsKey } from '@/features/reports/api/reports-key';

export type VatReport = components['schemas']['VatReport'];
export type VatByRate = components['schemas']['VatByRate'];
export type VatDocument = components['schemas']['VatDocument'];

/** POST /api/reports/vat: output VAT by rate, the VAT return's figures and a page of the documents behind them. */
export function getVatReport(body: ReportQuery): Promise<VatReport> {
  return apiRequest<VatReport>('/reports/vat', { method: 'POST', body });
}

export function vatReportQueryOptions(body: ReportQuery) {
  return queryOptions({ queryKey: [...reportsKey, 'vat', body], queryFn: () => getVatReport(body), placeholderData: keepPreviousData });
}

export function useVatReport(body: ReportQuery, enabled = true) {
  return useQuery({ ...vatReportQueryOptions(body), enabled });
}
