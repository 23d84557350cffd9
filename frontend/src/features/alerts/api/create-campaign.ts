import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';
import type { Campaign } from '@/features/alerts/api/get-campaigns';

/** A campaign's channel, name, texts and audience, as a draft is written (PUT /api/alerts/campaigns/{id}) and a new one sent. */
export type CampaignIn = components['schemas']['CampaignIn'];

/** POST /api/alerts/campaigns: a draft, written without sending (sent later from the list, 'Finish and send'). */
export function createCampaign(body: CampaignIn): Promise<Campaign> {
  return apiRequest<Campaign>('/alerts/campaigns', { method: 'POST', body });
}

export function useCreateCampaignMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCampaign, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...alertsKey, 'campaigns'] }) });
}
