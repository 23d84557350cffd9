import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';
import { startingNow, type Campaign } from '@/features/alerts/api/get-campaigns';

export type CampaignSendNew = components['schemas']['CampaignSendNew'];

/**
 * POST /api/alerts/campaigns/send: a new campaign written and sent in one step. A refusal (422 at `audience` when
 * nobody consenting matches, at `sendAt` for a time passed) leaves nothing behind; a second request with the same
 * requestKey answers 409 and creates nothing.
 */
export function createAndSendCampaign(body: CampaignSendNew): Promise<Campaign> {
  return apiRequest<Campaign>('/alerts/campaigns/send', { method: 'POST', body });
}

export function useCreateAndSendCampaignMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAndSendCampaign,
    onSuccess: (campaign, body) => {
      if (!body.sendAt) startingNow(campaign);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
