import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { alertsKey } from '@/features/alerts/api/alerts-key';
import { startingNow, type Campaign } from '@/features/alerts/api/get-campaigns';

/** PUT /api/alerts/campaigns/{id}/send {sendAt}: now (sendAt empty) or later; 422 at `audience` when nobody consenting matches. */
export function sendCampaign({ id, sendAt }: { id: string; sendAt: string | null }): Promise<Campaign> {
  return apiRequest<Campaign>(`/alerts/campaigns/${encodeURIComponent(id)}/send`, { method: 'PUT', body: { sendAt } });
}

export function useSendCampaignMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCampaign,
    onSuccess: (campaign, { sendAt }) => {
      if (!sendAt) startingNow(campaign);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
