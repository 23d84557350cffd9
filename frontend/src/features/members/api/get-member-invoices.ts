import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

/** An invoice or credit note of the member, with its vehicle and figures (credit notes negative). */
export type MemberInvoice = components['schemas']['InvoiceOut'];
export type MemberInvoiceList = components['schemas']['InvoiceList'];

/** POST /api/invoices/get {memberId}: one page of the member's invoices and credit notes, newest first. */
export function getMemberInvoices(memberId: string, pageNo: number, limit: number): Promise<MemberInvoiceList> {
  return apiRequest<MemberInvoiceList>('/invoices/get', { method: 'POST', body: { memberId, pageNo, limit } });
}

/** Under the money key: every change of money (a payment recorded or verified, an invoice voided) refreshes it. */
export function memberInvoicesQueryOptions(memberId: string, pageNo: number, limit: number) {
  return queryOptions({
    queryKey: [...moneyKey, 'member-invoices', memberId, pageNo, limit],
    queryFn: () => getMemberInvoices(memberId, pageNo, limit),
    placeholderData: keepPreviousData,
  });
}

/** `enabled` false for a role that may not view payments (the server would answer 403). */
export function useMemberInvoices(memberId: string, pageNo: number, limit: number, enabled: boolean) {
  return useQuery({ ...memberInvoicesQueryOptions(memberId, pageNo, limit), enabled });
}
