import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';

export type MessagesChanged = components['schemas']['MessagesChanged'];

/** PUT /api/alerts/messages/retry {ids}: failed or cancelled messages queued again; all or nothing (409 naming the others). */
export function retryMessages(ids: string[]): Promise<MessagesChanged> {
  return apiRequest<MessagesChanged>('/alerts/messages/retry', { method: 'PUT', body: { ids } });
}

export function useRetryMessagesMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryMessages, onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKey }) });
}
