import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';

export type CampaignQuery = Partial<components['schemas']['CampaignQuery']>;
export type CampaignList = components['schemas']['CampaignList'];
export type Campaign = components['schemas']['CampaignOut'];
export type CampaignStatus = components['schemas']['CampaignStatus'];

/** While one of them is on its way, the list refreshes this often (progress and results as they come). */
export const CAMPAIGN_REFRESH_MS = 3000;
const UNDER_WAY: readonly CampaignStatus[] = ['scheduled', 'queueing', 'sending'];

/** POST /api/alerts/campaigns/get: a page of campaigns, newest first, with their progress and results. */
export function getCampaigns(body: CampaignQuery): Promise<CampaignList> {
  return apiRequest<CampaignList>('/alerts/campaigns/get', { method: 'POST', body });
}

export function campaignsQueryOptions(body: CampaignQuery) {
  return queryOptions({
    queryKey: [...alertsKey, 'campaigns', body],
    queryFn: () => getCampaigns(body),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((campaign) => UNDER_WAY.includes(campaign.status)) ? CAMPAIGN_REFRESH_MS : false),
  });
}

export function useCampaigns(body: CampaignQuery) {
  return useQuery(campaignsQueryOptions(body));
}
