import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

export type LedgerQuery = components['schemas']['LedgerQuery'];
export type LedgerPage = components['schemas']['LedgerPage'];
export type LedgerEntry = components['schemas']['LedgerEntryOut'];
export type LedgerKind = components['schemas']['LedgerKind'];

/**
 * POST /api/members/{id}/ledger {kind, dateFrom, dateTo, pageNo, limit}: a page of the member's ledger, newest
 * first, each entry with the running balances, and the balances now (Payments view).
 */
export function getMemberLedger(memberId: string, body: LedgerQuery): Promise<LedgerPage> {
  return apiRequest<LedgerPage>(`/members/${encodeURIComponent(memberId)}/ledger`, { method: 'POST', body });
}

/** Under the money key: every movement of money writes an entry. */
export function memberLedgerQueryOptions(memberId: string, body: LedgerQuery) {
  return queryOptions({
    queryKey: [...moneyKey, 'member-ledger', memberId, body],
    queryFn: () => getMemberLedger(memberId, body),
    placeholderData: keepPreviousData,
  });
}

/** `enabled` false for a role that may not view payments (the server would answer 403). */
export function useMemberLedger(memberId: string, body: LedgerQuery, enabled: boolean) {
  return useQuery({ ...memberLedgerQueryOptions(memberId, body), enabled });
}
