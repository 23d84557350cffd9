import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { membersKey } from '@/features/members/api/get-members';

/**
 * One line of a member's auction history: a run of one of their vehicles (`role` seller, any result) or a
 * vehicle they bought (`role` buyer, always sold), with auction, event, sale day, lane, run, outcome and price.
 */
export type MemberAuctionRun = components['schemas']['HistoryEntry'];
type AuctionHistory = components['schemas']['AuctionHistory'];

/** GET /api/members/{id}/auction-history: the member's runs as seller and purchases as buyer, newest event first. */
export function getMemberAuctionHistory(memberId: string): Promise<AuctionHistory> {
  return apiRequest<AuctionHistory>(`/members/${encodeURIComponent(memberId)}/auction-history`);
}

export function memberAuctionHistoryQueryOptions(memberId: string) {
  return queryOptions({ queryKey: [...membersKey, 'auction-history', memberId], queryFn: () => getMemberAuctionHistory(memberId) });
}

export function useMemberAuctionHistory(memberId: string) {
  return useQuery(memberAuctionHistoryQueryOptions(memberId));
}
