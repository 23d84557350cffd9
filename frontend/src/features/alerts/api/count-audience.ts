import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';

export type AudienceQuery = components['schemas']['AudienceQuery'];
export type AudienceCount = components['schemas']['AudienceCount'];
export type Audience = components['schemas']['CampaignAudience'];

/** POST /api/alerts/campaigns/audience-count: members who match the filters, and those of them who consented on the channel. */
export function countAudience(body: AudienceQuery): Promise<AudienceCount> {
  return apiRequest<AudienceCount>('/alerts/campaigns/audience-count', { method: 'POST', body });
}

export function audienceCountQueryOptions(body: AudienceQuery | undefined) {
  return queryOptions({
    queryKey: [...alertsKey, 'audience', body],
    queryFn: () => countAudience(body!),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useAudienceCount(body: AudienceQuery | undefined) {
  return useQuery(audienceCountQueryOptions(body));
}
