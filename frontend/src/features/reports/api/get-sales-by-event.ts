import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { reportsKey } from '@/features/reports/api/reports-key';

export type ReportQuery = components['schemas']['ReportQuery'];
export type SalesReport = components['schemas']['SalesReport'];
export type EventSales = components['schemas']['EventSales'];

/** POST /api/reports/sales-by-event: a page of the period's events with lots run, sold, no sale, hammer, fees and VAT. */
export function getSalesByEvent(body: ReportQuery): Promise<SalesReport> {
  return apiRequest<SalesReport>('/reports/sales-by-event', { method: 'POST', body });
}

export function salesByEventQueryOptions(body: ReportQuery) {
  return queryOptions({ queryKey: [...reportsKey, 'sales-by-event', body], queryFn: () => getSalesByEvent(body), placeholderData: keepPreviousData });
}

export function useSalesByEvent(body: ReportQuery, enabled = true) {
  return useQuery({ ...salesByEventQueryOptions(body), enabled });
}
