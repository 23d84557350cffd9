import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { alertsKey } from '@/features/alerts/api/alerts-key';
import type { MessagesChanged } from '@/features/alerts/api/retry-messages';

/** PUT /api/alerts/messages/cancel {ids}: queued or failed messages are not sent; all or nothing (409 naming the others). */
export function cancelMessages(ids: string[]): Promise<MessagesChanged> {
  return apiRequest<MessagesChanged>('/alerts/messages/cancel', { method: 'PUT', body: { ids } });
}

export function useCancelMessagesMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelMessages, onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKey }) });
}
