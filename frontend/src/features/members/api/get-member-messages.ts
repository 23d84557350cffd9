import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type MemberMessage = components['schemas']['MessageOut'];
export type MemberMessageList = components['schemas']['MessageList'];

/** POST /api/alerts/messages {memberId}: one page of the messages sent to the member on every channel, newest first. */
export function getMemberMessages(memberId: string, pageNo: number, limit: number): Promise<MemberMessageList> {
  return apiRequest<MemberMessageList>('/alerts/messages', { method: 'POST', body: { memberId, pageNo, limit } });
}

/** Under ['alerts'], so that a retry or a cancel on a channel screen refreshes it too. */
export function memberMessagesQueryOptions(memberId: string, pageNo: number, limit: number) {
  return queryOptions({
    queryKey: ['alerts', 'member-messages', memberId, pageNo, limit],
    queryFn: () => getMemberMessages(memberId, pageNo, limit),
    placeholderData: keepPreviousData,
  });
}

export function useMemberMessages(memberId: string, pageNo: number, limit: number) {
  return useQuery(memberMessagesQueryOptions(memberId, pageNo, limit));
}
