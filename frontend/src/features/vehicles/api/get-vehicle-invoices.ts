import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

/** An invoice or a credit note as POST /api/invoices/get answers it (amounts of credit notes are negative). */
export type VehicleInvoice = components['schemas']['InvoiceOut'];
type InvoiceList = components['schemas']['InvoiceList'];

/** A vehicle has a handful of documents at most (an invoice, and per corrected result a credit note and a new one). */
const DOCUMENTS_LIMIT = 100;

/** POST /api/invoices/get {vehicleId}: the vehicle's invoices and credit notes, newest first. */
export async function getVehicleInvoices(vehicleId: string): Promise<VehicleInvoice[]> {
  const answer = await apiRequest<InvoiceList>('/invoices/get', { method: 'POST', body: { vehicleId, pageNo: 1, limit: DOCUMENTS_LIMIT } });
  return answer.data;
}

/** Under the money key: every change of money (a payment recorded or verified, an invoice voided) refreshes it. */
export function vehicleInvoicesQueryOptions(vehicleId: string) {
  return queryOptions({ queryKey: [...moneyKey, 'vehicle-invoices', vehicleId], queryFn: () => getVehicleInvoices(vehicleId) });
}

/** The vehicle's documents; `enabled` false for a role that may not view payments (the server would answer 403). */
export function useVehicleInvoices(vehicleId: string, enabled = true) {
  return useQuery({ ...vehicleInvoicesQueryOptions(vehicleId), enabled });
}

/** The invoice that counts now: the newest one not cancelled (a vehicle has at most one at a time). */
export function currentInvoice(documents: readonly VehicleInvoice[] | undefined): VehicleInvoice | undefined {
  return documents?.find((document) => document.kind === 'invoice' && document.status !== 'cancelled');
}
