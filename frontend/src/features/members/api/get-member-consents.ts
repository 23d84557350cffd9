import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { membersKey } from '@/features/members/api/get-members';

/** One consent or withdrawal: when, on which channel, how, the wording agreed to and who recorded it. */
export type ConsentRecord = components['schemas']['ConsentOut'];
export type ConsentRecords = components['schemas']['ConsentList'];

/** GET /api/members/{id}/consents (Members view): every record of the member, newest first. */
export function getMemberConsents(memberId: string): Promise<ConsentRecords> {
  return apiRequest<ConsentRecords>(`/members/${encodeURIComponent(memberId)}/consents`);
}

/** Under the members key: whatever refreshes the member (a record saved here, a STOP reply) refreshes its records. */
export function memberConsentsQueryOptions(memberId: string) {
  return queryOptions({ queryKey: [...membersKey, 'consents', memberId], queryFn: () => getMemberConsents(memberId) });
}

export function useMemberConsents(memberId: string) {
  return useQuery(memberConsentsQueryOptions(memberId));
}
