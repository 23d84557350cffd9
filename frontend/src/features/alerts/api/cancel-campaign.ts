import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';

export type CampaignCancelled = components['schemas']['CampaignCancelled'];

/** PUT /api/alerts/campaigns/{id}/cancel: its messages still queued are cancelled (409 once it is done). */
export function cancelCampaign(id: string): Promise<CampaignCancelled> {
  return apiRequest<CampaignCancelled>(`/alerts/campaigns/${encodeURIComponent(id)}/cancel`, { method: 'PUT' });
}

export function useCancelCampaignMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelCampaign, onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKey }) });
}
