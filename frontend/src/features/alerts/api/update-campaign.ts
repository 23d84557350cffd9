import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { alertsKey } from '@/features/alerts/api/alerts-key';
import type { CampaignIn } from '@/features/alerts/api/create-campaign';
import type { Campaign } from '@/features/alerts/api/get-campaigns';

/** PUT /api/alerts/campaigns/{id}: a draft's texts and audience (409 once it was sent). */
export function updateCampaign({ id, body }: { id: string; body: CampaignIn }): Promise<Campaign> {
  return apiRequest<Campaign>(`/alerts/campaigns/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateCampaignMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCampaign, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...alertsKey, 'campaigns'] }) });
}
