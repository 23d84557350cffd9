import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

export type InvoiceQuery = Partial<components['schemas']['InvoiceQuery']>;
export type InvoiceList = components['schemas']['InvoiceList'];
export type Invoice = components['schemas']['InvoiceOut'];

/** Every invoice query starts with this key (under the money key that every money change invalidates). */
export const invoicesKey = [...moneyKey, 'invoices'] as const;

/** POST /api/invoices/get: a page of invoices and credit notes, newest first, with the count and AED total per state. */
export function getInvoices(body: InvoiceQuery): Promise<InvoiceList> {
  return apiRequest<InvoiceList>('/invoices/get', { method: 'POST', body });
}

export function invoicesQueryOptions(body: InvoiceQuery) {
  return queryOptions({ queryKey: [...invoicesKey, 'list', body], queryFn: () => getInvoices(body), placeholderData: keepPreviousData });
}

export function useInvoices(body: InvoiceQuery) {
  return useQuery(invoicesQueryOptions(body));
}
