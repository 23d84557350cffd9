import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type Seller = components['schemas']['MemberOut'];
type MemberList = components['schemas']['MemberList'];
type MemberQuery = components['schemas']['MemberQuery'];

/** Approved members who sell, matching a search (POST /api/members/get), for the seller pickers. */
export async function getSellers(search: string): Promise<Seller[]> {
  const body: MemberQuery = { pageNo: 1, limit: 20, status: 'approved', memberType: 'seller', search: search.trim() || undefined, sortBy: 'firstName', sortOrder: 'asc' };
  const answer = await apiRequest<MemberList>('/members/get', { method: 'POST', body, silent: true });
  return answer.members;
}

export function sellersQueryOptions(search: string) {
  return queryOptions({ queryKey: ['vehicles', 'sellers', search], queryFn: () => getSellers(search), placeholderData: keepPreviousData, staleTime: 30_000 });
}

export function useSellers(search: string) {
  return useQuery(sellersQueryOptions(search));
}
