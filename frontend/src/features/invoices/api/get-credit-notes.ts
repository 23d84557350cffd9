import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { invoicesKey, type Invoice, type InvoiceList } from '@/features/invoices/api/get-invoices';

/**
 * POST /api/invoices/get {kind: creditNote, vehicleId}: the credit notes of an invoice's vehicle, of which those
 * cancelling this invoice (creditFor) are its own. A vehicle has few documents: one page of 100 holds them all.
 */
export async function getCreditNotes(invoiceId: string, vehicleId: string): Promise<Invoice[]> {
  const answer = await apiRequest<InvoiceList>('/invoices/get', {
    method: 'POST',
    body: { kind: 'creditNote', vehicleId, pageNo: 1, limit: 100 },
  });
  return answer.data.filter((note) => note.creditFor === invoiceId);
}

export function creditNotesQueryOptions(invoiceId: string, vehicleId: string) {
  return queryOptions({ queryKey: [...invoicesKey, 'credit-notes', invoiceId, vehicleId], queryFn: () => getCreditNotes(invoiceId, vehicleId) });
}

export function useCreditNotes(invoiceId: string | undefined, vehicleId: string | undefined) {
  return useQuery({ ...creditNotesQueryOptions(invoiceId ?? '', vehicleId ?? ''), enabled: invoiceId !== undefined && vehicleId !== undefined });
}
