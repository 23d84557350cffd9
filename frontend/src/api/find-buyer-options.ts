import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

type MemberList = components['schemas']['MemberList'];
type MemberType = components['schemas']['MemberType'];

export interface BuyerChoice {
  _id: string;
  name: string;
}

/** Which approved members a money filter offers: buyers (invoices, payments in) or anyone (payees of money out). */
export type MemberChoiceType = MemberType | 'any';

const nameOf = (member: MemberList['members'][number]) =>
  member.memberEntity === 'organization' && member.companyName ? member.companyName : `${member.firstName} ${member.lastName}`;

/**
 * POST /api/members/get {status: approved, memberType: buyer, search, limit 10}: approved buyers (or, with
 * `memberType` 'any', approved members of every type) by name, phone or member number, for the member filter of
 * the money screens (Members view). Searched as staff type, so silent.
 */
export async function findBuyerOptions(search: string, memberType: MemberChoiceType = 'buyer'): Promise<BuyerChoice[]> {
  const answer = await apiRequest<MemberList>('/members/get', {
    method: 'POST',
    body: { status: 'approved', memberType: memberType === 'any' ? undefined : memberType, search: search.trim() || undefined, pageNo: 1, limit: 10 },
    silent: true,
  });
  return answer.members.map((member) => ({ _id: member._id, name: nameOf(member) }));
}

export function buyerOptionsQueryOptions(search: string, memberType: MemberChoiceType = 'buyer') {
  return queryOptions({
    queryKey: ['members', memberType === 'buyer' ? 'buyer-options' : `${memberType}-options`, search.trim()],
    queryFn: () => findBuyerOptions(search, memberType),
    placeholderData: keepPreviousData,
  });
}

export function useBuyerOptions(search: string, enabled: boolean, memberType: MemberChoiceType = 'buyer') {
  return useQuery({ ...buyerOptionsQueryOptions(search, memberType), enabled });
}
