import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { invoicesKey } from '@/features/invoices/api/get-invoices';

export type InvoiceDetail = components['schemas']['InvoiceDetail'];
export type InvoiceLine = components['schemas']['InvoiceLineOut'];

/** GET /api/invoices/{id}: one invoice or credit note with its lines and the business it was issued by. */
export function getInvoice(id: string): Promise<InvoiceDetail> {
  return apiRequest<InvoiceDetail>(`/invoices/${encodeURIComponent(id)}`);
}

export function invoiceQueryOptions(id: string) {
  return queryOptions({ queryKey: [...invoicesKey, 'detail', id], queryFn: () => getInvoice(id) });
}

export function useInvoice(id: string | undefined) {
  return useQuery({ ...invoiceQueryOptions(id ?? ''), enabled: id !== undefined });
}
