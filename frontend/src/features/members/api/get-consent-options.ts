import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

/** A channel promotions go out on; a member consents (or not) to each on its own. */
export type PromoChannel = components['schemas']['PromoChannel'];
/** How a consent or a withdrawal was given. */
export type ConsentMethod = components['schemas']['ConsentMethod'];
/** A method staff may choose, and for which direction (consent is never taken by phone or SMS). */
export type ConsentMethodOption = components['schemas']['ConsentMethodOption'];
/** The methods staff may choose and the default wording a member agrees to, per channel (English). */
export type ConsentOptions = components['schemas']['ConsentOptions'];

/** GET /api/members/consent-options (Members view): the methods staff may choose and each channel's default wording. */
export function getConsentOptions(): Promise<ConsentOptions> {
  return apiRequest<ConsentOptions>('/members/consent-options');
}

/** They change with a release, not with the data: kept for the session (outside the members key, which every member change refreshes). */
export function consentOptionsQueryOptions() {
  return queryOptions({ queryKey: ['member-consent-options'], queryFn: getConsentOptions, staleTime: Infinity });
}

export function useConsentOptions(enabled = true) {
  return useQuery({ ...consentOptionsQueryOptions(), enabled });
}
