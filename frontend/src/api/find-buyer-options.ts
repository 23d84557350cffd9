import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

type MemberList = components['schemas']['MemberList'];

export interface BuyerChoice {
  _id: string;
  name: string;
}

const nameOf = (member: MemberList['members'][number]) =>
  member.memberEntity === 'organization' && member.companyName ? member.companyName : `${member.firstName} ${member.lastName}`;

/**
 * POST /api/members/get {status: approved, memberType: buyer, search, limit 10}: approved buyers by name, phone or
 * member number, for the buyer filter of the money screens (Members view). Searched as staff type, so silent.
 */
export async function findBuyerOptions(search: string): Promise<BuyerChoice[]> {
  const answer = await apiRequest<MemberList>('/members/get', {
    method: 'POST',
    body: { status: 'approved', memberType: 'buyer', search: search.trim() || undefined, pageNo: 1, limit: 10 },
    silent: true,
  });
  return answer.members.map((member) => ({ _id: member._id, name: nameOf(member) }));
}

export function buyerOptionsQueryOptions(search: string) {
  return queryOptions({ queryKey: ['members', 'buyer-options', search.trim()], queryFn: () => findBuyerOptions(search), placeholderData: keepPreviousData });
}

export function useBuyerOptions(search: string, enabled: boolean) {
  return useQuery({ ...buyerOptionsQueryOptions(search), enabled });
}
