import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';

export type MessageQuery = Partial<components['schemas']['MessageQuery']>;
export type MessageList = components['schemas']['MessageList'];
export type Message = components['schemas']['MessageOut'];
export type MessageStatus = components['schemas']['MessageStatus'];
export type Channel = components['schemas']['Channel'];
export type AlertEvent = components['schemas']['Event'];

/** POST /api/alerts/messages: a page of messages, newest first, with how many are in each status under the same filters. */
export function getMessages(body: MessageQuery): Promise<MessageList> {
  return apiRequest<MessageList>('/alerts/messages', { method: 'POST', body });
}

export function messagesQueryOptions(body: MessageQuery) {
  return queryOptions({ queryKey: [...alertsKey, 'messages', body], queryFn: () => getMessages(body), placeholderData: keepPreviousData });
}

export function useMessages(body: MessageQuery) {
  return useQuery(messagesQueryOptions(body));
}
