import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

export type InvoiceSummary = components['schemas']['InvoiceOut'];

/**
 * POST /api/invoices/get {payable: true, search, limit 10}: what a payment can be recorded against (sale, deposit and
 * penalty invoices with something open, by the server's one rule), by number, buyer, lot or VIN, for the record
 * payment dialog's picker. Searched as staff type, so it leaves the busy indicator alone.
 */
export async function findPayableInvoices(search: string): Promise<InvoiceSummary[]> {
  const answer = await apiRequest<components['schemas']['InvoiceList']>('/invoices/get', {
    method: 'POST',
    body: { payable: true, search: search.trim() || undefined, pageNo: 1, limit: 10 },
    silent: true,
  });
  return answer.data;
}

export function payableInvoicesQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...moneyKey, 'payable-invoices', search.trim()],
    queryFn: () => findPayableInvoices(search),
    placeholderData: keepPreviousData,
  });
}

export function usePayableInvoices(search: string, enabled: boolean) {
  return useQuery({ ...payableInvoicesQueryOptions(search), enabled });
}
