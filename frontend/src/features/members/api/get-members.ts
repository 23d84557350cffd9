import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type MemberQuery = Partial<components['schemas']['MemberQuery']>;
export type MemberList = components['schemas']['MemberList'];
/** The counts every member answer carries (SPEC.md's spelling: totalOrginization). */
export type MemberCounts = Omit<MemberList, 'members' | 'totalPages' | 'currentPage' | 'totalMatching'>;
export type Member = components['schemas']['MemberOut'];
export type MemberStatus = components['schemas']['MemberStatus'];

/** Every query of this feature starts with this key; mutations invalidate it (lists, counts and details). */
export const membersKey = ['members'] as const;

/** POST /api/members/get: one list (status omitted for the inActive list), a page of it and every count. */
export function getMembers(body: MemberQuery): Promise<MemberList> {
  return apiRequest<MemberList>('/members/get', { method: 'POST', body });
}

export function membersQueryOptions(body: MemberQuery) {
  return queryOptions({ queryKey: [...membersKey, 'list', body], queryFn: () => getMembers(body), placeholderData: keepPreviousData });
}

export function useMembers(body: MemberQuery) {
  return useQuery(membersQueryOptions(body));
}
