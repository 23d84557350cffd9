import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';

/**
 * GET /api/alerts/campaigns/options: what the campaign dialog needs before Send (Alerts view). The quiet hours
 * (HH:MM Dubai, Settings → Business), and per channel whether Send would be refused (ready) and the sentence why
 * (reason): SMS names its promotional sender and the opt-out texts of Settings → Business, WhatsApp its provider.
 */
export type CampaignOptions = components['schemas']['CampaignOptions'];

export function getCampaignOptions(): Promise<CampaignOptions> {
  return apiRequest<CampaignOptions>('/alerts/campaigns/options');
}

/** Read again at every opening of the dialog (no stale time): a change in Settings → Business shows at once. */
export function campaignOptionsQueryOptions() {
  return queryOptions({ queryKey: [...alertsKey, 'campaign-options'], queryFn: getCampaignOptions });
}

/** Only asked when `enabled` (a preview of an event's text needs none of it). */
export function useCampaignOptions(enabled = true) {
  return useQuery({ ...campaignOptionsQueryOptions(), enabled });
}
