import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';

export type MessageDetail = components['schemas']['MessageDetail'];

/** GET /api/alerts/messages/{id}: the text as sent (and the email's HTML), SMS segments and the delivery timeline. */
export function getMessage(id: string): Promise<MessageDetail> {
  return apiRequest<MessageDetail>(`/alerts/messages/${encodeURIComponent(id)}`);
}

export function messageQueryOptions(id: string | undefined) {
  return queryOptions({ queryKey: [...alertsKey, 'message', id], queryFn: () => getMessage(id ?? ''), enabled: id !== undefined });
}

export function useMessage(id: string | undefined) {
  return useQuery(messageQueryOptions(id));
}
