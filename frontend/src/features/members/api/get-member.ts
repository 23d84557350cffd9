import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { membersKey, type Member } from '@/features/members/api/get-members';

/** GET /api/members/{id}: one member with profile and plan, for the detail page. */
export function getMember(id: string): Promise<Member> {
  return apiRequest<Member>(`/members/${encodeURIComponent(id)}`);
}

export function memberQueryOptions(id: string) {
  return queryOptions({ queryKey: [...membersKey, 'detail', id], queryFn: () => getMember(id) });
}

export function useMember(id: string) {
  return useQuery(memberQueryOptions(id));
}
