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
/** While one waits for its send time (and none is on its way), this often: it starts within this of its time. */
export const SCHEDULED_REFRESH_MS = 30_000;
const UNDER_WAY: readonly CampaignStatus[] = ['queueing', 'sending'];

/**
 * Campaigns sent now from this screen: the server answers before it starts queueing them, so a list read at once can
 * still say 'scheduled'. Until they leave it they count as on their way (refreshed every few seconds, not every 30).
 */
const sentNow = new Set<string>();

/** Called when Send now was answered: the campaign is about to start. */
export function startingNow(campaign: Campaign): void {
  if (campaign.status === 'scheduled') sentNow.add(campaign._id);
}

function underWay(campaign: Campaign): boolean {
  if (campaign.status !== 'scheduled') sentNow.delete(campaign._id);
  return UNDER_WAY.includes(campaign.status) || sentNow.has(campaign._id);
}

function refreshEvery(list: readonly Campaign[]): number | false {
  if (list.filter(underWay).length > 0) return CAMPAIGN_REFRESH_MS;
  return list.some((campaign) => campaign.status === 'scheduled') ? SCHEDULED_REFRESH_MS : false;
}

/** POST /api/alerts/campaigns/get: a page of campaigns, newest first, with their progress and results. */
export function getCampaigns(body: CampaignQuery): Promise<CampaignList> {
  return apiRequest<CampaignList>('/alerts/campaigns/get', { method: 'POST', body });
}

export function campaignsQueryOptions(body: CampaignQuery) {
  return queryOptions({
    queryKey: [...alertsKey, 'campaigns', body],
    queryFn: () => getCampaigns(body),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshEvery(query.state.data?.data ?? []),
  });
}

export function useCampaigns(body: CampaignQuery) {
  return useQuery(campaignsQueryOptions(body));
}
